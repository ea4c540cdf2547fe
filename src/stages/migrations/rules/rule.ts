/**
 * The shape every migration rule shares: the operations the classifier extracts from the AST,
 * the explicit context passed to each rule (STYLE.md 6), and what a rule returns.
 */
import type { ColumnDef, Constraint, IndexStmt, Node } from 'libpg-query';
import type { Heaviness } from '../../../artifact/types.js';
import type { Rule } from '../../../rules/define.js';
import type { Finding, FindingParams, RuleMeta } from '../../../rules/types.js';
import type { MigrationFormatId } from '../../../config/migration-formats.js';
import type { UnresolvedPart, UserTypeKind } from '../types.js';
import type { ColumnType } from './ast.js';
import type { OldCodeLookup } from '../old-code/lookup.js';

/** PostgreSQL table lock modes, weakest first. */
export const LOCK_MODES = [
  'none',
  'ACCESS SHARE',
  'ROW EXCLUSIVE',
  'SHARE UPDATE EXCLUSIVE',
  'SHARE',
  'SHARE ROW EXCLUSIVE',
  'EXCLUSIVE',
  'ACCESS EXCLUSIVE',
] as const;
export type LockMode = (typeof LOCK_MODES)[number];

export function lockRank(mode: LockMode): number {
  return LOCK_MODES.indexOf(mode);
}

/** SHARE or stronger blocks INSERT/UPDATE/DELETE (the definition of `locksTable`). */
export function blocksWrites(mode: LockMode): boolean {
  return lockRank(mode) >= lockRank('SHARE');
}

interface OperationBase {
  /** Table the operation locks or touches, as written (schema-qualified when the SQL is). */
  table?: string;
  /** Lock taken on `table` by the operation itself (rules may report a stronger one). */
  lock: LockMode;
}

