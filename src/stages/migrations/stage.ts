import type { MigrationFile, MigrationsSection } from '../../artifact/types.js';
import { describeError } from '../../core/errors.js';
import { anyTrue, type Tri } from '../../core/tristate.js';
import type { Finding } from '../../rules/types.js';
import { UNKNOWN_HEAVINESS, type ExtractedMigration } from './types.js';
import type { ChangedPath, StageInput, StageResult } from '../contract.js';
import { migrationAt, recogniseFolders, type FolderFormat, type MigrationPath } from './discovery.js';
import { alternativeDeploymentNotes, deepFolderOf, dialectOf, folderOf, isJudgedFolder, isPostgresFolder, isReverseFile, mayHoldMigration } from './folders.js';
import { coverageOf, ignoredNote } from './coverage.js';
import { classifyClickHouseMigration } from './clickhouse/classify.js';
import { sameClickHouseStatements } from './clickhouse/released-edit.js';
import type { MigrationsFolder } from '../../config/types.js';
import { DIALECT_LABELS } from '../../config/migration-formats.js';
import { releasedEditChange } from './released-edit.js';
import { noMigrationChangedResult, unknownSection } from './index.js';
import { fileFinding } from './file-finding.js';
import { withFormatFixParams } from './catalogue.js';
import { loadParser } from './sql.js';
import { compareText } from '../../core/compare-text.js';
import { readDirectives } from '../../accept/directives.js';
import type { AcceptedFinding, AcceptProblem } from '../../accept/policy.js';
import { applyMigrationAcceptance } from './acceptance.js';
import { extractMigrationCached, repoFilesAt } from './extraction-cache.js';
import { mayAddColumnOfUserType } from './rules/user-types.js';
import { foldReleasedMigration, releasedSchema, schemaOptions, type ReleasedSchema } from './released-schema.js';
import { MigrationChain } from './chain.js';
import { cachedReplayedSchema, releasedSchemaFromReplay } from './replayed-schema.js';
import { scanOldCode } from './old-code/scan.js';
import { createLookup, type OldCodeLookup } from './old-code/lookup.js';

export { foldReleasedMigration, schemaOptions, type ReleasedSchema };

/**
 * The migrations stage: added migration files → statements → classification → heaviness.
 * Loaded lazily by `index.ts` (it pulls in the source parser, knex and the PostgreSQL grammar).
 */

const byName = (a: { name: string; path: string }, b: { name: string; path: string }) => compareText(a.name, b.name) || compareText(a.path, b.path);

function findingOrder(a: Finding, b: Finding): number {
  return compareText(a.evidence.file ?? '', b.evidence.file ?? '') || (a.evidence.line ?? 0) - (b.evidence.line ?? 0) || compareText(a.rule, b.rule);
}

/** `ALTER COLUMN x TYPE …` / `SET DATA TYPE …`: judged against the column's previous type. */
const ALTER_COLUMN_TYPE = /\balter\s+column\s+(?:"[^"]+"|\S+)\s+(?:set\s+data\s+)?type\b/i;
/** SET NOT NULL may skip its scan thanks to a released CHECK; an UPDATE/DELETE/SELECT … WHERE key = … needs the key's index. */
const NEEDS_RELEASED_SHAPE = /\bset\s+not\s+null\b|\bwhere\b/i;
/** `CREATE TABLE IF NOT EXISTS` (knex `createTableIfNotExists`), and any CREATE TABLE (for guarded statements). */
const CONDITIONAL_CREATE_TABLE = /\bcreate\s+table\s+if\s+not\s+exists\b/i;
const CREATE_TABLE = /\bcreate\s+table\b/i;
/**
 * Statements whose effect on old instances depends on what the previous release's code references
 * (issue 33): the scan of the `from` tree runs only for a release that has one.
 */
const OLD_CODE_STATEMENT = /^\s*(?:alter\s+table|drop\s+table|create\s+unique\s+index)\b/i;
const OLD_CODE_CHANGE = /\b(?:drop\s+(?:column|table)|drop\s+table|rename|not\s+null|unique|check|foreign\s+key|references|primary\s+key)\b/i;

/**
 * What an edit of a released migration changed in what it runs (each side extracted at its own ref
 * by its format, imports included); undefined when it sends the same statements as before.
 */
