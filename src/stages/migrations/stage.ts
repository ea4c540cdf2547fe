import { posix } from 'node:path';
import type { MigrationFile, MigrationsSection } from '../../artifact/types.js';
import type { MigrationsFolder } from '../../config/types.js';
import { describeError } from '../../core/errors.js';
import { anyTrue, type Tri } from '../../core/tristate.js';
import type { Finding } from '../../rules/types.js';
import { UNKNOWN_HEAVINESS, type ExtractedMigration } from './types.js';
import type { ChangedPath, StageInput, StageResult } from '../contract.js';
import { classifyMigration } from './classify.js';
import { extractMigration } from './extract/index.js';
import { migrationFolderOf } from './folders.js';
import { noMigrationChangedResult, unknownSection } from './index.js';
import type { MigrationRuleId } from './catalogue.js';
import { loadParser } from './sql.js';
import { compareText } from '../../core/compare-text.js';

/**
 * The migrations stage: added migration files → statements → classification → heaviness.
 * Loaded lazily by `index.ts` (it pulls in ts-morph, knex and the PostgreSQL grammar).
 */

export { isMigrationFileName, migrationFolderOf } from './folders.js';

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
/** `CREATE TABLE IF NOT EXISTS` (knex `createTableIfNotExists`), and any CREATE TABLE (for guarded statements). */
const CONDITIONAL_CREATE_TABLE = /\bcreate\s+table\s+if\s+not\s+exists\b/i;
const CREATE_TABLE = /\bcreate\s+table\b/i;

/**
 * What the migrations released at the base ref declare, in name order: column types
 * (`table.column` → type) and the tables they create (conditional creates included: for released
 * history "may exist" is what matters). A file that cannot be read or extracted contributes nothing:
 * its columns stay of unknown type, which the classifier treats as "a rewrite cannot be ruled out".
 */
async function releasedSchema(input: StageInput, folders: readonly MigrationsFolder[]): Promise<{ columnTypes: Map<string, string>; tables: Set<string> }> {
  const released = [...input.trees.base.keys()]
    .map((path) => ({ path, name: posix.basename(path), folder: migrationFolderOf(path, folders) }))
    .filter((entry): entry is AddedMigration => entry.folder !== undefined)
    .sort(byName);
  const columnTypes = new Map<string, string>();
  const tables = new Set<string>();
  const readBase = (path: string) => input.read('base', path);
  for (const migration of released) {
    try {
      const text = await readBase(migration.path);
      if (text === undefined) continue;
      const extracted = await extractMigration(migration.path, text, readBase);
      const classified = classifyMigration(extracted, { postgresVersion: input.postgresVersion, existingTables: new Set() }, { columnTypes });
      for (const [column, type] of Object.entries(classified.declaredColumnTypes)) columnTypes.set(column, type);
      for (const table of classified.createdTables) tables.add(table);
    } catch {
      // Unknown types stay unknown and unknown tables are not proven absent (fail closed in the classifier).
    }
  }
  return { columnTypes, tables };
}

/**
 * Whether an edited released migration still sends exactly the same statements (each side
 * extracted at its own ref, imports included) with nothing unresolved on either side.
 */
async function sendsSameStatements(input: StageInput, path: string): Promise<boolean> {
  try {
    const sides = await Promise.all(
      (['base', 'head'] as const).map(async (side) => {
        const text = await input.read(side, path);
        if (text === undefined) return undefined;
        if (path.endsWith('.sql')) await loadParser();
        return extractMigration(path, text, (p) => input.read(side, p));
      }),
    );
    const [before, after] = sides;
    if (!before || !after || before.unresolved.length > 0 || after.unresolved.length > 0 || before.inTransaction !== after.inTransaction) return false;
    const statements = (migration: ExtractedMigration) => JSON.stringify(migration.statements.map((statement) => [statement.sql, statement.guarded ?? false]));
    return statements(before) === statements(after);
  } catch {
    return false;
  }
}

interface AddedMigration {
  path: string;
  name: string;
  folder: MigrationsFolder;
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

