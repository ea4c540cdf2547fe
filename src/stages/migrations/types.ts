import type { OldCodeLookup } from './old-code/lookup.js';
import type { Heaviness } from '../../artifact/types.js';
import type { Finding } from '../../rules/types.js';

/**
 * Between extraction (`.sql` files, knex `.ts`/`.js` via @babel/parser) and classification
 * (libpg-query AST + rule table) there is only this data: statements with their source line,
 * and what could not be resolved statically.
 *
 *   extract: (file, text, resolveImport) → ExtractedMigration        (extract/*.ts)
 *   classify: (ExtractedMigration, ClassifyContext) → ClassifiedMigration   (classify.ts)
 */

export type HeavinessFlag = keyof Heaviness;

/** A file that could not be analysed: nothing about it is proven. Spread it (`{ ...UNKNOWN_HEAVINESS }`) to get a copy. */
export const UNKNOWN_HEAVINESS: Readonly<Heaviness> = { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' };

/**
 * Stands in for a knex call *value* the extractor could not resolve (`where('id', row.id)`), keeping
 * the statement's shape. The classifier never takes it for a bounded set of values.
 */
export const UNRESOLVED_PLACEHOLDER = '<unresolved>';

export interface ExtractedStatement {
  /** One or more PostgreSQL statements, as they would be sent to the server. */
  sql: string;
  /** 1-based line in the migration file where the statement (or the knex call that emits it) starts. */
  line: number;
  origin: 'sql-file' | 'knex-raw' | 'knex-schema-builder' | 'knex-query-builder' | 'orm-raw';
  /** Set when the statement only runs conditionally (behind `hasTable`/`hasColumn`). */
  guarded?: boolean;
  /** Last line of the call that emits it (knex chains span lines; an acceptance inside the call covers it). */
  endLine?: number;
}

export interface UnresolvedPart {
  line: number;
  /** e.g. "table name comes from a function parameter", "SQL built by helper buildSql() in ./utils". */
  reason: string;
  /** The flags that cannot be decided because of it. Never left empty: unknown parts are never light. */
  affects: HeavinessFlag[];
  /** Source text of the part, for the report. */
  evidence?: string;
}

export interface ExtractedMigration {
  /** Path of the file in the repository. */
  file: string;
  statements: ExtractedStatement[];
  unresolved: UnresolvedPart[];
  /** knex runs each migration in a transaction unless it exports `config = { transaction: false }`. `.sql` files: true. */
  inTransaction: boolean;
}

export interface ClassifyContext {
  postgresVersion: number;
  /** Tables created earlier in the same release (they are new and empty: nothing on them is heavy). */
  newTables?: ReadonlySet<string>;
  /**
   * Tables the released migrations create (known only when the stage read them). A conditional
   * create — `CREATE TABLE IF NOT EXISTS`, or a `createTable` behind a `hasTable` guard — proves a
   * table new only when this set is given and does not hold it; otherwise the table may already
   * exist with rows, and what follows on it is judged as on an existing table.
   */
  existingTables?: ReadonlySet<string>;
  /** The previous release's code references (old-code/lookup.ts), when the stage scanned them. */
  oldCode?: OldCodeLookup;
}

/** Optional knowledge beyond the shared context: the schema the released (earlier) migrations leave. */
export interface ClassifyOptions {
  /** Column types declared by earlier migrations (`table.column` → SQL type). */
  columnTypes?: ReadonlyMap<string, string>;
  /** Validated `CHECK (column IS NOT NULL)` constraints: `table.constraint` → column (table as `tableKey` in rules/ast.ts writes it). */
  notNullChecks?: ReadonlyMap<string, string>;
  /** Tables whose creation was seen (table as `tableKey` in rules/ast.ts writes it) → the columns some index starts with. */
  indexedColumns?: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * Tables whose indexes and CHECK constraints are known (created by earlier migrations) → the
   * columns a type change makes PostgreSQL check again with a full scan (see MigrationState).
   */
  recheckedColumns?: ReadonlyMap<string, ReadonlySet<string>>;
  /** User-defined types created by earlier migrations (name as `typeKey` in rules/user-types.ts writes it). */
  userTypes?: ReadonlyMap<string, UserTypeKind>;
  /** What is proven of functions earlier migrations created (bare name → traits). */
  functions?: ReadonlyMap<string, FunctionTraits>;
  /**
   * Triggers earlier migrations left disabled (`disabledTriggerKey` in migration-state.ts: the table
   * and a trigger's name, `ALL` or `USER`), trusted only with {@link triggerStatesKnown}.
   */
  disabledTriggers?: ReadonlySet<string>;
  /** Every earlier migration was read and judged, so no trigger was disabled beyond {@link disabledTriggers}; absent: not known. */
  triggerStatesKnown?: boolean;
}

/**
 * What is proven of a user function, for rules that meet it outside the migration that created it.
 * Overloads share a name: traits are true only when every definition of the name seen has them.
 */
export interface FunctionTraits {
  /** A PL/pgSQL trigger function that only sets fields of NEW from built-ins reading no table, then returns NEW. */
  harmlessTrigger: boolean;
  /** Declared IMMUTABLE or STABLE (PostgreSQL then evaluates a column default once) with a SQL body reading no table and calling only built-ins. */
  tableFreeNonVolatile: boolean;
}

/**
 * A user-defined type as ADD COLUMN sees it (rules/user-types.ts): `type` (enum, composite, range,
 * base type) and `domain` (no CHECK, no NOT NULL, no volatile default) add a column in the catalog
 * only; a `rewriting-domain` (a CHECK or NOT NULL constraint, or a volatile default) makes PostgreSQL
 * rewrite the table to check or fill every row.
 */
export type UserTypeKind = 'type' | 'domain' | 'rewriting-domain';

export interface ClassifiedMigration {
  /** Real table names touched, schema-qualified when the SQL is; sorted, unique. */
  tables: string[];
  heaviness: Heaviness;
  /**
   * Findings with rule ids from the migrations catalogue: heaviness findings and
   * backward-compatibility findings (drop/rename column, NOT NULL without default, …),
   * each with `evidence.file`, `evidence.line`, `evidence.statement`.
   */
  findings: Finding[];
  /** Whether anything here breaks old code running side by side (compatibility rules at level `breaking`). */
  breaksOldCode: boolean;
  /** Tables this migration creates (to carry into the next file's context). */
  createdTables: string[];
  /**
   * Every rule hit with the flags it set, a repeated brief lock included (reported once in
   * `findings`): the heaviness is exactly the union of these flags, so an acceptance removes
   * exactly what the hits it covers contributed.
   */
  hits: MigrationHit[];
}

export interface MigrationHit {
  finding: Finding;
  flags: Partial<Heaviness>;
}