/** What one statement does, one entry per effect (an ALTER TABLE with three clauses gives three). */
export type Operation = OperationBase &
  (
    | { kind: 'add-column'; table: string; column: ColumnDef }
    | {
        kind: 'alter-column-type';
        table: string;
        column: string;
        to: ColumnType | undefined;
        from: ColumnType | undefined;
        using: Node | undefined;
        collate: boolean;
      }
    | { kind: 'set-not-null'; table: string; column: string }
    | { kind: 'add-constraint'; table: string; constraint: Constraint }
    | { kind: 'validate-constraint'; table: string; constraint: string }
    /** ALTER DOMAIN … ADD CONSTRAINT / VALIDATE CONSTRAINT / SET NOT NULL: one per table with a column of the domain; no table when which ones is not known. */
    | { kind: 'validate-domain'; domain: string; change: string }
    | { kind: 'drop-column'; table: string; column: string }
    | { kind: 'rename-column'; table: string; column: string; newName: string }
    | { kind: 'rename-table'; table: string; newName: string }
    | { kind: 'set-logged'; table: string; logged: boolean }
    | { kind: 'set-expression'; table: string; column: string }
    | { kind: 'detach-partition'; table: string; partition: string; concurrent: boolean }
    | { kind: 'create-index'; table: string; index: IndexStmt }
    | { kind: 'drop-index'; index: string; concurrent: boolean }
    | { kind: 'reindex'; target: string; concurrent: boolean }
    | { kind: 'drop-table'; table: string }
    | { kind: 'truncate'; table: string }
    | { kind: 'rename-enum-value'; type: string; from: string; to: string }
    /** DROP VIEW / DROP MATERIALIZED VIEW (`table` is the view: it takes ACCESS EXCLUSIVE on it). */
    | { kind: 'drop-view'; table: string; materialized: boolean }
    /** ALTER VIEW … RENAME [COLUMN] (`column` set for a column rename). */
    | { kind: 'rename-view'; table: string; newName: string; column?: string }
    /** DROP FUNCTION / PROCEDURE / ROUTINE / AGGREGATE. */
    | { kind: 'drop-function'; objectType: string; function: string }
    /** DROP of another object old code may name: type, domain, sequence, extension, schema, cast. */
    | { kind: 'drop-object'; objectType: string; name: string }
    /** RENAME of an object other than a table, column, view, index or table constraint/trigger/policy. */
    | { kind: 'rename-object'; objectType: string; name: string; newName: string }
    /** DROP DEFAULT still in force at the end of the migration; `notNull`: the column's nullability then (unknown when not seen). */
    | { kind: 'drop-default'; table: string; column: string; notNull: boolean | undefined }
    /** ALTER TABLE … ENABLE / FORCE ROW LEVEL SECURITY. */
    | { kind: 'enable-row-security'; table: string; force: boolean }
    /** CREATE POLICY … AS RESTRICTIVE: ANDed with the permissive policies of the table. */
    | { kind: 'create-restrictive-policy'; table: string; policy: string }
    /** ALTER SEQUENCE … RESTART. */
    | { kind: 'restart-sequence'; sequence: string }
    /** REVOKE of privileges or of a role membership. */
    | { kind: 'revoke'; what: string; tables: string[] }
    /**
     * ALTER TABLE … DISABLE TRIGGER, judged once its end is known: `triggers` is the trigger's name,
     * `ALL` or `USER`; `reenabledAt` the line of the ENABLE that restored it, if one did. `exposure`:
     * whether other sessions could write while it was disabled — `in-transaction` (re-enabled before
     * the DISABLE's transaction ended: its lock kept every other writer out) or not (left disabled,
     * disabled outside a transaction, or a COMMIT came first).
     */
    | {
        kind: 'disable-trigger';
        table: string;
        triggers: string;
        reenabledAt?: number;
        exposure: 'left-disabled' | 'outside-transaction' | 'committed' | 'in-transaction';
      }
    /** CREATE TRIGGER: its function decides what every write of the table does. */
    | { kind: 'create-trigger'; table: string; trigger: string; function: string; beforeRow: boolean }
    | { kind: 'update'; table: string; where: Node | undefined }
    | { kind: 'delete'; table: string; where: Node | undefined }
    /** A query reading existing tables: INSERT … SELECT, CREATE TABLE AS, SELECT INTO, SELECT … FROM. */
    | { kind: 'read-query'; table: string; statement: string; where: Node | undefined }
    | { kind: 'vacuum'; table: string; full: boolean }
    | { kind: 'cluster'; table: string }
    | { kind: 'refresh-materialized-view'; table: string; concurrent: boolean }
    /** A catalog-only change: its `lock` on `table` (if any) is held only for the catalog update. */
    | { kind: 'catalog-only'; statement: string }
    /**
     * ClickHouse (clickhouse/operations.ts): a mutation rewrites every part of the table in the
     * background (`MATERIALIZE INDEX`, `ALTER … UPDATE/DELETE`, `MODIFY COLUMN` type, …).
     */
    | { kind: 'clickhouse-mutation'; table: string; mutation: string }
    /** ClickHouse DROP TABLE / VIEW / DICTIONARY / DATABASE (`object` says which). */
    | { kind: 'clickhouse-drop-table'; table: string; object: string }
    | { kind: 'clickhouse-drop-column'; table: string; column: string }
    /** ClickHouse RENAME TABLE / EXCHANGE TABLES (`column` unset), or RENAME COLUMN. */
    | { kind: 'clickhouse-rename'; table: string; newName: string; column?: string }
    /** A ClickHouse statement or ALTER command the ClickHouse rules do not judge. */
    | { kind: 'clickhouse-unclassified'; statement: string }
    /** Pseudo-operations raised by the classifier itself. */
    | { kind: 'brief-lock'; table: string }
    | { kind: 'unclassified'; statement: string }
    | { kind: 'unparsable'; message: string }
    | { kind: 'dynamic-sql'; reason: string }
    | { kind: 'loop-over-data'; loop: string }
    | { kind: 'function-call'; function: string }
    | { kind: 'unresolved-part'; part: UnresolvedPart }
  );

export type OperationKind = Operation['kind'];
export type OperationOf<K extends OperationKind> = Extract<Operation, { kind: K }>;

