/**
 * What the previous release's code references in the database schema (issue 33).
 *
 * A rolling update runs the *previous* release's code against the *new* schema, so whether a
 * `DROP COLUMN`, a rename or a new `NOT NULL` breaks old instances depends on what that code reads
 * and writes. Each reader (knex, kysely, Prisma, TypeORM/MikroORM, Sequelize, drizzle, raw SQL)
 * turns one source file of the `from` tree into references and "dynamic" marks; the scan joins
 * them, and `lookup*` answers per table/column with `referenced` (cite file:line),
 * `unreferenced` (N files read) or `unknown` (why).
 *
 * Fail closed: a name built at run time (a table from a variable, `row[key]` after `select('*')`)
 * is a `DynamicReference` — it makes the table (or, without a table, every table) `unknown`,
 * never "unreferenced".
 *
 * Readers are pure functions of (path, text[, parsed AST]) so results cache by blob id.
 */

/** How the code touches the object. `insert` implies the columns it lists (or all, see `columns`). */
export type ReferenceAccess = 'read' | 'write' | 'insert' | 'any';

/** One place where old code touches a table or one of its columns. */
export interface CodeReference {
  /** Table name as the database sees it (after `@@map`, `@Entity('x')`, `tableName`, …), lower-cased unless quoted. */
  readonly table: string;
  /** Schema when the code names one (`analytics.events`); undefined = the search path. */
  readonly schema?: string;
  /** Column as the database sees it (after `@map`, `name:` options); undefined = the table as a whole. */
  readonly column?: string;
  readonly access: ReferenceAccess;
  /**
   * For `access: 'insert'` without `column`: the columns the insert names, or `'all'` when it
   * provably writes every column the code knows (an ORM model's full row), or `'unknown'` (object
   * spread, a variable row). Undefined for other accesses.
   */
  readonly insertColumns?: readonly string[] | 'all-model-columns' | 'unknown';
  /** Repository path and 1-based line of the reference in the `from` tree. */
  readonly file: string;
  readonly line: number;
  /** Which reader found it: 'knex' | 'kysely' | 'prisma' | 'typeorm' | 'mikro-orm' | 'sequelize' | 'drizzle' | 'sql'. */
  readonly via: string;
  /**
   * Optional (added by the knex/kysely readers): the table is a constant imported from another module
   * (`knex(UserTableName)`), which a per-file reader cannot see; `table` is then `''` and the scan
   * resolves it through the toolkit's ConstantEvaluator (a reference it cannot resolve becomes dynamic).
   */
  readonly tableImport?: ImportedName;
}

/** A name imported from another module: `import { UserTableName } from './entities/users'`, then `.member` path. */
export interface ImportedName {
  readonly specifier: string;
  /** The exported name (`default`, `*` for a namespace import). */
  readonly exported: string;
  readonly members?: readonly string[];
}

/** A reference whose target the reader could not evaluate statically. */
export interface DynamicReference {
  /** The table when known (then only its columns are unknown); undefined = any table. */
  readonly table?: string;
  readonly file: string;
  readonly line: number;
  readonly via: string;
  /** Plain words: "table name from variable `name`", "select('*') then row[key]". */
  readonly reason: string;
  /** Optional: the table is an imported constant the scan resolves (see {@link CodeReference.tableImport}). */
  readonly tableImport?: ImportedName;
}

/** What one reader found in one file. */
export interface FileReferences {
  readonly references: readonly CodeReference[];
  readonly dynamic: readonly DynamicReference[];
}

export const NO_REFERENCES: FileReferences = { references: [], dynamic: [] };

/** A reader for one library or ORM. */
export interface ReferenceReader {
  readonly id: string;
  /** Cheap pre-filter on the path and raw text (a marker such as `from 'knex'` or `model `). */
  mayReference(path: string, text: string): boolean;
  /** Pure: the same (path, text) always gives the same answer, so the scan caches it by blob id. */
  read(path: string, text: string): FileReferences;
}

/** Every reference of the `from` tree, joined. */
export interface ReferenceScan {
  readonly references: readonly CodeReference[];
  readonly dynamic: readonly DynamicReference[];
  /** Source files read (after the pre-filter, the count of files whose text was looked at). */
  readonly filesRead: number;
  /** Set when the scan itself could not finish (too many files, a read error): everything is unknown. */
  readonly incomplete?: string;
}

export type ReferenceAnswer =
  | { readonly state: 'referenced'; readonly references: readonly CodeReference[] }
  | { readonly state: 'unreferenced'; readonly filesRead: number }
  | { readonly state: 'unknown'; readonly reason: string; readonly at?: { readonly file: string; readonly line: number } };
