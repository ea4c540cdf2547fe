/**
 * The schema of the `from` release as PostgreSQL holds it after the trace replayed its migrations
 * (src/trace/): every column's type, the tables, the validated NOT NULL checks and the indexes, read
 * from the catalog. The trace stores it in the derived cache under the released migrations' identity
 * (path and blob id of each, in order), and only when every released statement ran; the stage reads
 * it there, with or without `--trace`, and it replaces what the static reading of the released
 * migrations could follow: a column whose type only PostgreSQL knew (dynamic SQL, CREATE TABLE … AS,
 * a construct the reader cannot follow) is then judged on its real previous type. Facts, never guesses.
 */
import { createHash } from 'node:crypto';
import type { StageInput } from '../contract.js';
import { compareText } from '../../core/compare-text.js';
import { migrationAt, type FolderFormat, type MigrationPath } from './discovery.js';
import type { ReleasedSchema } from './released-schema.js';
import type { UserTypeKind } from './types.js';

export interface ReplayedSchema {
  /** `table.column` (table as `tableKey` writes it) → the type as PostgreSQL writes it (`format_type`). */
  columnTypes: Record<string, string>;
  /** Every relation a CREATE TABLE could collide with (tables, views, sequences…), as `tableKey` writes it. */
  tables: string[];
  /** Validated `CHECK (column IS NOT NULL)`: `table.constraint` → column. */
  notNullChecks: Record<string, string>;
  /** Every table → the columns a valid, non-partial index starts with. */
  indexedColumns: Record<string, string[]>;
  /** Every table → the columns a type change re-checks: read by an index expression or predicate, a non-btree/hash index, or a validated CHECK. */
  recheckedColumns: Record<string, string[]>;
  /**
   * Every user-defined type (as `typeKey` writes it) → what ADD COLUMN of one costs: a domain with a
   * constraint or any default counts as `rewriting-domain` (the catalog holds the default's text, not
   * its volatility).
   */
  userTypes: Record<string, UserTypeKind>;
}

/** Bump when what a {@link ReplayedSchema} means changes. */
const KIND = 'replayed-schema/4';

const byName = (a: MigrationPath, b: MigrationPath) => compareText(a.name, b.name) || compareText(a.path, b.path);

/** The migrations of the base ref in the order they run, each with its blob id: what the replayed schema is keyed by. */
export function releasedIdentities(input: Pick<StageInput, 'trees'>, formats: readonly FolderFormat[]): Array<{ path: string; blobId: string }> {
  return [...input.trees.base.keys()]
    .map((path) => migrationAt(path, formats))
    .filter((entry): entry is MigrationPath => entry !== undefined)
    .sort(byName)
    .map((migration) => ({ path: migration.path, blobId: input.trees.base.get(migration.path) ?? '' }));
}

/**
 * The key of the replayed schema of one base: its migrations in order, and a digest of every path and
 * blob id of the base tree. A released knex migration runs the modules it imports, so the same
 * migration blobs build another schema in a repository whose imported constants differ: the whole
 * tree is what the replay read (issue 28, a cache folder shared by two repositories).
 */
export function replayedSchemaKey(baseTree: ReadonlyMap<string, string>, identities: ReadonlyArray<{ path: string; blobId: string }>): string {
  return JSON.stringify([KIND, treeDigest(baseTree), identities.map((entry) => [entry.path, entry.blobId])]);
}

const treeDigests = new WeakMap<ReadonlyMap<string, string>, string>();

/** SHA-256 over every path and blob id of a tree (sorted), once per tree object. */
export function treeDigest(tree: ReadonlyMap<string, string>): string {
  let known = treeDigests.get(tree);
  if (known === undefined) {
    const hash = createHash('sha256');
    for (const path of [...tree.keys()].sort(compareText)) hash.update(`${path}\0${tree.get(path)}\n`);
    known = hash.digest('hex');
    treeDigests.set(tree, known);
  }
  return known;
}

const isRecordOf = (value: unknown, item: (entry: unknown) => boolean): value is Record<string, never> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(item);
const isString = (value: unknown) => typeof value === 'string';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** A cache entry of the right shape, else undefined (entries are untrusted). */
export function asReplayedSchema(value: unknown): ReplayedSchema | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { columnTypes, tables, notNullChecks, indexedColumns, recheckedColumns, userTypes } = value as Record<string, unknown>;
  if (!isRecordOf(columnTypes, isString) || !isStrings(tables) || !isRecordOf(notNullChecks, isString) || !isRecordOf(indexedColumns, isStrings))
    return undefined;
  if (!isRecordOf(recheckedColumns, isStrings)) return undefined;
  if (!isRecordOf(userTypes, (kind) => kind === 'type' || kind === 'domain' || kind === 'rewriting-domain')) return undefined;
  return { columnTypes, tables, notNullChecks, indexedColumns, recheckedColumns, userTypes };
}

/** The replayed schema of this release's base, when the trace left one in the cache. */
export function cachedReplayedSchema(input: Pick<StageInput, 'trees' | 'derivedCache'>, formats: readonly FolderFormat[]): ReplayedSchema | undefined {
  if (input.derivedCache === undefined) return undefined;
  return asReplayedSchema(input.derivedCache.get(replayedSchemaKey(input.trees.base, releasedIdentities(input, formats))));
}

/** The released schema as PostgreSQL holds it: the replayed facts replace the statically read ones. */
export function releasedSchemaFromReplay(replayed: ReplayedSchema): ReleasedSchema {
  return {
    columnTypes: new Map(Object.entries(replayed.columnTypes)),
    tables: new Set(replayed.tables),
    tablesComplete: true,
    notNullChecks: new Map(Object.entries(replayed.notNullChecks)),
    indexedColumns: new Map(Object.entries(replayed.indexedColumns).map(([table, columns]) => [table, new Set(columns)])),
    recheckedColumns: new Map(Object.entries(replayed.recheckedColumns).map(([table, columns]) => [table, new Set(columns)])),
    userTypes: new Map(Object.entries(replayed.userTypes)),
    // The replay reads no function body: nothing is proven of functions.
    functions: new Map(),
    // Nor which triggers are disabled (pg_trigger is not read): ENABLE TRIGGER ALL stays unknown.
    disabledTriggers: new Set(),
    triggerStatesKnown: false,
  };
}
