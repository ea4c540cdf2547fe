/**
 * The trace of one release: rebuild the `from` schema in PGlite (cached), seed the touched tables,
 * run each added migration and reconcile with the static migrations stage's result.
 */
import type { MigrationsSection } from '../artifact/types.js';
import { compareText } from '../core/compare-text.js';
import { describeError } from '../core/errors.js';
import { anyTrue, type Tri } from '../core/tristate.js';
import type { Finding } from '../rules/types.js';
import type { StageInput, StageResult } from '../stages/contract.js';
import { migrationRule } from '../stages/migrations/catalogue.js';
import { migrationAt, recogniseFolders, type MigrationPath } from '../stages/migrations/discovery.js';
import { folderOf, isPostgresFolder } from '../stages/migrations/folders.js';
import { replayedSchemaKey } from '../stages/migrations/replayed-schema.js';
import { loadParser } from '../stages/migrations/sql.js';
import type { ExtractedMigration } from '../stages/migrations/types.js';
import { longestCachedPrefix, pristineKey, readCachedDump, readsDigest, writeCachedDump, writeCachedState, type MigrationIdentity } from './cache.js';
import { extractMigrationCached } from '../stages/migrations/extraction-cache.js';
import {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_TRACE_DEADLINE_MS,
  dumpDatabase,
  openDatabase,
  replayedSchemaOf,
  timeoutOf,
  TraceTimeout,
  type Database,
  type TraceLimits,
} from './database.js';
import { reconcile } from './reconcile.js';
import { observationBaseline, observeMigration, replayMigrations, seedTables } from './run.js';
import type { ReplaySummary, TraceReport, TracedFile } from './types.js';

export const DEFAULT_SEED_ROWS = 1000;

export interface TraceOptions {
  seedRows: number;
  /** Bounds on the run (database.ts): each statement's timeout and the whole trace's, in milliseconds. Absent: the defaults. */
  limits?: { statementTimeoutMs: number; runMs: number };
  /** Cache folder of rebuilt `from` states; undefined: no cache (`--no-cache`). */
  cacheDirectory?: string;
}

const byName = (a: MigrationPath, b: MigrationPath) => compareText(a.name, b.name) || compareText(a.path, b.path);

/**
 * Each migration extracted (through the run's derived cache), with the digest of the files its
 * extraction read besides itself: part of what a cached state is keyed by ({@link MigrationIdentity}).
 */
async function extractAll(
  input: StageInput,
  side: 'base' | 'head',
  migrations: readonly MigrationPath[],
): Promise<Array<{ file: string; name: string; migration?: ExtractedMigration; error?: string; reads: string }>> {
  const extracted = [];
  for (const migration of migrations) {
    try {
      const text = await input.read(side, migration.path);
      if (text === undefined) throw new Error(`cannot be read at the ${side} ref`);
      const { extracted: result, reads } = await extractMigrationCached(input, side, migration, text);
      extracted.push({ file: migration.path, name: migration.name, migration: result, reads: readsDigest(reads) });
    } catch (error) {
      extracted.push({ file: migration.path, name: migration.name, error: describeError(error), reads: readsDigest(undefined) });
    }
  }
  return extracted;
}

/** The released (at `from`) and added (from → to) migrations, each in the order they run. */
async function releaseMigrations(input: StageInput): Promise<{ released: MigrationPath[]; added: MigrationPath[] } | string> {
  const folders = input.config.migrations;
  if (folders === undefined || folders === false) return 'migrations are not configured';
  // PostgreSQL replays PostgreSQL folders only: a ClickHouse or MySQL folder is never run through it.
  const formats = (await recogniseFolders(input, folders)).filter((entry) => isPostgresFolder(entry.folder));
  const released = [...input.trees.base.keys()]
    .map((path) => migrationAt(path, formats))
    .filter((entry): entry is MigrationPath => entry !== undefined)
    .sort(byName);
  const added = input.changes
    .filter((change) => {
      if (change.status === 'added') return true;
      const owner = folderOf(change.path, folders);
      const format = owner && formats.find((entry) => entry.folder === owner.folder)?.format;
      return change.status === 'modified' && owner !== undefined && format?.rerunsWhenChanged?.(owner.relativePath) === true;
    })
    .map((change) => migrationAt(change.path, formats))
    .filter((entry): entry is MigrationPath => entry !== undefined)
    .sort(byName);
  return { released, added };
}

