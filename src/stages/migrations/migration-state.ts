/**
 * The state of one migration while it is classified, statement by statement: what rules may ask
 * about (RuleContext: transaction, lock_timeout, new tables, NOT NULL checks) plus what the
 * classifier records for later statements (column types, index tables, functions created).
 */
import type { OldCodeLookup } from './old-code/lookup.js';
import type { PlpgsqlItem } from './plpgsql.js';
import { columnType, nodeOf, tableKey, typeText, type ColumnType } from './rules/ast.js';
import { blocksWrites, lockRank, type LockMode, type RuleContext } from './rules/rule.js';
import { parseStatements } from './sql.js';
import type { ClassifyContext, ClassifyOptions, FunctionTraits, UserTypeKind } from './types.js';

/**
 * Ceiling above which a `lock_timeout` does not count as bounding a lock wait (README, "lock_timeout"):
 * a wait of minutes blocks every query queued behind it just as an unbounded one does.
 */
/** Keys of NOT NULL columns and of unique indexes' columns, kept with the not-null checks. */
const NOT_NULL_COLUMN_MARK = '\u0000not-null:';
const INDEX_MARK = '\u0000index:';
/** Marks a NOT VALID check's column in the not-null checks (no identifier holds a NUL character). */
const NOT_VALID_MARK = '\u0000not-valid:';

export const LOCK_TIMEOUT_CEILING_MS = 10_000;

/** Key of {@link MigrationState.pendingDisabledTriggers}: the table and what was disabled (a trigger's name, `ALL`, `USER`). */
export function disabledTriggerKey(table: string, triggers: string): string {
  return `${tableKey(table)}\u0000${triggers}`;
}

/** How long a `SET` / `set_config` lasts: the session, or the current transaction (`LOCAL`). */
export type SettingScope = 'session' | 'local';

export type FunctionBody =
  | { language: 'plpgsql'; items: PlpgsqlItem[]; harmlessTrigger: boolean }
  | { language: 'sql'; sql: string; line: number }
  | { language: 'opaque'; reason: string };

