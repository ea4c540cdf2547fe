import { createHash } from 'node:crypto';
import type { Heaviness } from '../../artifact/types.js';
import type { StageInput } from '../contract.js';
import { classifyMigration, type ClassifiedMigrationWithTypes } from './classify.js';
import { migrationAt, type FolderFormat, type MigrationPath } from './discovery.js';
import type { ClassifyOptions, FunctionTraits, UserTypeKind } from './types.js';
import { loadParser } from './sql.js';
import { extractMigrationCached } from './extraction-cache.js';
import { compareText } from '../../core/compare-text.js';

/**
 * What the migrations released at the base ref leave, in name order: column types, tables created
 * (conditional creates included: for released history "may exist" is what matters), validated NOT
 * NULL checks, known table shapes and user-defined types.
 *
 * Each released file is classified with what the files before it left, so its share depends on its
 * content, the files its extraction imported, and everything before it. That share is derived once
 * and kept in the caller's `derivedCache` (contract.ts) under a key chained through every file
 * before it: a release that changes a column type would otherwise extract and classify every
 * released migration again (hundreds of files), and backfill once per pair. The next release's base
 * holds the same files plus new ones, so every file up to the first new one is found.
 */
export interface ReleasedSchema {
  columnTypes: Map<string, string>;
  tables: Set<string>;
  /**
   * Whether {@link tables} holds every table the released migrations may have created: false when one
   * of them could not be read, or holds a part the extractor could not follow (which may hide a
   * CREATE TABLE). Then no table is proven absent and a conditional create is not proven new.
   */
  tablesComplete: boolean;
  notNullChecks: Map<string, string>;
  indexedColumns: Map<string, Set<string>>;
  /** Tables whose indexes and checks are known → columns a type change re-checks with a full scan. */
  recheckedColumns: Map<string, Set<string>>;
  /** User-defined types created (and not dropped) → what ADD COLUMN of one costs (rules/user-types.ts). */
  userTypes: Map<string, UserTypeKind>;
  /** What is proven of functions created (and not dropped, altered or renamed since) → traits (rules/trigger-on-existing-table.ts, adding-field-with-default.ts). */
  functions: Map<string, FunctionTraits>;
  /** Triggers the released migrations left disabled (migration-state.ts `disabledTriggerKey`). */
  disabledTriggers: Set<string>;
  /** Whether {@link disabledTriggers} is complete: every released migration was read, and none holds a part not judged that could touch any table. */
  triggerStatesKnown: boolean;
}

export function emptySchema(): ReleasedSchema {
  return {
    columnTypes: new Map(),
    tables: new Set(),
    tablesComplete: true,
    notNullChecks: new Map(),
    indexedColumns: new Map(),
    recheckedColumns: new Map(),
    userTypes: new Map(),
    functions: new Map(),
    disabledTriggers: new Set(),
    triggerStatesKnown: true,
  };
}

/** What folding needs of one classified migration. */
type Share = Pick<
  ClassifiedMigrationWithTypes,
  | 'heaviness'
  | 'declaredColumnTypes'
  | 'createdTables'
  | 'notNullChecks'
  | 'indexedColumns'
  | 'recheckedColumns'
  | 'declaredTypes'
  | 'declaredFunctions'
  | 'disabledTriggers'
  | 'triggerStatesKnown'
>;

/**
 * Folds one released migration's classification into the schema. A migration that could not be read
 * or classified, or that holds a part the classifier could not judge (dynamic SQL, an unknown
 * statement), may have dropped a constraint: the NOT NULL checks known so far are forgotten. It may
 * also have constrained a domain (`ALTER DOMAIN … ADD CONSTRAINT`): domains known as unconstrained
 * are forgotten too (unknown again); enums, composite and range types cannot gain constraints. And it
 * may have added an index or a check a type change re-checks: the classifier forgets the indexes and
 * checks of the tables such a part could have touched (the one table a type change or a default names;
 * every table for dynamic SQL, a function call or an unread part), and a file that could not be read
 * leaves none known.
 */