/** An empty database: from the cached pristine dump when there is one, else initialised (and cached). */
export async function freshDatabase(cacheDirectory: string | undefined, limits?: TraceLimits): Promise<Database> {
  const pristine = cacheDirectory === undefined ? undefined : readCachedDump(cacheDirectory, pristineKey());
  if (pristine !== undefined) {
    try {
      return await openDatabase(pristine, limits);
    } catch (error) {
      if (error instanceof TraceTimeout) throw error;
      // Rebuilt below.
    }
  }
  const db = await openDatabase(undefined, limits);
  if (cacheDirectory !== undefined) await writeCachedDump(cacheDirectory, pristineKey(), await dumpDatabase(db)).catch(() => undefined);
  return db;
}

/**
 * The `from` schema: loaded from the cache (exact hit), or the longest cached prefix of its
 * migrations loaded and the rest replayed, or rebuilt from a pristine database; cached afterwards.
 */
async function fromState(
  input: StageInput,
  released: Awaited<ReturnType<typeof extractAll>>,
  options: TraceOptions,
  limits: TraceLimits,
): Promise<{ db: Database; replay: ReplaySummary; cache: TraceReport['cache']; parts: { start: number; replay: number; cacheWrite: number } }> {
  const clock = () => performance.now();
  const started = clock();
  const identities: MigrationIdentity[] = released.map((migration) => ({
    path: migration.file,
    blobId: input.trees.base.get(migration.file) ?? '',
    reads: migration.reads,
  }));
  const cached = options.cacheDirectory === undefined ? undefined : longestCachedPrefix(options.cacheDirectory, identities);
  const dump = cached === undefined || options.cacheDirectory === undefined ? undefined : readCachedDump(options.cacheDirectory, cached.key);
  let db: Database | undefined;
  if (dump !== undefined) db = await openDatabase(dump, limits).catch(() => undefined);
  const covered = db === undefined ? 0 : cached!.covered;
  db ??= await freshDatabase(options.cacheDirectory, limits);
  const opened = clock();
  if (covered === released.length)
    return { db, replay: cached!.replay, cache: 'hit', parts: { start: Math.round(opened - started), replay: 0, cacheWrite: 0 } };
  const rest = await replayMigrations(db, released.slice(covered));
  const replayed = clock();
  const earlier = covered > 0 ? cached!.replay : { files: 0, statements: 0, failures: [] };
  const replay: ReplaySummary = {
    files: earlier.files + rest.files,
    statements: earlier.statements + rest.statements,
    failures: [...earlier.failures, ...rest.failures],
  };
  if (options.cacheDirectory !== undefined && timeoutOf(db) === undefined) {
    // Not being able to cache costs time on the next release, not correctness.
    await writeCachedState(options.cacheDirectory, identities, await dumpDatabase(db), replay).catch(() => undefined);
  }
  const parts = { start: Math.round(opened - started), replay: Math.round(replayed - opened), cacheWrite: Math.round(clock() - replayed) };
  return { db, replay, cache: options.cacheDirectory === undefined ? 'off' : covered > 0 ? 'prefix' : 'miss', parts };
}

const emptyReport = (options: TraceOptions, skipped: string): TraceReport => ({
  seedRows: options.seedRows,
  cache: 'off',
  timings: { state: 0, seed: 0, observe: 0, total: 0 },
  replay: { files: 0, statements: 0, failures: [] },
  seeds: [],
  files: [],
  skipped,
});

/** The static migrations stage, run on the input the trace hands it (with the replayed schema in its cache). */
export type StaticStage = (input: StageInput) => Promise<StageResult<MigrationsSection>>;