/** The migration so far: what rules may ask about (RuleContext) plus what the classifier records. */
export class MigrationState implements RuleContext {
  readonly postgresVersion: number;
  readonly oldCode?: OldCodeLookup;
  /** Whether a transaction block is open: the runner's at the start, then BEGIN / COMMIT / ROLLBACK. */
  private transactionOpen: boolean;
  /** Whether the session's lock_timeout (plain SET) bounds lock waits. */
  private sessionTimeoutBounded = false;
  /** The session's value when the open transaction began: a ROLLBACK undoes a plain SET made inside it. */
  private sessionTimeoutAtBegin = false;
  /** `SET LOCAL` of the open transaction, until it ends. */
  private localTimeoutBounded: boolean | undefined;
  readonly created: string[] = [];
  private readonly newTableKeys: Set<string>;
  /** Validated `CHECK (col IS NOT NULL)`: `table.constraint` → column (released ones first, then this migration's). */
  private readonly notNullChecks: Map<string, string>;
  /** Tables whose whole shape is known (created here or by released migrations) → columns some index starts with. */
  private readonly indexedColumns: Map<string, Set<string>>;
  /**
   * Tables whose indexes and CHECK constraints are known (created here or by released migrations) →
   * the columns an ALTER COLUMN TYPE makes PostgreSQL check again with a full scan under ACCESS
   * EXCLUSIVE, even when the type change itself keeps storage: columns an index expression or
   * predicate reads, columns of an index of another access method than btree or hash, and columns a
   * CHECK constraint reads (observed in PGlite: such indexes are rebuilt, such checks re-validated).
   */
  private readonly recheckedColumns: Map<string, Set<string>>;
  /** NOT VALID `CHECK (col IS NOT NULL)` waiting for VALIDATE: constraint key → column. */
  readonly pendingNotNullChecks = new Map<string, string>();
  readonly notValidInTransaction = new Set<string>();
  /** The strongest lock taken on each table in the open transaction (held until it ends): table key → mode. */
  private readonly heldLocks = new Map<string, LockMode>();
  /** The strongest lock the statement being judged takes on each table (all its subcommands hold it together). */
  private statementLocks = new Map<string, LockMode>();
  readonly indexTables = new Map<string, string>();
  /** Column types declared in this migration (they take precedence over the given ones). */
  private readonly columnTypes = new Map<string, ColumnType>();
  readonly declaredColumnTypes = new Map<string, string>();
  private readonly existingTableKeys: ReadonlySet<string> | undefined;
  readonly functions = new Map<string, FunctionBody>();
  /** What is proven of functions by name: the given ones, then this migration's creates, alters and drops. */
  private readonly functionTraits: Map<string, FunctionTraits>;
  /** This migration's changes to {@link functionTraits} (null: dropped, altered or renamed away), to pass on. */
  readonly declaredFunctions = new Map<string, FunctionTraits | null>();
  /** Names forgotten in this migration: a later definition does not make the other overloads proven. */
  private readonly forgottenFunctions = new Set<string>();
  /** Domains created in this migration → their base type's bare name (a constraint on the base is checked on their columns too). */
  private readonly domainBases = new Map<string, string>();
  /** Objects created in this migration, `OBJECT_TYPE:name` (functions are in {@link functions}). */
  private readonly createdObjects = new Set<string>();
  /** Nullability declared in this migration: `table.column` → NOT NULL. */
  readonly columnNotNull = new Map<string, boolean>();
  /**
   * DISABLE TRIGGER on an existing table not re-enabled yet: `table` NUL `trigger|ALL|USER` → where,
   * and whether another session could already write while it was off (outside a transaction, or the
   * transaction of the DISABLE ended).
   */
  readonly pendingDisabledTriggers = new Map<
    string,
    { table: string; triggers: string; at: { sql: string; line: number }; exposed: 'outside-transaction' | 'committed' | undefined }
  >();
  /** Triggers disabled now, as far as known: the given ones, then this migration's DISABLEs and ENABLEs ({@link disabledTriggerKey}). */
  readonly disabledTriggers: Set<string>;
  /** Whether {@link disabledTriggers} is complete for the migrations before this one. */
  readonly triggerStatesKnown: boolean;
  /** DROP DEFAULT not followed by a SET DEFAULT yet: `table.column` → where. */
  readonly pendingDroppedDefaults = new Map<string, { table: string; column: string; at: { sql: string; line: number } }>();
  /**
   * Column types given by the caller (every column of the released migrations), as text. Parsed only
   * when a statement asks: a release reads hundreds of migrations, each with thousands of known columns.
   */
  private readonly givenColumnTypes: ReadonlyMap<string, string>;
  /** User-defined types known so far: the given ones, then this migration's creates, alters and drops. */
  private readonly userTypes: Map<string, UserTypeKind>;
  /** This migration's changes to {@link userTypes} (null: dropped or renamed away), to pass on. */
  readonly declaredTypes = new Map<string, UserTypeKind | null>();

  constructor(
    private readonly runnerTransaction: boolean,
    context: ClassifyContext,
    options: ClassifyOptions,
  ) {
    this.postgresVersion = context.postgresVersion;
    if (context.oldCode !== undefined) this.oldCode = context.oldCode;
    this.transactionOpen = runnerTransaction;
    this.newTableKeys = new Set([...(context.newTables ?? [])].map(tableKey));
    this.existingTableKeys = context.existingTables === undefined ? undefined : new Set([...context.existingTables].map(tableKey));
    this.givenColumnTypes = options.columnTypes ?? new Map();
    this.notNullChecks = new Map(options.notNullChecks ?? []);
    this.indexedColumns = new Map([...(options.indexedColumns ?? [])].map(([table, columns]) => [table, new Set(columns)]));
    this.userTypes = new Map(options.userTypes ?? []);
    this.functionTraits = new Map(options.functions ?? []);
    this.recheckedColumns = new Map([...(options.recheckedColumns ?? [])].map(([table, columns]) => [table, new Set(columns)]));
    this.disabledTriggers = new Set(options.disabledTriggers ?? []);
    this.triggerStatesKnown = options.triggerStatesKnown === true;
  }