export function foldReleasedMigration(schema: ReleasedSchema, classified: Share | undefined): void {
  if (classified === undefined) {
    schema.notNullChecks.clear();
    schema.recheckedColumns.clear();
    // An unread file may have disabled any trigger.
    schema.triggerStatesKnown = false;
  }
  if (classified === undefined || Object.values(classified.heaviness).includes('unknown')) {
    for (const [name, kind] of schema.userTypes) if (kind === 'domain') schema.userTypes.delete(name);
    // A part not judged (dynamic SQL, an unread file) may have replaced or altered any function.
    schema.functions.clear();
    if (classified === undefined) return;
  }
  // The classifier already forgot the checks and re-checked columns of the tables a part it judged
  // `unknown` could have touched (every table, when that part could touch any): classify.ts.
  schema.notNullChecks = new Map(Object.entries(classified.notNullChecks));
  schema.recheckedColumns = new Map(Object.entries(classified.recheckedColumns).map(([table, columns]) => [table, new Set(columns)]));
  for (const [column, type] of Object.entries(classified.declaredColumnTypes)) schema.columnTypes.set(column, type);
  for (const table of classified.createdTables) schema.tables.add(table);
  schema.indexedColumns = new Map(Object.entries(classified.indexedColumns).map(([table, columns]) => [table, new Set(columns)]));
  for (const [name, kind] of Object.entries(classified.declaredTypes)) {
    if (kind === null) schema.userTypes.delete(name);
    else schema.userTypes.set(name, kind);
  }
  // A migration with a part not judged proves nothing of functions (that part may come after a CREATE FUNCTION and replace it).
  const judged = !Object.values(classified.heaviness).includes('unknown');
  for (const [name, traits] of Object.entries(classified.declaredFunctions)) {
    if (traits === null || !judged) schema.functions.delete(name);
    else schema.functions.set(name, traits);
  }
  // The classifier started from the schema's triggers and knowledge: its output is the whole state after it.
  schema.disabledTriggers = new Set(classified.disabledTriggers);
  schema.triggerStatesKnown &&= classified.triggerStatesKnown;
}

/** The options that hand a schema to the classifier (copies: the classifier's state is its own). */
export function schemaOptions(schema: ReleasedSchema): ClassifyOptions {
  return {
    columnTypes: new Map(schema.columnTypes),
    notNullChecks: new Map(schema.notNullChecks),
    indexedColumns: new Map(schema.indexedColumns),
    recheckedColumns: new Map(schema.recheckedColumns),
    userTypes: new Map(schema.userTypes),
    functions: new Map(schema.functions),
    disabledTriggers: new Set(schema.disabledTriggers),
    triggerStatesKnown: schema.triggerStatesKnown,
  };
}

/** One released file's share, as cached: what folding needs, whether it was read completely, and what it imported. */
interface Contribution extends Share {
  /** No unresolved part (which may hide a CREATE TABLE). */
  complete: boolean;
  /** Path → blob id (null: absent) of every file the extractor read besides the migration itself. */
  reads: Array<[string, string | null]>;
}

/** Bump when what a {@link Contribution} means changes (the tool fingerprint covers code changes too). */
const CONTRIBUTION_KIND = 'released-migration-schema/7';

const byName = (a: { name: string; path: string }, b: { name: string; path: string }) => compareText(a.name, b.name) || compareText(a.path, b.path);

/**
 * The whole released schema of one base, as cached: what {@link releasedSchema} returns for the same
 * released files (path, blob, format, folder, in order) and PostgreSQL version, plus every file their
 * extraction imported. A later run on the same base (a re-run, the next PR of a release) reads this
 * one entry instead of one per released file.
 */
interface Summary {
  columnTypes: Array<[string, string]>;
  tables: string[];
  tablesComplete: boolean;
  notNullChecks: Array<[string, string]>;
  indexedColumns: Array<[string, string[]]>;
  recheckedColumns: Array<[string, string[]]>;
  userTypes: Array<[string, UserTypeKind]>;
  functions: Array<[string, FunctionTraits]>;
  disabledTriggers: string[];
  triggerStatesKnown: boolean;
  reads: Array<[string, string | null]>;
}

const SUMMARY_KIND = 'released-schema-summary/5';