/** Read-only view of the migration state so far, handed to every rule. */
export interface RuleContext {
  readonly postgresVersion: number;
  /** Whether the statement runs inside a transaction (the runner's, or an explicit BEGIN). */
  readonly inTransaction: boolean;
  /** A non-zero `lock_timeout` was set (SET / SET LOCAL / set_config) before this statement. */
  readonly lockTimeoutSet: boolean;
  /** Created earlier in this migration or earlier in the release: empty, nothing on it is heavy. */
  isNewTable(table: string | undefined): boolean;
  /** A valid `CHECK (column IS NOT NULL)` exists on the table (validated in this migration, or by a released one). */
  hasValidNotNullCheck(table: string, column: string): boolean;
  /**
   * Whether an index starts with the column: `undefined` unless the table's whole shape is known
   * (created in this migration or by the released migrations), then true or false.
   */
  columnIndexed(table: string, column: string): boolean | undefined;
  /** A write-blocking lock on the table is held now: taken by another part of this statement, or earlier in the open transaction. */
  writesBlockedOn(table: string | undefined): boolean;
  /** The constraint was added NOT VALID earlier in the same transaction (its lock is still held). */
  addedNotValidInThisTransaction(table: string, constraint: string): boolean;
  /** The plain columns of a unique index of the table, when a migration read created it; undefined otherwise. */
  indexColumns(table: string, index: string): string[] | undefined;
  /** An object (`OBJECT_FUNCTION`, `OBJECT_TYPE`, …) of that name was created earlier in this migration. */
  isNewObject(objectType: string, name: string): boolean;
  /**
   * The function was created earlier in this migration, or by a released one, as a PL/pgSQL trigger function that only
   * sets fields of NEW from built-in, table-free expressions and returns NEW.
   */
  isHarmlessTriggerFunction(name: string): boolean;
  /**
   * The function (created in this migration or by a released one) is declared IMMUTABLE or STABLE
   * and its SQL body reads no table: PostgreSQL evaluates a default calling it once, without a rewrite.
   */
  isTableFreeNonVolatileFunction(name: string): boolean;
  /**
   * What a user-defined type is (name as `typeKey` in ./user-types.ts writes it), when this migration,
   * an earlier one of the release or a released one created it; undefined when none read did.
   */
  userType(key: string): UserTypeKind | undefined;
  /**
   * Whether a type change of the column makes PostgreSQL check it again with a full scan (an index
   * expression or predicate, a non-btree index or a CHECK reads it): undefined unless the table's
   * indexes and checks are known (created in this migration or by the released ones).
   */
  columnRechecked(table: string, column: string): boolean | undefined;
  /**
   * What the previous release's code references (issue 33, old-code/): present only when the stage
   * scanned the `from` tree for this release. Absent → every old-code rule judges as it always did.
   */
  readonly oldCode?: OldCodeLookup;
}

/** A rule's verdict on one operation: parameters for the message and, when they differ from the catalogue facts, the flags. */
export interface RuleHit {
  params: FindingParams;
  /** Flags this hit sets; omitted → derived from the rule's catalogue facts. */
  flags?: Partial<Heaviness>;
  /** Extra tables touched (FK referenced tables). */
  tables?: string[];
}

export type RuleCheck<K extends OperationKind = OperationKind> = (operation: OperationOf<K>, context: RuleContext) => RuleHit | undefined;

/** Documented behaviour of the operation a rule flags (migration-facts.md), also used to derive flags. */
export interface RuleFacts {
  lock: LockMode;
  rewrites: boolean;
  scans: boolean;
  /** PostgreSQL versions the behaviour applies to, in words (ClickHouse versions for a ClickHouse rule). */
  versions: string;
  /** The database whose behaviour these are; PostgreSQL when absent. */
  dialect?: 'clickhouse';
}

/** A migration rule's check: the operation kinds it reads, and what it says about one of them. */
export interface OperationCheck {
  readonly operations: readonly OperationKind[];
  readonly check: RuleCheck;
}