async function releasedMigrationChange(input: StageInput, migration: MigrationPath): Promise<string | undefined> {
  if (dialectOf(migration.folder) === 'clickhouse') {
    const [before, after] = await Promise.all([input.read('base', migration.path), input.read('head', migration.path)]);
    if (before === undefined || after === undefined) return 'it could not be compared (the file cannot be read at both refs)';
    return sameClickHouseStatements(before, after);
  }
  try {
    await loadParser();
    const [before, after] = await Promise.all(
      (['base', 'head'] as const).map(async (side) => {
        const text = await input.read(side, migration.path);
        if (text === undefined) throw new Error(`the file cannot be read at the ${side} ref`);
        return migration.format.extract(migration.path, text, repoFilesAt(input, side));
      }),
    );
    return releasedEditChange(before!, after!);
  } catch (error) {
    return `it could not be compared (${describeError(error)})`;
  }
}

/** Rule ids of acknowledgements a released migration has at the head ref and did not have at the base ref. */
async function acceptancesAdded(input: StageInput, path: string): Promise<string[]> {
  const [before, after] = await Promise.all([input.read('base', path), input.read('head', path)]);
  const rules = (text: string | undefined) => new Set(readDirectives(path, text ?? '').directives.map((directive) => `${directive.rule}: ${directive.reason}`));
  const known = rules(before);
  return [...new Set([...rules(after)].filter((entry) => !known.has(entry)).map((entry) => entry.slice(0, entry.indexOf(':'))))].sort(compareText);
}

/**
 * Why a changed file of a configured folder is not read, or undefined when its folder's format reads
 * it as a migration: a reason makes it `unknown`; `{ ignored }` is a file the runner never executes
 * (coverage.ts: a down file, a snapshot, documentation); `false` is left out on purpose (a folder of
 * an alternative deployment the verdict does not speak for).
 */
function unreadChange(folder: MigrationsFolder, relativePath: string, formats: readonly FolderFormat[]): string | { ignored: string } | false | undefined {
  if (!isJudgedFolder(folder)) {
    if (folder.alternative === true) return false;
    const label = DIALECT_LABELS[dialectOf(folder)];
    return mayHoldMigration(relativePath)
      ? `${folder.dir} holds ${label} migrations, which are not judged (only PostgreSQL and ClickHouse are); set \`alternative: true\` on the folder if the published verdict speaks only for the PostgreSQL deployment`
      : undefined;
  }
  const entry = formats.find((candidate) => candidate.folder === folder);
  if (!entry?.format) return mayHoldMigration(relativePath) ? (entry?.note ?? `${folder.dir}: no supported migration format recognised`) : undefined;
  if (entry.format.migrationName(relativePath) !== undefined) return undefined;
  // What the folder's runner provably never executes is ignored; anything else is unread (coverage.ts).
  const coverage = coverageOf(entry.format, relativePath);
  return 'ignored' in coverage ? { ignored: coverage.ignored } : coverage.unread;
}

/**
 * Migration files moved or renamed with identical contents (a folder moved): a deleted path and an
 * added one with the same blob id and the same name within their folders (the last path segments
 * the folder's format names a migration by). Both paths are returned; neither is a change.
 */