  get inTransaction(): boolean {
    return this.transactionOpen;
  }
  /** A bounded lock_timeout is in force: the open transaction's `SET LOCAL`, else the session's. */
  get lockTimeoutSet(): boolean {
    return this.localTimeoutBounded ?? this.sessionTimeoutBounded;
  }
  /** `SET [LOCAL] lock_timeout` / `set_config('lock_timeout', …, is_local)`. SET LOCAL outside a transaction block does nothing. */
  setLockTimeout(bounded: boolean, scope: SettingScope): void {
    if (scope === 'session') this.sessionTimeoutBounded = bounded;
    else if (this.transactionOpen) this.localTimeoutBounded = bounded;
  }
  /** A new connection (knex without a transaction sends each query on whichever pooled one is free). */
  forgetSessionSettings(): void {
    this.sessionTimeoutBounded = false;
    this.localTimeoutBounded = undefined;
  }
  /**
   * Transaction boundaries: BEGIN opens a block (a no-op inside one); COMMIT ends it, and SET LOCAL
   * with it; ROLLBACK also undoes plain SETs made inside it. ROLLBACK TO SAVEPOINT may undo any SET
   * since the savepoint: keep a timeout only when it was in force at BEGIN too.
   */
  recordTransaction(kind: string, chain: boolean): void {
    if (kind === 'TRANS_STMT_BEGIN' || kind === 'TRANS_STMT_START') {
      if (!this.transactionOpen) this.sessionTimeoutAtBegin = this.sessionTimeoutBounded;
      this.transactionOpen = true;
    } else if (kind === 'TRANS_STMT_COMMIT' || kind === 'TRANS_STMT_PREPARE' || kind === 'TRANS_STMT_ROLLBACK') {
      if (kind === 'TRANS_STMT_ROLLBACK' && this.transactionOpen) this.sessionTimeoutBounded = this.sessionTimeoutAtBegin;
      this.localTimeoutBounded = undefined;
      this.transactionOpen = chain && kind !== 'TRANS_STMT_PREPARE';
      this.sessionTimeoutAtBegin = this.sessionTimeoutBounded;
      this.notValidInTransaction.clear();
      this.heldLocks.clear();
      // From here other sessions write while those triggers are off (a ROLLBACK would undo the DISABLE: taken as the worse case).
      for (const disabled of this.pendingDisabledTriggers.values()) disabled.exposed ??= 'committed';
    } else if (kind === 'TRANS_STMT_ROLLBACK_TO') {
      this.sessionTimeoutBounded &&= this.sessionTimeoutAtBegin;
      this.localTimeoutBounded = undefined;
    }
  }
  isNewTable(table: string | undefined): boolean {
    return table !== undefined && this.newTableKeys.has(tableKey(table));
  }
  /** Whether the released migrations are known and none of them creates `table`. */
  provenAbsentBefore(table: string): boolean {
    return this.existingTableKeys !== undefined && !this.existingTableKeys.has(tableKey(table));
  }
  addCreated(table: string): void {
    this.newTableKeys.add(tableKey(table));
    if (!this.created.includes(table)) this.created.push(table);
  }
  hasValidNotNullCheck(table: string, column: string): boolean {
    const prefix = `${tableKey(table)}.`;
    for (const [key, checked] of this.notNullChecks) if (checked === column && key.startsWith(prefix)) return true;
    return false;
  }
  /** A validated `CHECK (column IS NOT NULL)`; unnamed ones get PostgreSQL's name `<table>_<column>_check`. */
  addNotNullCheck(table: string, column: string, constraint?: string): void {
    const bare = tableKey(table).split('.').pop() ?? table;
    this.notNullChecks.set(`${tableKey(table)}.${constraint ?? `${bare}_${column}_check`}`, column);
  }
  /**
   * A NOT VALID `CHECK (column IS NOT NULL)`: kept with the validated ones, its column marked, so that a
   * VALIDATE in a later migration makes it count. A marked entry never equals a column name, so
   * {@link hasValidNotNullCheck} does not see it.
   */
  addNotValidNotNullCheck(table: string, column: string, constraint?: string): void {
    this.addNotNullCheck(table, `${NOT_VALID_MARK}${column}`, constraint ?? `${tableKey(table).split('.').pop() ?? table}_${column}_check`);
  }
  /** VALIDATE CONSTRAINT: the column of a NOT VALID not-null check of that name (this migration's or a released one), now valid. */
  validateNotNullCheck(table: string, constraint: string): void {
    const key = `${tableKey(table)}.${constraint}`;
    const marked = this.notNullChecks.get(key);
    const column = this.pendingNotNullChecks.get(key) ?? (marked?.startsWith(NOT_VALID_MARK) ? marked.slice(NOT_VALID_MARK.length) : undefined);
    if (column !== undefined) this.addNotNullCheck(table, column, constraint);
  }
  /**
   * A column is NOT NULL (declared so, or set): kept with the not-null checks (SET NOT NULL on it scans
   * nothing either), so the next migrations know it. `false` (DROP NOT NULL) forgets it.
   */
  setColumnNotNull(table: string, column: string, notNull: boolean, known = true): void {
    this.columnNotNull.set(`${tableKey(table)}.${column}`, notNull);
    const key = `${tableKey(table)}.${NOT_NULL_COLUMN_MARK}${column}`;
    if (notNull && known) this.notNullChecks.set(key, column);
    else this.notNullChecks.delete(key);
  }
  /** A unique index's columns, kept (marked) with the table's not-null checks for `ADD PRIMARY KEY USING INDEX`. */
  recordIndexColumns(table: string, index: string, columns: readonly string[] | undefined): void {
    for (const key of [...this.notNullChecks.keys()]) if (key.endsWith(`.${INDEX_MARK}${index}`)) this.notNullChecks.delete(key);
    if (columns !== undefined) this.notNullChecks.set(`${tableKey(table)}.${INDEX_MARK}${index}`, `${INDEX_MARK}${columns.join('\u0000')}`);
  }
  /** The columns of an index of the table, when a migration read created it (plain columns only). */
  indexColumns(table: string, index: string): string[] | undefined {
    const value = this.notNullChecks.get(`${tableKey(table)}.${INDEX_MARK}${index}`);
    return value === undefined ? undefined : value.slice(INDEX_MARK.length).split('\u0000');
  }
  /** DROP CONSTRAINT: the check (if it was one) no longer lets SET NOT NULL skip its scan. */
  dropConstraint(table: string, constraint: string): void {
    this.notNullChecks.delete(`${tableKey(table)}.${constraint}`);
  }
  /**
   * The table changed in a way the checks and indexes recorded for it may not follow (renamed,
   * dropped, a column dropped, renamed or retyped): forget its checks. Indexes are kept only while
   * the table keeps its name and columns (`keep.indexes`), else its shape is no longer known; the
   * columns a type change re-checks are kept when the caller carried them over (`keep.recheckedColumns`).
   */
  forgetTableShape(table: string, keep: { indexes?: boolean; recheckedColumns?: boolean } = {}): void {
    const prefix = `${tableKey(table)}.`;
    for (const key of [...this.notNullChecks.keys()]) if (key.startsWith(prefix)) this.notNullChecks.delete(key);
    if (keep.indexes !== true) this.indexedColumns.delete(tableKey(table));
    if (keep.recheckedColumns !== true) this.recheckedColumns.delete(tableKey(table));
  }
  /** A table whose whole shape is known from here on (created in this migration). */
  knowTableShape(table: string): void {
    this.indexedColumns.set(tableKey(table), new Set());
    this.recheckedColumns.set(tableKey(table), new Set());
  }
  /** Whether the table's indexes and checks are known (see {@link recheckedColumns}). */
  knowsIndexesAndChecks(table: string): boolean {
    return this.recheckedColumns.has(tableKey(table));
  }
  /** Columns a type change re-checks (read by an index expression or predicate, a non-btree index, a CHECK). */
  addRecheckedColumns(table: string, columns: Iterable<string>): void {
    const known = this.recheckedColumns.get(tableKey(table));
    if (known !== undefined) for (const column of columns) known.add(column);
  }
  /** RENAME COLUMN: what was known of the column is known under its new name. */
  renameRecheckedColumn(table: string, from: string, to: string): void {
    const known = this.recheckedColumns.get(tableKey(table));
    if (known?.delete(from)) known.add(to);
  }
  columnRechecked(table: string, column: string): boolean | undefined {
    return this.recheckedColumns.get(tableKey(table))?.has(column);
  }
  /** An index (or PRIMARY KEY / UNIQUE / EXCLUDE constraint) starting with `column`. */
  addIndexedColumn(table: string, column: string): void {
    this.indexedColumns.get(tableKey(table))?.add(column);
  }
  columnIndexed(table: string, column: string): boolean | undefined {
    return this.indexedColumns.get(tableKey(table))?.has(column);
  }
  /** A statement begins: the locks its operations take, held together while any of them scans. */
  beginStatementLocks(locks: ReadonlyArray<{ table: string | undefined; lock: LockMode }>): void {
    this.statementLocks = new Map();
    for (const { table, lock } of locks) {
      if (table === undefined) continue;
      const key = tableKey(table);
      if (lockRank(lock) > lockRank(this.statementLocks.get(key) ?? 'none')) this.statementLocks.set(key, lock);
    }
  }
  /** The statement ended: inside a transaction its locks stay held until COMMIT or ROLLBACK. */
  endStatementLocks(): void {
    if (this.transactionOpen)
      for (const [key, lock] of this.statementLocks) if (lockRank(lock) > lockRank(this.heldLocks.get(key) ?? 'none')) this.heldLocks.set(key, lock);
    this.statementLocks = new Map();
  }
  /** Whether a lock that blocks writes is held on the table now (by this statement, or earlier in the open transaction). */
  writesBlockedOn(table: string | undefined): boolean {
    if (table === undefined) return false;
    const key = tableKey(table);
    return [this.statementLocks.get(key), this.heldLocks.get(key)].some((lock) => lock !== undefined && blocksWrites(lock));
  }
  /** Nothing known of any table's checks and re-checked columns any more (a part that may touch any table was not judged). */
  forgetAllShapes(): void {
    this.notNullChecks.clear();
    this.recheckedColumns.clear();
  }
  /** The schema facts to hand to the next migration ({@link ClassifyOptions}). */
  schemaAfter(): { notNullChecks: Record<string, string>; indexedColumns: Record<string, string[]>; recheckedColumns: Record<string, string[]> } {
    return {
      recheckedColumns: Object.fromEntries(
        [...this.recheckedColumns].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([table, columns]) => [table, [...columns].sort()]),
      ),
      notNullChecks: Object.fromEntries([...this.notNullChecks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      indexedColumns: Object.fromEntries(
        [...this.indexedColumns].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([table, columns]) => [table, [...columns].sort()]),
      ),
    };
  }
  addedNotValidInThisTransaction(table: string, constraint: string): boolean {
    return this.notValidInTransaction.has(`${tableKey(table)}.${constraint}`);
  }
  declareColumn(table: string, column: string, type: ColumnType | undefined): void {
    if (type === undefined) return;
    const key = `${tableKey(table)}.${column}`;
    this.columnTypes.set(key, type);
    this.declaredColumnTypes.set(key, typeText(type));
  }
  /** CREATE DOMAIN in this migration: what it is over. */
  declareDomainBase(domain: string, base: string): void {
    this.domainBases.set(bareTypeName(domain), bareTypeName(base));
  }
  tablesUsingType(type: string): string[] {
    // The type and every domain this migration created over it (transitively), by bare name: a
    // same-named type of another schema counts too (a heavier answer, never a lighter one).
    const names = new Set([bareTypeName(type)]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [domain, base] of this.domainBases) {
        if (names.has(base) && !names.has(domain)) {
          names.add(domain);
          grew = true;
        }
      }
    }
    const tables = new Set<string>();
    for (const key of new Set([...this.givenColumnTypes.keys(), ...this.columnTypes.keys()])) {
      const split = key.lastIndexOf('.');
      if (split <= 0) continue;
      const table = key.slice(0, split);
      const name = this.columnType(table, key.slice(split + 1))?.name;
      if (name !== undefined && names.has(name)) tables.add(table);
    }
    return [...tables].sort();
  }
  /** RENAME COLUMN / RENAME TO: the columns keep their types under the new names (a later type change is judged on them). */
  renameColumnTypes(table: string, newTable: string, column?: { from: string; to: string }): void {
    const prefix = `${tableKey(table)}.`;
    const names = new Set<string>();
    for (const key of [...this.givenColumnTypes.keys(), ...this.columnTypes.keys()]) if (key.startsWith(prefix)) names.add(key.slice(prefix.length));
    for (const name of names) {
      if (column !== undefined && name !== column.from) continue;
      this.declareColumn(newTable, column === undefined ? name : column.to, this.columnType(table, name));
    }
  }
  columnType(table: string, column: string): ColumnType | undefined {
    const key = `${tableKey(table)}.${column}`;
    const declared = this.columnTypes.get(key);
    if (declared !== undefined) return declared;
    const text = this.givenColumnTypes.get(key);
    return text === undefined ? undefined : parseTypeText(text);
  }
  addCreatedObject(objectType: string, name: string): void {
    this.createdObjects.add(`${objectType}:${tableKey(name)}`);
  }
  disabledInThisMigration(table: string, trigger: string): boolean {
    return this.pendingDisabledTriggers.has(disabledTriggerKey(table, trigger));
  }
  /**
   * Whether every trigger of the table that is disabled now was disabled by this migration and not
   * re-enabled yet: ENABLE TRIGGER ALL / USER then only restores them. Not known when an earlier
   * migration could not be read or judged (it may have left one disabled).
   */
  onlyThisMigrationDisabledTriggers(table: string): boolean {
    if (!this.triggerStatesKnown) return false;
    const prefix = disabledTriggerKey(table, '');
    return [...this.disabledTriggers].every((key) => !key.startsWith(prefix) || this.pendingDisabledTriggers.has(key));
  }
  /** DISABLE TRIGGER (`trigger`: a name, `ALL`, `USER`) or ENABLE TRIGGER: what is disabled from now on. */
  switchTriggers(table: string, trigger: string, enabled: boolean): void {
    const key = disabledTriggerKey(table, trigger);
    if (!enabled) {
      this.disabledTriggers.add(key);
      return;
    }
    const prefix = disabledTriggerKey(table, '');
    for (const disabled of [...this.disabledTriggers]) {
      if (!disabled.startsWith(prefix)) continue;
      const scope = disabled.slice(prefix.length);
      // ENABLE ALL: every trigger; USER: every user trigger (a DISABLE ALL's internal ones stay off); a name: that one.
      if (trigger === 'ALL' || disabled === key || (trigger === 'USER' && scope !== 'ALL')) this.disabledTriggers.delete(disabled);
    }
  }
  isNewObject(objectType: string, name: string): boolean {
    if (objectType === 'OBJECT_FUNCTION' || objectType === 'OBJECT_PROCEDURE' || objectType === 'OBJECT_ROUTINE')
      return this.functions.has(name.split('.').pop() ?? name);
    return this.createdObjects.has(`${objectType}:${tableKey(name)}`);
  }
  isHarmlessTriggerFunction(name: string): boolean {
    return this.functionTraits.get(bareFunctionName(name))?.harmlessTrigger === true;
  }
  isTableFreeNonVolatileFunction(name: string): boolean {
    return this.functionTraits.get(bareFunctionName(name))?.tableFreeNonVolatile === true;
  }
  /** CREATE [OR REPLACE] FUNCTION: another definition of the name (an overload, or a replacement): proven only what every one is. */
  declareFunction(name: string, traits: FunctionTraits): void {
    const key = bareFunctionName(name);
    const known = this.functionTraits.has(key) ? this.functionTraits.get(key) : undefined;
    const merged =
      known === undefined && !this.forgottenFunctions.has(key)
        ? traits
        : {
            harmlessTrigger: traits.harmlessTrigger && known?.harmlessTrigger === true,
            tableFreeNonVolatile: traits.tableFreeNonVolatile && known?.tableFreeNonVolatile === true,
          };
    this.functionTraits.set(key, merged);
    this.declaredFunctions.set(key, merged);
  }
  /** DROP, ALTER (volatility may change) or RENAME of a function: nothing is proven of the name any more. */
  forgetFunction(name: string): void {
    const key = bareFunctionName(name);
    this.functionTraits.delete(key);
    this.forgottenFunctions.add(key);
    this.declaredFunctions.set(key, null);
  }
  /** What a user-defined type is, when a migration read so far created it (undefined: not known). */
  userType(key: string): UserTypeKind | undefined {
    return this.userTypes.get(key);
  }
  /** A type created, or changed (`kind`), or dropped (`null`). */
  declareType(key: string, kind: UserTypeKind | null): void {
    if (kind === null) this.userTypes.delete(key);
    else this.userTypes.set(key, kind);
    this.declaredTypes.set(key, kind);
  }
  indexTable(index: string): string | undefined {
    return this.indexTables.get(index);
  }
}

/** A function's name without its schema (overloads and schemas share what is proven: the weaker answer). */
function bareFunctionName(name: string): string {
  return name.split('.').pop() ?? name;
}

/** A type's name as a column type's `name` holds it: the last part, lower-case. */
function bareTypeName(name: string): string {
  return (name.split('.').pop() ?? name).replace(/^"|"$/g, '').toLowerCase();
}

/** Parsed type texts (`varchar(255)`, `int4`, …): a repository uses few distinct ones. */
const parsedTypeTexts = new Map<string, ColumnType | undefined>();

function parseTypeText(type: string): ColumnType | undefined {
  if (parsedTypeTexts.has(type)) return parsedTypeTexts.get(type);
  let parsed: ColumnType | undefined;
  try {
    const [statement] = parseStatements(`SELECT NULL::${type}`);
    const target = nodeOf(nodeOf(statement?.node, 'SelectStmt')?.targetList?.[0], 'ResTarget');
    parsed = columnType(nodeOf(target?.val, 'TypeCast')?.typeName);
  } catch {
    parsed = undefined;
  }
  parsedTypeTexts.set(type, parsed);
  return parsed;
}