/**
 * The check of a rule the stage's file-set diff reports (a released migration edited or deleted, a
 * file that could not be read): no statement operation reaches it.
 */
export const FILE_SET_CHECK: OperationCheck = { operations: [], check: () => undefined };

/**
 * The check of a rule the trace reports (src/trace/): PostgreSQL ran the statement and did something
 * the static rules did not say; no statement operation reaches it.
 */
export const OBSERVED_CHECK: OperationCheck = { operations: [], check: () => undefined };

/**
 * What PostgreSQL (PGlite) did running one statement of a migration on the previous schema with
 * seeded rows, as the trace records it (src/trace/observation.ts).
 */
export interface ObservedStatement {
  /** 1-based line in the migration file. */
  readonly line: number;
  readonly sql: string;
  /**
   * `transaction`: inside the migration's transaction, every flag observed.
   * `outside-transaction`: it cannot run in one (CREATE INDEX CONCURRENTLY); scans and rewrites are
   * observed from the cumulative statistics, the locks it held are not (they end with the statement).
   * `skipped`: transaction control of the file itself (BEGIN/COMMIT), run by the trace instead.
   * `failed`: PostgreSQL refused it; nothing after it in the file is judged on it.
   */
  readonly ran: 'transaction' | 'outside-transaction' | 'skipped' | 'failed';
  /** Lock modes this statement newly took on tables that existed before the migration. */
  readonly locks: ReadonlyArray<{ readonly table: string; readonly mode: LockMode }>;
  /** Tables (pre-existing) whose storage was rewritten, or whose every row was updated or deleted. */
  readonly rewrites: readonly string[];
  /** Tables (pre-existing) read in full (a sequential scan started). */
  readonly scans: readonly string[];
  /**
   * Write-blocking locks an earlier statement of the same transaction took and this one kept held
   * while it scanned or rewrote another table: `line` is the statement that took the lock.
   */
  readonly heldLocks?: ReadonlyArray<{ readonly table: string; readonly mode: LockMode; readonly line: number }>;
  /** What the observation means for each flag; a flag the run could not see is absent. */
  readonly flags: Readonly<Partial<Record<keyof Heaviness, boolean>>>;
}

/**
 * An example of a rule the trace reports: the schema the released migrations leave (`released`), the
 * migration (one `.sql` file, in a transaction), and what PostgreSQL did with it on seeded tables —
 * recorded here so the catalogue test stays pure, and re-observed in PGlite by
 * src/trace/observed-examples.pglite.test.ts so the record cannot drift from PostgreSQL.
 */
export interface MigrationObservedExample {
  readonly released: string;
  readonly sql: string;
  readonly observed: readonly ObservedStatement[];
}

/** Files of a migrations folder at one ref; `null` is a file listed in the tree that cannot be read. */
export type MigrationFiles = Readonly<Record<string, string | null>>;

/**
 * One example: a migration's SQL (run as one `.sql` file, in a transaction unless `inTransaction`
 * is false) and the state of the release around it.
 */
export interface MigrationRuleExample {
  readonly sql: string;
  /** The example is ClickHouse SQL, judged by the ClickHouse rules (clickhouse/classify.ts); PostgreSQL when absent. */
  readonly dialect?: 'clickhouse';
  readonly inTransaction?: boolean;
  readonly postgresVersion?: number;
  /** Tables created earlier in the release. */
  readonly newTables?: readonly string[];
  /** Column types known from released migrations: `{"users.age": "integer"}`. */
  readonly columnTypes?: Readonly<Record<string, string>>;
  /** Tables whose indexes and checks the released migrations show → the columns a type change re-checks: `{"users": ["email"]}`. */
  readonly recheckedColumns?: Readonly<Record<string, readonly string[]>>;
  /** Parts the extractor could not resolve. */
  readonly unresolved?: readonly UnresolvedPart[];
  /** The previous release's code (path → text), read for old-code references (issue 33); absent: not read. */
  readonly oldCode?: Readonly<Record<string, string>>;
}