/** A derived cache for one run when the caller has none (`--no-cache`): the replayed schema still reaches the stage. */
function runCache(): NonNullable<StageInput['derivedCache']> {
  const entries = new Map<string, unknown>();
  return { get: (key) => entries.get(key), set: (key, value) => void entries.set(key, value) };
}

/**
 * Runs the release's added migrations in PGlite and reconciles them with the static result. The
 * static stage runs after the `from` schema is rebuilt: when every released statement ran, the
 * schema PostgreSQL then holds (column types, tables, checks, indexes) is what the classifier reads.
 */
export async function traceRelease(
  input: StageInput,
  runStatic: StaticStage,
  options: TraceOptions,
): Promise<{ report: TraceReport; staticResult: StageResult<MigrationsSection> }> {
  const started = performance.now();
  const limits: TraceLimits = {
    statementTimeoutMs: options.limits?.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    deadline: started + (options.limits?.runMs ?? DEFAULT_TRACE_DEADLINE_MS),
  };
  try {
    return await traceWithin(input, runStatic, options, limits, started);
  } catch (error) {
    if (!(error instanceof TraceTimeout)) throw error;
    // What ran past a limit proves nothing: the trace could not run, and the static result stands.
    return { report: emptyReport(options, `could not run: ${error.message}`), staticResult: await runStatic(input) };
  }
}

async function traceWithin(
  input: StageInput,
  runStatic: StaticStage,
  options: TraceOptions,
  limits: TraceLimits,
  started: number,
): Promise<{ report: TraceReport; staticResult: StageResult<MigrationsSection> }> {
  const discovered = await releaseMigrations(input);
  if (typeof discovered === 'string') return { report: emptyReport(options, discovered), staticResult: await runStatic(input) };
  if (discovered.added.length === 0) return { report: emptyReport(options, 'the release adds no migration'), staticResult: await runStatic(input) };
  await loadParser();
  const added = await extractAll(input, 'head', discovered.added);

  const clock = () => performance.now();
  const beforeState = clock();
  const { db, replay, cache, parts } = await fromState(input, await extractAll(input, 'base', discovered.released), options, limits);
  const afterState = clock();
  try {
    const derivedCache = input.derivedCache ?? runCache();
    if (replay.failures.length === 0 && timeoutOf(db) === undefined) {
      const identities = discovered.released.map((migration) => ({ path: migration.path, blobId: input.trees.base.get(migration.path) ?? '' }));
      derivedCache.set(replayedSchemaKey(input.trees.base, identities), await replayedSchemaOf(db));
    }
    const staticResult = await runStatic({ ...input, derivedCache });
    if (staticResult.section.files.length !== discovered.added.length)
      return { report: emptyReport(options, 'the static stage did not classify the added migrations one by one'), staticResult };
    const afterStatic = clock();
    const touched = new Set(staticResult.section.files.flatMap((file) => file.tables));
    const seeds = await seedTables(db, touched, options.seedRows);
    const baseline = await observationBaseline(db);
    const afterSeed = clock();
    const inexact = [
      ...(replay.failures.length > 0
        ? [
            `the from schema was not rebuilt exactly (${replay.failures.length} statement(s) of the released migrations did not run; first: ${replay.failures[0]!.file}: ${replay.failures[0]!.error})`,
          ]
        : []),
      ...seeds.filter((seed) => seed.error !== undefined).map((seed) => `table ${seed.table} could not be seeded: ${seed.error}`),
    ];
    const files: TracedFile[] = [];
    for (const [index, entry] of added.entries()) {
      const staticFile = staticResult.section.files[index]!;
      const findings = staticResult.findings.filter((finding) => finding.evidence.file === entry.file);
      if (entry.migration === undefined || staticFile.name !== entry.name) {
        const reason = entry.migration === undefined ? `not extracted: ${entry.error}` : 'the static result could not be matched to the file';
        files.push({
          file: entry.file,
          name: entry.name,
          status: 'static-kept',
          static: staticFile.heaviness,
          final: staticFile.heaviness,
          disagreements: [],
          findings: [],
          reasons: [reason],
          statements: [],
        });
        continue;
      }
      const observation = await observeMigration(db, entry.file, entry.migration, baseline);
      // A statement stopped by a limit (its error swallowed as a failed statement) leaves nothing proven.
      const stopped = timeoutOf(db);
      if (stopped !== undefined) throw stopped;
      files.push(reconcile({ file: entry.file, name: entry.name, static: staticFile.heaviness, findings, observation, inexact }));
    }
    const end = clock();
    const report: TraceReport = {
      seedRows: options.seedRows,
      cache,
      timings: {
        state: Math.round(afterState - beforeState),
        seed: Math.round(afterSeed - afterStatic),
        observe: Math.round(end - afterSeed),
        total: Math.round(end - started),
        ...parts,
      },
      replay,
      seeds,
      files,
    };
    const stopped = timeoutOf(db);
    if (stopped !== undefined) throw stopped;
    return { report, staticResult };
  } finally {
    await db.close();
  }
}