  const added: AddedMigration[] = [];
  const findings: Finding[] = [];
  const notes: string[] = [];
  let releasedMigrationsChanged = false;
  for (const change of input.changes as readonly ChangedPath[]) {
    const folder = migrationFolderOf(change.path, folders);
    if (!folder) continue;
    if (change.status === 'added') {
      added.push({ path: change.path, name: posix.basename(change.path), folder });
    } else if (change.status === 'modified' && (await sendsSameStatements(input, change.path))) {
      findings.push(fileFinding('released-migration-reformatted', change.path));
    } else {
      releasedMigrationsChanged = true;
      findings.push(fileFinding(change.status === 'modified' ? 'released-migration-modified' : 'released-migration-deleted', change.path));
    }
  }
  added.sort(byName);

  if (added.length > 0) await loadParser();
  const readHead = (path: string) => input.read('head', path);
  const extractions: Array<{ migration: AddedMigration; extracted?: ExtractedMigration; error?: string }> = [];
  for (const migration of added) {
    try {
      const text = await input.read('head', migration.path);
      if (text === undefined) throw new Error('the file is listed as added but cannot be read at the head ref');
      extractions.push({ migration, extracted: await extractMigration(migration.path, text, readHead) });
    } catch (error) {
      extractions.push({ migration, error: describeError(error) });
    }
  }

  // Whether `ALTER COLUMN … TYPE` rewrites depends on the column's previous type, and whether a
  // conditional CREATE TABLE made a new table depends on whether it existed: only the released
  // migrations know. Read them (at the base ref) only when an added migration needs it.
  const needs = (pattern: (sql: string, guarded: boolean) => boolean) =>
    extractions.some(({ extracted }) => extracted?.statements.some((statement) => pattern(statement.sql, statement.guarded ?? false)));
  const schema =
    needs((sql) => ALTER_COLUMN_TYPE.test(sql)) || needs((sql, guarded) => CONDITIONAL_CREATE_TABLE.test(sql) || (guarded && CREATE_TABLE.test(sql)))
      ? await releasedSchema(input, folders)
      : undefined;
  const columnTypes = schema?.columnTypes ?? new Map<string, string>();

  const files: MigrationFile[] = [];
  const newTables = new Set<string>();
  const breaksOldCode: Tri[] = [];
  for (const { migration, extracted, error } of extractions) {
    let reason = error;
    if (extracted) {
      try {
        const classified = classifyMigration(
          extracted,
          { postgresVersion: input.postgresVersion, newTables: new Set(newTables), ...(schema ? { existingTables: schema.tables } : {}) },
          { columnTypes: new Map(columnTypes) },
        );
        for (const table of classified.createdTables) newTables.add(table);
        for (const [column, type] of Object.entries(classified.declaredColumnTypes)) columnTypes.set(column, type);
        files.push({ name: migration.name, edition: migration.folder.edition, tables: classified.tables, heaviness: classified.heaviness });
        findings.push(...classified.findings);
        breaksOldCode.push(classified.breaksOldCode);
        continue;
      } catch (classifyError) {
        reason = describeError(classifyError);
      }
    }
    files.push({ name: migration.name, edition: migration.folder.edition, tables: [], heaviness: { ...UNKNOWN_HEAVINESS } });
    findings.push(fileFinding('migration-extraction-failed', migration.path, { reason: reason ?? 'unknown error' }));
    notes.push(`${migration.path}: not analysed (${reason})`);
    breaksOldCode.push('unknown');
  }

  findings.sort(findingOrder);
  const breaking = anyTrue([
    ...files.flatMap((file) => [file.heaviness.locksTable, file.heaviness.rewritesTable, file.heaviness.scansTable]),
    ...breaksOldCode,
    releasedMigrationsChanged,
  ]);
  const coreCount = files.filter((file) => file.edition === 'core').length;
  return {
    section: { present: files.length > 0, count: files.length, coreCount, eeCount: files.length - coreCount, files },
    verdict: { checked: true, breaking },
    findings,
    notes,
  };
}