/** An example of a file-set rule: the `migrations/` folder at the previous and the new release. */
export interface MigrationFolderExample {
  readonly base: MigrationFiles;
  readonly head: MigrationFiles;
}

declare module '../../../rules/define.js' {
  interface RuleSurfaces {
    migrations: {
      check: OperationCheck;
      example: MigrationRuleExample | MigrationFolderExample | MigrationObservedExample;
      meta: { readonly facts: RuleFacts };
    };
  }
}

export type MigrationRule<Id extends string = string> = Rule<Id, 'migrations'>;

/** A rule as the classifier reads it: its catalogue entry with the operations and the check. */
export interface MigrationRuleEntry<Id extends string = string> extends RuleMeta<Id> {
  readonly surface: 'migrations';
  readonly operations: readonly OperationKind[];
  readonly facts: RuleFacts;
  readonly check: RuleCheck;
}

export const MIGRATION_RULES_DOCS = 'docs/migration-rules.md';

/** Lets a rule file declare a check for specific operation kinds while the catalogue stores it generically. */
export function forOperations<K extends OperationKind>(kinds: readonly K[], check: RuleCheck<K>): { operations: readonly K[]; check: RuleCheck } {
  return {
    operations: kinds,
    check: (operation, context) => (kinds.includes(operation.kind as K) ? check(operation as OperationOf<K>, context) : undefined),
  };
}

/** Migration files knex runs (its own format has a switch for running without a transaction). */
const KNEX_FILE = /\.(c|m)?(j|t)s$/;

/**
 * How each format's runner is told not to wrap a migration in a transaction (`{noTransaction}` in a
 * fix), from the runner's documentation. Formats without such a switch say what to do instead.
 */
const NO_TRANSACTION: Readonly<Partial<Record<MigrationFormatId, string>>> = {
  knex: 'a knex migration that does not run in a transaction (`exports.config = { transaction: false }`, or `export const config = { transaction: false }` in ESM)',
  'node-pg-migrate': 'a node-pg-migrate migration that calls `pgm.noTransaction()` in `up`',
  typeorm: "a TypeORM migration class with `transaction = false` (TypeORM accepts it only with `migrationsTransactionMode: 'each'` in the DataSource options)",
  'mikro-orm': 'a MikroORM migration whose `isTransactional()` returns false',
  sequelize: 'a Sequelize migration that does not open `queryInterface.sequelize.transaction` (sequelize-cli runs it outside a transaction then)',
  kysely:
    'a migration run by a kysely `Migrator` created with `disableTransactions: true` (kysely 0.28+; otherwise it wraps every migration in a transaction on PostgreSQL)',
  goose: 'a goose migration marked `-- +goose NO TRANSACTION`',
  dbmate: 'a dbmate migration whose up section is marked `-- migrate:up transaction:false`',
  flyway: 'a Flyway migration with a script configuration file beside it (`V<version>__<name>.sql.conf`) setting `executeInTransaction=false`',
  prisma: 'a Prisma migration of its own (a `migration.sql` holding only this statement: several statements run as one implicit transaction)',
  'golang-migrate':
    'a golang-migrate migration of its own (an `.up.sql` holding only this statement: the file is sent as one query, several statements run as one implicit transaction)',
  drizzle: "a step run outside drizzle's migrator (it applies every pending migration in one transaction)",
  'sql-scripts': 'a script step your runner does not wrap in a transaction (logto: `beforeUp`)',
};

/**
 * What a migration `fix` may say beyond the finding's own names, in the migration's own format:
 * `{noTransaction}` is how this file's runner is told not to wrap the migration in a transaction.
 * Without the format (a rule book example), a script file is taken for knex, as before formats were known.
 */
export function migrationFixParams(finding: Finding, format?: MigrationFormatId): FindingParams {
  const known = format === undefined ? undefined : NO_TRANSACTION[format];
  const knex = format === undefined && KNEX_FILE.test(finding.evidence.file ?? '');
  return {
    noTransaction: known ?? (knex ? NO_TRANSACTION.knex! : 'a migration your runner does not wrap in a transaction'),
  };
}