export async function releasedSchema(input: StageInput, formats: readonly FolderFormat[]): Promise<ReleasedSchema> {
  const released = [...input.trees.base.keys()]
    .map((path) => migrationAt(path, formats))
    .filter((entry): entry is MigrationPath => entry !== undefined)
    .sort(byName);
  const files = released.map((migration) => [migration.path, input.trees.base.get(migration.path), migration.format.id, migration.folder]);
  const summaryKey = JSON.stringify([SUMMARY_KIND, CONTRIBUTION_KIND, input.postgresVersion, digest(JSON.stringify(files))]);
  const summary = asSummary(input.derivedCache?.get(summaryKey));
  if (summary && unchangedReads(input, summary.reads)) return fromSummary(summary);

  const schema = emptySchema();
  const reads = new Map<string, string | null>();
  let everyFileRead = true;
  // What every file before the next one was and left (each file is classified with that state).
  let chain = digest(JSON.stringify([CONTRIBUTION_KIND, input.postgresVersion]));
  for (const migration of released) {
    const blob = input.trees.base.get(migration.path);
    const key = JSON.stringify([CONTRIBUTION_KIND, chain, blob, migration.path, migration.format.id, migration.folder]);
    const cached = asContribution(input.derivedCache?.get(key));
    let contribution = cached && unchangedReads(input, cached.reads) ? cached : undefined;
    if (!contribution) {
      contribution = await deriveContribution(input, migration, schema);
      if (contribution) input.derivedCache?.set(key, contribution);
    }
    // Unknown types stay unknown, unknown tables are not proven absent (fail closed in the classifier).
    foldReleasedMigration(schema, contribution);
    schema.tablesComplete &&= contribution?.complete === true;
    for (const [path, id] of contribution?.reads ?? []) reads.set(path, id);
    everyFileRead &&= contribution !== undefined;
    chain = digest(`${chain}\n${key}\n${contribution === undefined ? 'unread' : JSON.stringify(contribution)}`);
  }
  // A file that could not be read may be readable next time (it is not cached alone either).
  if (everyFileRead) input.derivedCache?.set(summaryKey, toSummary(schema, [...reads]));
  return schema;
}

/** Whether every file an extraction imported is still the same blob (or still absent) at the base ref. */
function unchangedReads(input: StageInput, reads: ReadonlyArray<readonly [string, string | null]>): boolean {
  return reads.every(([path, id]) => (input.trees.base.get(path) ?? null) === id);
}

function toSummary(schema: ReleasedSchema, reads: Array<[string, string | null]>): Summary {
  return {
    columnTypes: [...schema.columnTypes],
    tables: [...schema.tables],
    tablesComplete: schema.tablesComplete,
    notNullChecks: [...schema.notNullChecks],
    indexedColumns: [...schema.indexedColumns].map(([table, columns]) => [table, [...columns]]),
    recheckedColumns: [...schema.recheckedColumns].map(([table, columns]) => [table, [...columns]]),
    userTypes: [...schema.userTypes],
    functions: [...schema.functions],
    disabledTriggers: [...schema.disabledTriggers],
    triggerStatesKnown: schema.triggerStatesKnown,
    reads,
  };
}