function movedMigrations(input: StageInput, folders: readonly MigrationsFolder[], formats: readonly FolderFormat[]): Set<string> {
  const byBlob = { added: new Map<string, string[]>(), deleted: new Map<string, string[]>() };
  for (const change of input.changes) {
    if (change.status === 'modified') continue;
    const blob = (change.status === 'added' ? input.trees.head : input.trees.base).get(change.path);
    const map = byBlob[change.status];
    if (blob !== undefined) map.set(blob, [...(map.get(blob) ?? []), change.path]);
  }
  const moved = new Set<string>();
  if (byBlob.added.size === 0 || byBlob.deleted.size === 0) return moved;
  // Either side may be the one in a configured folder (the config of either ref is compared).
  for (const change of input.changes) {
    if (change.status === 'modified' || moved.has(change.path)) continue;
    const owner = folderOf(change.path, folders);
    const blob = (change.status === 'added' ? input.trees.head : input.trees.base).get(change.path);
    if (!owner || blob === undefined) continue;
    const tail = `/${owner.relativePath}`;
    const other = (change.status === 'added' ? byBlob.deleted : byBlob.added).get(blob) ?? [];
    // Or renamed within its folder to a name its runner records the same (logto's `next-<timestamp>-x.ts` → `1.2.0-<timestamp>-x.ts`).
    const format = formats.find((entry) => entry.folder === owner.folder)?.format;
    const recorded = format?.migrationName(owner.relativePath);
    const sameRecordedName = (path: string) => {
      const otherOwner = recorded === undefined ? undefined : folderOf(path, folders);
      return otherOwner?.folder === owner.folder && format?.migrationName(otherOwner.relativePath) === recorded;
    };
    const counterpart = other.find((path) => !moved.has(path) && (`/${path}`.endsWith(tail) || sameRecordedName(path)));
    if (counterpart === undefined) continue;
    moved.add(change.path);
    moved.add(counterpart);
  }
  return moved;
}

