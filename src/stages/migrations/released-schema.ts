import type { StageInput } from '../contract.js';
import { classifyMigration } from './classify.js';
import { migrationAt, type FolderFormat, type MigrationPath } from './discovery.js';
import { compareText } from '../../core/compare-text.js';
import { loadParser } from './sql.js';

/**
 * What the migrations released at the base ref declare, in name order: column types
 * (`table.column` → type) and the tables they create (conditional creates included: for released
 * history "may exist" is what matters).
 *
 * Each released file's share is derived once per content and kept in the caller's
 * `derivedCache` (contract.ts): a release that changes a column type would otherwise extract and classify
 * every released migration again (hundreds of files), and backfill once per pair.
 */
export interface ReleasedSchema {
  columnTypes: Map<string, string>;
  /**
   * Every table the released migrations may have created; undefined when one of them could not be
   * read completely (then no table is proven absent: a conditional create is not proven new).
   */
  tables: Set<string> | undefined;
}

/** One released file's share: what it declares, and the other files its extraction read (imports). */
interface Contribution {
  createdTables: string[];
  declaredColumnTypes: Record<string, string>;
  /** Whether every part of the file was read (no unresolved part that may hide a CREATE TABLE). */
  complete: boolean;
  /** Path → blob id (null: absent) of every file the extractor read besides the migration itself. */
  reads: Array<[string, string | null]>;
}

/** Bump when what a {@link Contribution} means changes (the tool fingerprint covers code changes too). */
const CONTRIBUTION_KIND = 'released-migration-schema/1';

const byName = (a: { name: string; path: string }, b: { name: string; path: string }) =>
  compareText(a.name, b.name) || compareText(a.path, b.path);

export async function releasedSchema(input: StageInput, formats: readonly FolderFormat[]): Promise<ReleasedSchema> {
  const released = [...input.trees.base.keys()]
    .map((path) => migrationAt(path, formats))
    .filter((entry): entry is MigrationPath => entry !== undefined)
    .sort(byName);
  const columnTypes = new Map<string, string>();
  const tables = new Set<string>();
  let complete = true;
  for (const migration of released) {
    const contribution = await contributionOf(input, migration);
    if (contribution === undefined) {
      // Unknown types stay unknown (the classifier treats them as "a rewrite cannot be ruled out"),
      // and its tables are not known: none is proven absent.
      complete = false;
      continue;
    }
    for (const [column, type] of Object.entries(contribution.declaredColumnTypes)) columnTypes.set(column, type);
    for (const table of contribution.createdTables) tables.add(table);
    complete &&= contribution.complete;
  }
  return { columnTypes, tables: complete ? tables : undefined };
}

/** The share of one released file, from the cache when its content and everything it read are unchanged. */
async function contributionOf(input: StageInput, migration: MigrationPath): Promise<Contribution | undefined> {
  const blob = input.trees.base.get(migration.path);
  if (blob === undefined) return undefined;
  const key = JSON.stringify([CONTRIBUTION_KIND, blob, migration.path, migration.format.id, migration.folder, input.postgresVersion]);
  const cached = asContribution(input.derivedCache?.get(key));
  if (cached && cached.reads.every(([path, id]) => (input.trees.base.get(path) ?? null) === id)) return cached;
  const fresh = await deriveContribution(input, migration);
  if (fresh) input.derivedCache?.set(key, fresh);
  return fresh;
}

/** Extracts and classifies one released file; undefined when it cannot be read or extracted (never cached). */
export async function deriveContribution(input: StageInput, migration: MigrationPath): Promise<Contribution | undefined> {
  try {
    await loadParser();
    const text = await input.read('base', migration.path);
    if (text === undefined) return undefined;
    const reads: Array<[string, string | null]> = [];
    const readBase = (path: string) => {
      reads.push([path, input.trees.base.get(path) ?? null]);
      return input.read('base', path);
    };
    const extracted = await migration.format.extract(migration.path, text, readBase);
    // No released tables are given: every create counts, conditional ones included.
    const classified = classifyMigration(extracted, { postgresVersion: input.postgresVersion, existingTables: new Set() });
    return {
      createdTables: classified.createdTables,
      declaredColumnTypes: classified.declaredColumnTypes,
      complete: extracted.unresolved.length === 0,
      reads,
    };
  } catch {
    return undefined;
  }
}

/** A cache entry of the right shape, else undefined (entries are untrusted). */
function asContribution(value: unknown): Contribution | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const entry = value as Partial<Contribution>;
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (!strings(entry.createdTables) || typeof entry.complete !== 'boolean') return undefined;
  const types = entry.declaredColumnTypes;
  if (types === null || typeof types !== 'object' || Array.isArray(types) || !Object.values(types).every((type) => typeof type === 'string')) return undefined;
  const reads = entry.reads;
  if (!Array.isArray(reads) || !reads.every((read) => Array.isArray(read) && read.length === 2 && typeof read[0] === 'string' && (read[1] === null || typeof read[1] === 'string'))) {
    return undefined;
  }
  return entry as Contribution;
}