function fromSummary(summary: Summary): ReleasedSchema {
  return {
    columnTypes: new Map(summary.columnTypes),
    tables: new Set(summary.tables),
    tablesComplete: summary.tablesComplete,
    notNullChecks: new Map(summary.notNullChecks),
    indexedColumns: new Map(summary.indexedColumns.map(([table, columns]) => [table, new Set(columns)])),
    recheckedColumns: new Map(summary.recheckedColumns.map(([table, columns]) => [table, new Set(columns)])),
    userTypes: new Map(summary.userTypes),
    functions: new Map(summary.functions),
    disabledTriggers: new Set(summary.disabledTriggers),
    triggerStatesKnown: summary.triggerStatesKnown,
  };
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Extracts and classifies one released file with the state before it; undefined when it cannot be read or extracted (never cached). */
async function deriveContribution(input: StageInput, migration: MigrationPath, before: ReleasedSchema): Promise<Contribution | undefined> {
  try {
    await loadParser();
    const text = await input.read('base', migration.path);
    if (text === undefined) return undefined;
    const { extracted, reads } = await extractMigrationCached(input, 'base', migration, text);
    const classified = classifyMigration(extracted, { postgresVersion: input.postgresVersion, existingTables: new Set() }, schemaOptions(before));
    return {
      heaviness: classified.heaviness,
      declaredColumnTypes: classified.declaredColumnTypes,
      createdTables: classified.createdTables,
      notNullChecks: classified.notNullChecks,
      indexedColumns: classified.indexedColumns,
      recheckedColumns: classified.recheckedColumns,
      declaredTypes: classified.declaredTypes,
      declaredFunctions: classified.declaredFunctions,
      disabledTriggers: classified.disabledTriggers,
      triggerStatesKnown: classified.triggerStatesKnown,
      complete: extracted.unresolved.length === 0,
      reads,
    };
  } catch {
    return undefined;
  }
}

const TRI = new Set<unknown>([true, false, 'unknown']);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

const USER_TYPE_KINDS = new Set<unknown>(['type', 'domain', 'rewriting-domain']);

const isFunctionTraits = (value: unknown): value is FunctionTraits =>
  isRecord(value) && typeof value.harmlessTrigger === 'boolean' && typeof value.tableFreeNonVolatile === 'boolean';

const isPairs = (value: unknown): value is Array<[string, string]> =>
  Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string');

function isReads(value: unknown): value is Array<[string, string | null]> {
  return (
    Array.isArray(value) &&
    value.every((read) => Array.isArray(read) && read.length === 2 && typeof read[0] === 'string' && (read[1] === null || typeof read[1] === 'string'))
  );
}

/** A cached summary of the right shape, else undefined (entries are untrusted). */
function asSummary(value: unknown): Summary | undefined {
  if (!isRecord(value)) return undefined;
  const { columnTypes, tables, tablesComplete, notNullChecks, indexedColumns, reads } = value;
  if (!isPairs(columnTypes) || !isStrings(tables) || typeof tablesComplete !== 'boolean' || !isPairs(notNullChecks) || !isReads(reads)) return undefined;
  const isTableColumns = (entries: unknown) =>
    Array.isArray(entries) && entries.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isStrings(entry[1]));
  if (!isTableColumns(indexedColumns) || !isTableColumns(value.recheckedColumns)) return undefined;
  if (!isPairs(value.userTypes) || !value.userTypes.every(([, kind]) => USER_TYPE_KINDS.has(kind))) return undefined;
  if (
    !Array.isArray(value.functions) ||
    !value.functions.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isFunctionTraits(entry[1]))
  )
    return undefined;
  if (!isStrings(value.disabledTriggers) || typeof value.triggerStatesKnown !== 'boolean') return undefined;
  return value as unknown as Summary;
}

/** A cache entry of the right shape, else undefined (entries are untrusted). */
function asContribution(value: unknown): Contribution | undefined {
  if (!isRecord(value)) return undefined;
  const { heaviness, declaredColumnTypes, createdTables, notNullChecks, indexedColumns, complete, reads } = value;
  if (!isRecord(heaviness) || !(['locksTable', 'rewritesTable', 'scansTable'] satisfies Array<keyof Heaviness>).every((flag) => TRI.has(heaviness[flag])))
    return undefined;
  if (!isRecord(declaredColumnTypes) || !Object.values(declaredColumnTypes).every((type) => typeof type === 'string')) return undefined;
  if (!isRecord(notNullChecks) || !Object.values(notNullChecks).every((column) => typeof column === 'string')) return undefined;
  if (!isRecord(indexedColumns) || !Object.values(indexedColumns).every(isStrings)) return undefined;
  if (!isRecord(value.recheckedColumns) || !Object.values(value.recheckedColumns).every(isStrings)) return undefined;
  if (!isStrings(createdTables) || typeof complete !== 'boolean') return undefined;
  if (!isRecord(value.declaredTypes) || !Object.values(value.declaredTypes).every((kind) => kind === null || USER_TYPE_KINDS.has(kind))) return undefined;
  if (!isRecord(value.declaredFunctions) || !Object.values(value.declaredFunctions).every((traits) => traits === null || isFunctionTraits(traits)))
    return undefined;
  if (!isStrings(value.disabledTriggers) || typeof value.triggerStatesKnown !== 'boolean') return undefined;
  if (!isReads(reads)) return undefined;
  return value as unknown as Contribution;
}