/** Findings that make a migration break old code, or say the release changed released ones (they keep `breaking` true). */
function breakingBeyondHeaviness(findings: readonly Finding[]): Tri {
  const values: Tri[] = findings.map((finding) => {
    if (finding.rule === 'migration-extraction-failed') return 'unknown';
    if (finding.rule === 'released-migration-modified' || finding.rule === 'released-migration-deleted') return true;
    return migrationRule(finding.rule)?.level === 'breaking';
  });
  return anyTrue(values);
}

/**
 * The static result with the trace's flags: heavier where PostgreSQL proved it, settled where every
 * statement ran. The stage verdict is recomputed the way the stage computes it; it never gets lighter
 * than the static one except where an `unknown` flag was settled by observation.
 */
export function tracedResult(staticResult: StageResult<MigrationsSection>, report: TraceReport): StageResult<MigrationsSection> {
  if (report.files.length === 0) return staticResult;
  const findings = [...staticResult.findings, ...report.files.flatMap((file) => file.findings)].sort(
    (a, b) => compareText(a.evidence.file ?? '', b.evidence.file ?? '') || (a.evidence.line ?? 0) - (b.evidence.line ?? 0) || compareText(a.rule, b.rule),
  );
  const files = staticResult.section.files.map((file, index) => ({ ...file, heaviness: report.files[index]?.final ?? file.heaviness }));
  const flags = files.flatMap((file) => [file.heaviness.locksTable, file.heaviness.rewritesTable, file.heaviness.scansTable]);
  const counted = staticResult.verdictSection;
  if (counted !== undefined) {
    // Accepted findings (src/accept/) stay accepted; a flag the trace raised beyond what was observed counts.
    const countedFiles = counted.files.map((file, index) => {
      const before = staticResult.section.files[index]?.heaviness;
      const after = files[index]?.heaviness;
      const heaviness = { ...file.heaviness };
      for (const flag of ['locksTable', 'rewritesTable', 'scansTable'] as const) {
        if (before === undefined || after === undefined || after[flag] !== before[flag])
          heaviness[flag] = anyTrue([heaviness[flag], after?.[flag] ?? 'unknown']);
      }
      return { ...file, heaviness };
    });
    const countedBreaking = anyTrue([
      staticResult.verdict.breaking,
      ...countedFiles.flatMap((file) => [file.heaviness.locksTable, file.heaviness.rewritesTable, file.heaviness.scansTable]),
    ]);
    return {
      ...staticResult,
      findings,
      section: { ...staticResult.section, files },
      verdictSection: { ...counted, files: countedFiles },
      verdict: { ...staticResult.verdict, breaking: countedBreaking },
    };
  }
  const breaking = staticResult.verdict.breaking === true ? true : anyTrue([...flags, breakingBeyondHeaviness(staticResult.findings)]);
  return { ...staticResult, findings, section: { ...staticResult.section, files }, verdict: { ...staticResult.verdict, breaking } };
}