export async function runMigrationsStage(input: StageInput): Promise<StageResult<MigrationsSection>> {
  const folders = input.config.migrations;
  if (folders === false) return noMigrationChangedResult();
  if (folders === undefined) {
    return {
      section: unknownSection(),
      verdict: { checked: false, breaking: 'unknown' },
      findings: [],
      notes: ['migrations not configured: set `migrations` in release-safety.config.json (a list of folders, or false when the service has none)'],
    };
  }

  const formats = await recogniseFolders(input, folders);
  const notes: string[] = alternativeDeploymentNotes(folders);
  const moves = movedMigrations(input, folders, formats);
  if (moves.size > 0) notes.push(`${moves.size / 2} migration file(s) moved with identical contents (same name, same blob): not new, not deleted`);
  /** Changed files of the configured folders that no format of a judged dialect reads: each `unknown`, named. */
  const unreadable: Array<{ path: string; folder: MigrationsFolder; reason: string }> = [];

  const added: MigrationPath[] = [];
  const findings: Finding[] = [];
  let releasedMigrationsChanged = false;
  for (const change of input.changes as readonly ChangedPath[]) {
    if (moves.has(change.path)) continue;
    const owner = folderOf(change.path, folders);
    if (!owner) {
      const deep = deepFolderOf(change.path, folders);
      if (deep && isJudgedFolder(deep.folder) && deep.relativePath.endsWith('.sql') && !isReverseFile(deep.relativePath)) {
        unreadable.push({
          path: change.path,
          folder: deep.folder,
          reason: `no migration format reads it: it sits deeper in ${deep.folder.dir} than any format reads`,
        });
      } else if (deep && deep.folder.alternative !== true && !isJudgedFolder(deep.folder) && mayHoldMigration(deep.relativePath)) {
        const why = unreadChange(deep.folder, deep.relativePath, formats);
        unreadable.push({ path: change.path, folder: deep.folder, reason: typeof why === 'string' ? why : 'not read' });
      }
      continue;
    }
    const unread = unreadChange(owner.folder, owner.relativePath, formats);
    if (unread !== undefined) {
      if (typeof unread === 'string') unreadable.push({ path: change.path, folder: owner.folder, reason: `${change.status}, ${unread}` });
      else if (unread !== false) notes.push(ignoredNote(change.path, unread.ignored));
      continue;
    }
    const migration = migrationAt(change.path, formats);
    if (!migration) continue;
    // A repeatable migration (Flyway `R__`) runs again when it changes: an edit is a new run.
    const rerun = change.status === 'modified' && migration.format.rerunsWhenChanged?.(owner.relativePath) === true;
    if (change.status === 'added' || rerun) {
      added.push(migration);
      continue;
    }
    const change_ = change.status === 'modified' ? await releasedMigrationChange(input, migration) : undefined;
    if (change.status === 'modified') {
      const addedAcceptances = await acceptancesAdded(input, change.path);
      if (addedAcceptances.length > 0)
        findings.push(fileFinding('acceptance-added-to-released-migration', change.path, { rules: addedAcceptances.join(', ') }));
    }
    if (change.status === 'modified' && change_ === undefined) {
      findings.push(fileFinding('released-migration-reformatted', change.path));
    } else {
      releasedMigrationsChanged = true;
      findings.push(
        change.status === 'modified'
          ? fileFinding('released-migration-modified', change.path, { change: change_! })
          : fileFinding('released-migration-deleted', change.path),
      );
    }
  }
  added.sort(byName);

  if (added.some((migration) => isPostgresFolder(migration.folder))) await loadParser();
  const extractions: Array<{ migration: MigrationPath; text?: string; extracted?: ExtractedMigration; error?: string }> = [];
  for (const migration of added) {
    let text: string | undefined;
    try {
      text = await input.read('head', migration.path);
      if (text === undefined) throw new Error('the file is listed as added but cannot be read at the head ref');
      // A ClickHouse file is read by the ClickHouse reader when it is classified, never by a PostgreSQL extractor.
      if (dialectOf(migration.folder) === 'clickhouse') {
        extractions.push({ migration, text });
        continue;
      }
      extractions.push({ migration, text, extracted: (await extractMigrationCached(input, 'head', migration, text)).extracted });
    } catch (error) {
      extractions.push({ migration, ...(text === undefined ? {} : { text }), error: describeError(error) });
    }
  }

  // Whether `ALTER COLUMN … TYPE` rewrites depends on the column's previous type, whether a
  // conditional CREATE TABLE made a new table depends on whether it existed, and whether ADD COLUMN
  // of a user-defined type rewrites depends on what the type is: only the released migrations know.
  // Read them (at the base ref) only when an added migration needs it.
  const needs = (pattern: (sql: string, guarded: boolean) => boolean) =>
    extractions.some(({ extracted }) => extracted?.statements.some((statement) => pattern(statement.sql, statement.guarded ?? false)));
  const needsReleased =
    needs((sql) => ALTER_COLUMN_TYPE.test(sql) || NEEDS_RELEASED_SHAPE.test(sql) || mayAddColumnOfUserType(sql)) ||
    needs((sql, guarded) => CONDITIONAL_CREATE_TABLE.test(sql) || (guarded && CREATE_TABLE.test(sql)));
  // The schema PostgreSQL held after the trace replayed every released migration (cached) is exact: it wins.
  // Only PostgreSQL folders make the PostgreSQL schema: another dialect's files are never parsed with its grammar.
  const postgresFormats = formats.filter((entry) => isPostgresFolder(entry.folder));
  const replayed = needsReleased ? cachedReplayedSchema(input, postgresFormats) : undefined;
  if (replayed) notes.push('released schema: as PostgreSQL holds it after replaying the released migrations (cached by the trace)');
  const schema = replayed ? releasedSchemaFromReplay(replayed) : needsReleased ? await releasedSchema(input, postgresFormats) : undefined;
  // What the migrations before each added one leave: the released ones, then each added one in turn.
  // The previous release's code, read for references only when a statement needs it (cached per blob).
  let oldCode: OldCodeLookup | undefined;
  if (needs((sql) => OLD_CODE_STATEMENT.test(sql) && OLD_CODE_CHANGE.test(sql))) {
    const index = await scanOldCode(input, { migrationFolders: folders });
    oldCode = createLookup(index);
    notes.push(
      index.incomplete === undefined
        ? `old code: the previous release's code was read for schema references (${index.filesRead} files, ${index.references.length} references, ${index.dynamic.length} names built at run time)`
        : `old code: not read (${index.incomplete}); old-code rules judge as without it`,
    );
  }
  const chain = new MigrationChain(input.postgresVersion, schema, oldCode);

  const files: MigrationFile[] = [];
  const countedFiles: MigrationFile[] = [];
  const breaksOldCode: Tri[] = [];
  const accepted: AcceptedFinding[] = [];
  const acceptProblems: AcceptProblem[] = [];
  // Tables a ClickHouse migration of the release created, per folder and deployment shape (`clustered/`…).
  const clickHouseNewTables = new Map<string, Set<string>>();
  for (const { migration, text, extracted, error } of extractions) {
    let reason = error;
    if (text !== undefined && error === undefined && dialectOf(migration.folder) === 'clickhouse') {
      const shape = `${migration.folder.dir}\0${migration.name.includes('/') ? migration.name.slice(0, migration.name.indexOf('/')) : ''}`;
      const shapeTables = clickHouseNewTables.get(shape) ?? new Set<string>();
      clickHouseNewTables.set(shape, shapeTables);
      const classified = classifyClickHouseMigration(migration.path, text, { newTables: shapeTables });
      for (const table of classified.createdTables) shapeTables.add(table);
      const file = { name: migration.name, edition: migration.folder.edition, tables: classified.tables, heaviness: classified.heaviness };
      files.push(file);
      findings.push(...classified.findings);
      const acceptance = applyMigrationAcceptance(
        { file: migration.path, text, observed: classified.heaviness, hits: classified.hits, statements: [] },
        input.acceptance,
        (id) => input.acceptance?.knownRule(id),
      );
      countedFiles.push({ ...file, heaviness: acceptance.counted });
      accepted.push(...acceptance.accepted);
      acceptProblems.push(...acceptance.problems);
      breaksOldCode.push(acceptance.breaksOldCode);
      continue;
    }
    if (extracted) {
      try {
        const classified = chain.next(extracted);
        const file = { name: migration.name, edition: migration.folder.edition, tables: classified.tables, heaviness: classified.heaviness };
        files.push(file);
        findings.push(...classified.findings.map((finding) => withFormatFixParams(finding, migration.format.id)));
        const acceptance = applyMigrationAcceptance(
          { file: migration.path, text: text ?? '', observed: classified.heaviness, hits: classified.hits, statements: extracted.statements },
          input.acceptance,
          (id) => input.acceptance?.knownRule(id),
        );
        countedFiles.push({ ...file, heaviness: acceptance.counted });
        accepted.push(...acceptance.accepted);
        acceptProblems.push(...acceptance.problems);
        breaksOldCode.push(acceptance.breaksOldCode);
        continue;
      } catch (classifyError) {
        reason = describeError(classifyError);
      }
    }
    // What a PostgreSQL migration that could not be read changed is not known to the ones after it.
    if (dialectOf(migration.folder) !== 'clickhouse') chain.unreadable();
    files.push({ name: migration.name, edition: migration.folder.edition, tables: [], heaviness: { ...UNKNOWN_HEAVINESS } });
    countedFiles.push(files[files.length - 1]!);
    // An acceptance in a file that could not be analysed would accept what nobody checked.
    if (input.acceptance && text !== undefined) {
      for (const directive of readDirectives(migration.path, text).directives) {
        acceptProblems.push({
          file: migration.path,
          line: directive.line,
          problem: `accept ${directive.rule}: this migration could not be analysed (unknown): only proven findings can be accepted`,
        });
      }
    }
    findings.push(fileFinding('migration-extraction-failed', migration.path, { reason: reason ?? 'unknown error' }));
    notes.push(`${migration.path}: not analysed (${reason})`);
    breaksOldCode.push('unknown');
  }

  // Changed files no format of a judged dialect reads: unknown, named, beside the migrations that were read.
  for (const { path, folder, reason } of unreadable) {
    const file = { name: path, edition: folder.edition, tables: [], heaviness: { ...UNKNOWN_HEAVINESS } };
    files.push(file);
    countedFiles.push(file);
    findings.push(fileFinding('migration-extraction-failed', path, { reason }));
    notes.push(`${path}: not read (${reason})`);
    breaksOldCode.push('unknown');
  }

  findings.sort(findingOrder);
  // Accepted hits no longer count: the verdict reads the counted flags, the artifact the observed ones.
  const breaking = anyTrue([
    ...countedFiles.flatMap((file) => [file.heaviness.locksTable, file.heaviness.rewritesTable, file.heaviness.scansTable]),
    ...breaksOldCode,
    releasedMigrationsChanged,
  ]);
  const coreCount = files.filter((file) => file.edition === 'core').length;
  const present = files.length > 0;
  const section = { present, count: files.length, coreCount, eeCount: files.length - coreCount };
  return {
    section: { ...section, files },
    verdict: { checked: true, breaking },
    findings,
    notes,
    ...(accepted.length > 0 ? { accepted, verdictSection: { ...section, files: countedFiles } } : {}),
    ...(acceptProblems.length > 0 ? { acceptProblems } : {}),
  };
}
