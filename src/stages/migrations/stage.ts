import type { MigrationFile, MigrationsSection } from '../../artifact/types.js';
import { describeError } from '../../core/errors.js';
import { anyTrue, type Tri } from '../../core/tristate.js';
import type { Finding } from '../../rules/types.js';
import { UNKNOWN_HEAVINESS, type ExtractedMigration } from './types.js';
import type { ChangedPath, StageInput, StageResult } from '../contract.js';
import { classifyMigration } from './classify.js';
import { migrationAt, recogniseFolders, unrecognisedOwner, type FolderFormat, type MigrationPath } from './discovery.js';
import { folderOf } from './folders.js';
import { coverageOf, ignoredNote } from './coverage.js';
import { releasedEditChange } from './released-edit.js';
import { noMigrationChangedResult, unknownSection } from './index.js';
import type { MigrationRuleId } from './catalogue.js';
import { loadParser } from './sql.js';
import { compareText } from '../../core/compare-text.js';
import { readDirectives } from '../../accept/directives.js';
import type { AcceptedFinding, AcceptProblem } from '../../accept/policy.js';
import { applyMigrationAcceptance } from './acceptance.js';
import { extractMigrationCached } from './extraction-cache.js';
import { mayAddColumnOfUserType } from './rules/user-types.js';
import { emptySchema, foldReleasedMigration, releasedSchema, schemaOptions, type ReleasedSchema } from './released-schema.js';
import { cachedReplayedSchema, releasedSchemaFromReplay } from './replayed-schema.js';

export { foldReleasedMigration, schemaOptions, type ReleasedSchema };

/**
 * The migrations stage: added migration files → statements → classification → heaviness.
 * Loaded lazily by `index.ts` (it pulls in the source parser, knex and the PostgreSQL grammar).
 */

const byName = (a: { name: string; path: string }, b: { name: string; path: string }) =>
  compareText(a.name, b.name) || compareText(a.path, b.path);

function fileFinding(rule: MigrationRuleId, file: string, params: Record<string, string> = {}): Finding {
  return { rule, params: { file, ...params }, evidence: { file } };
}

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
 * What an edit of a released migration changed in what it runs (each side extracted at its own ref
 * by its format, imports included); undefined when it sends the same statements as before.
 */
async function releasedMigrationChange(input: StageInput, migration: MigrationPath): Promise<string | undefined> {
  try {
    await loadParser();
    const [before, after] = await Promise.all(
      (['base', 'head'] as const).map(async (side) => {
        const text = await input.read(side, migration.path);
        if (text === undefined) throw new Error(`the file cannot be read at the ${side} ref`);
        return migration.format.extract(migration.path, text, (p) => input.read(side, p));
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
  const unrecognised = new Set<FolderFormat>();
  for (const change of input.changes) {
    const owner = unrecognisedOwner(change.path, formats);
    if (owner) unrecognised.add(owner);
  }
  // A changed folder whose format is not known: what changed in it cannot be told apart from a migration.
  if (unrecognised.size > 0) {
    return { section: unknownSection(), verdict: { checked: false, breaking: 'unknown' }, findings: [], notes: [...unrecognised].map((entry) => entry.note ?? entry.folder.dir) };
  }

  const added: MigrationPath[] = [];
  const findings: Finding[] = [];
  const notes: string[] = [];
  let releasedMigrationsChanged = false;
  /** Changed files of a folder the runner could execute that the tool does not read (coverage.ts): unknown, named. */
  const unread: Array<{ path: string; reason: string; edition: MigrationFile['edition'] }> = [];
  for (const change of input.changes as readonly ChangedPath[]) {
    const migration = migrationAt(change.path, formats);
    if (!migration) {
      const owner = folderOf(change.path, folders);
      const format = owner && formats.find((entry) => entry.folder === owner.folder)?.format;
      if (owner === undefined || format === undefined) continue;
      const coverage = coverageOf(format, owner.relativePath);
      if ('ignored' in coverage) notes.push(ignoredNote(change.path, coverage.ignored));
      else unread.push({ path: change.path, reason: `${change.status}, ${coverage.unread}`, edition: owner.folder.edition });
      continue;
    }
    const owner = folderOf(change.path, folders);
    // A repeatable migration (Flyway `R__`) runs again when it changes: an edit is a new run.
    const rerun = change.status === 'modified' && owner !== undefined && migration.format.rerunsWhenChanged?.(owner.relativePath) === true;
    if (change.status === 'added' || rerun) {
      added.push(migration);
      continue;
    }
    const change_ = change.status === 'modified' ? await releasedMigrationChange(input, migration) : undefined;
    if (change.status === 'modified') {
      const addedAcceptances = await acceptancesAdded(input, change.path);
      if (addedAcceptances.length > 0) findings.push(fileFinding('acceptance-added-to-released-migration', change.path, { rules: addedAcceptances.join(', ') }));
    }
    if (change.status === 'modified' && change_ === undefined) {
      findings.push(fileFinding('released-migration-reformatted', change.path));
    } else {
      releasedMigrationsChanged = true;
      findings.push(change.status === 'modified' ? fileFinding('released-migration-modified', change.path, { change: change_! }) : fileFinding('released-migration-deleted', change.path));
    }
  }
  added.sort(byName);

  if (added.length > 0) await loadParser();
  const extractions: Array<{ migration: MigrationPath; text?: string; extracted?: ExtractedMigration; error?: string }> = [];
  for (const migration of added) {
    let text: string | undefined;
    try {
      text = await input.read('head', migration.path);
      if (text === undefined) throw new Error('the file is listed as added but cannot be read at the head ref');
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
  const replayed = needsReleased ? cachedReplayedSchema(input, formats) : undefined;
  if (replayed) notes.push('released schema: as PostgreSQL holds it after replaying the released migrations (cached by the trace)');
  const schema = replayed ? releasedSchemaFromReplay(replayed) : needsReleased ? await releasedSchema(input, formats) : undefined;
  // What the migrations before each added one leave: the released ones, then each added one in turn.
  const known: ReleasedSchema = schema ? { ...schema, tables: new Set(schema.tables) } : emptySchema();

  const files: MigrationFile[] = [];
  const countedFiles: MigrationFile[] = [];
  const newTables = new Set<string>();
  const breaksOldCode: Tri[] = [];
  const accepted: AcceptedFinding[] = [];
  const acceptProblems: AcceptProblem[] = [];
  for (const { migration, text, extracted, error } of extractions) {
    let reason = error;
    if (extracted) {
      try {
        const classified = classifyMigration(
          extracted,
          { postgresVersion: input.postgresVersion, newTables: new Set(newTables), ...(schema?.tablesComplete ? { existingTables: schema.tables } : {}) },
          schemaOptions(known),
        );
        for (const table of classified.createdTables) newTables.add(table);
        foldReleasedMigration(known, classified);
        const file = { name: migration.name, edition: migration.folder.edition, tables: classified.tables, heaviness: classified.heaviness };
        files.push(file);
        findings.push(...classified.findings);
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
    files.push({ name: migration.name, edition: migration.folder.edition, tables: [], heaviness: { ...UNKNOWN_HEAVINESS } });
    countedFiles.push(files[files.length - 1]!);
    // An acceptance in a file that could not be analysed would accept what nobody checked.
    if (input.acceptance && text !== undefined) {
      for (const directive of readDirectives(migration.path, text).directives) {
        acceptProblems.push({ file: migration.path, line: directive.line, problem: `accept ${directive.rule}: this migration could not be analysed (unknown): only proven findings can be accepted` });
      }
    }
    findings.push(fileFinding('migration-extraction-failed', migration.path, { reason: reason ?? 'unknown error' }));
    notes.push(`${migration.path}: not analysed (${reason})`);
    breaksOldCode.push('unknown');
  }

  for (const file of unread) {
    files.push({ name: file.path, edition: file.edition, tables: [], heaviness: { ...UNKNOWN_HEAVINESS } });
    countedFiles.push(files[files.length - 1]!);
    findings.push(fileFinding('migration-extraction-failed', file.path, { reason: file.reason }));
    notes.push(`${file.path}: not read (${file.reason})`);
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
  const section = { present: files.length > 0, count: files.length, coreCount, eeCount: files.length - coreCount };
  return {
    section: { ...section, files },
    verdict: { checked: true, breaking },
    findings,
    notes,
    ...(accepted.length > 0 ? { accepted, verdictSection: { ...section, files: countedFiles } } : {}),
    ...(acceptProblems.length > 0 ? { acceptProblems } : {}),
  };
}
