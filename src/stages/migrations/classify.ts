/**
 * Classification of one migration: statements → operations (rules/operations.ts) → rules (catalogue.ts)
 * → heaviness flags, tables and findings. The migration's state (tables created so far, lock_timeout,
 * transaction, constraints added) is one explicit object handed to every rule (STYLE.md 6).
 * Fail closed: a statement or clause we do not know makes every flag `unknown`, never light.
 */
import type { AlterTableCmd, Constraint, IndexStmt, Node, SelectStmt } from 'libpg-query';
import type { Heaviness } from '../../artifact/types.js';
import { anyTrue, type Tri } from '../../core/tristate.js';
import type { Finding, FindingParams } from '../../rules/types.js';
import { MIGRATION_RULES, migrationRule } from './catalogue.js';
import { newFieldAssignments, plpgsqlItems, type PlpgsqlItem } from './plpgsql.js';
import {
  columnType,
  dottedName,
  functionsCalled,
  isKnownBuiltinFunction,
  kindOf,
  nodeOf,
  shortenStatement,
  stringValue,
  tableKey,
  tableName,
  walkNodes,
} from './rules/ast.js';
import { objectName, selectReads, statementOperations, withQueries } from './rules/operations.js';
import { blocksWrites, lockRank, type LockMode, type MigrationRuleEntry, type Operation, type OperationKind, type RuleFacts } from './rules/rule.js';
import { linesBeforeByte, parsedNodeOf, parsePlpgsql, parseStatements, SqlParseError, type ParsedStatement } from './sql.js';
import { disabledTriggerKey, LOCK_TIMEOUT_CEILING_MS, MigrationState, type FunctionBody } from './migration-state.js';
import type {
  ClassifiedMigration,
  ClassifyContext,
  ClassifyOptions,
  ExtractedMigration,
  FunctionTraits,
  HeavinessFlag,
  MigrationHit,
  UserTypeKind,
} from './types.js';
import { defaultRewrites, domainKind, isBuiltinOrExtensionType, typeKey } from './rules/user-types.js';
import { compareText } from '../../core/compare-text.js';

export interface ClassifiedMigrationWithTypes extends ClassifiedMigration {
  /** Column types declared in this migration (`table.column` → type), to pass on as {@link ClassifyOptions.columnTypes}. */
  declaredColumnTypes: Record<string, string>;
  /** Validated NOT NULL checks after this migration (given ones included), to pass on as {@link ClassifyOptions.notNullChecks}. */
  notNullChecks: Record<string, string>;
  /** Known table shapes after this migration (given ones included), to pass on as {@link ClassifyOptions.indexedColumns}. */
  indexedColumns: Record<string, string[]>;
  /** Columns a type change re-checks, per table whose indexes and checks are known (given ones included): {@link ClassifyOptions.recheckedColumns}. */
  recheckedColumns: Record<string, string[]>;
  /** User-defined types this migration created, changed (kind) or dropped (null), to fold into {@link ClassifyOptions.userTypes}. */
  declaredTypes: Record<string, UserTypeKind | null>;
  /** What this migration proved of functions it created, or forgot (null: dropped, altered, renamed), to fold into {@link ClassifyOptions.functions}. */
  declaredFunctions: Record<string, FunctionTraits | null>;
  /** Triggers disabled after this migration (given ones included), to pass on as {@link ClassifyOptions.disabledTriggers}. */
  disabledTriggers: string[];
  /** Whether {@link disabledTriggers} is complete: it was for the migrations before, and no part of this one was left unjudged. */
  triggerStatesKnown: boolean;
}

/**
 * Weakest lock that, held only briefly for a catalog update, still counts as `locksTable` when no
 * lock_timeout bounds its wait (docs/migration-rules.md, "brief catalog-only locks"). SHARE is the
 * definition's "blocks ordinary writes"; `ACCESS EXCLUSIVE` would count only brief AE locks.
 */
const BRIEF_LOCK_MIN_MODE: LockMode = 'SHARE';

const FLAGS: readonly HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];
const MAX_CALL_DEPTH = 4;
/** Operations the classifier raises itself: they never lead to a brief-lock judgement. */
const PSEUDO_KINDS = new Set<OperationKind>(['brief-lock', 'unclassified', 'unparsable', 'dynamic-sql', 'loop-over-data', 'function-call', 'unresolved-part']);

const RULES_BY_KIND: ReadonlyMap<OperationKind, readonly MigrationRuleEntry[]> = (() => {
  const byKind = new Map<OperationKind, MigrationRuleEntry[]>();
  for (const entry of MIGRATION_RULES as readonly MigrationRuleEntry[]) {
    for (const kind of entry.operations) byKind.set(kind, [...(byKind.get(kind) ?? []), entry]);
  }
  return byKind;
})();

function derivedFlags(facts: RuleFacts): Partial<Heaviness> {
  return { locksTable: blocksWrites(facts.lock) && (facts.rewrites || facts.scans), rewritesTable: facts.rewrites, scansTable: facts.scans };
}

/** The columns a definition names: each column reference (its last name) and each plain index element, in one walk. */
function columnsNamedIn(node: unknown): string[] {
  const columns: string[] = [];
  walkNodes(node, (kind, body) => {
    if (kind === 'ColumnRef') {
      const fields = (body as { fields?: Node[] }).fields ?? [];
      const last = stringValue(fields[fields.length - 1]);
      if (last !== undefined) columns.push(last);
    } else if (kind === 'IndexElem' && typeof (body as { name?: unknown }).name === 'string') {
      columns.push((body as { name: string }).name);
    }
  });
  return columns;
}

/** Columns a table constraint makes a type change re-check: what a CHECK reads, what an EXCLUDE indexes. */
function recheckedByConstraint(constraint: Constraint): string[] {
  if (constraint.contype === 'CONSTR_CHECK') return columnsNamedIn(constraint.raw_expr);
  if (constraint.contype === 'CONSTR_EXCLUSION') return columnsNamedIn([constraint.exclusions, constraint.where_clause]);
  return [];
}

/**
 * Columns a type change makes PostgreSQL rebuild this index for (a full scan): every column of an
 * index with an expression or a predicate (it is never reused), and of an index of another access
 * method than btree or hash. A plain btree or hash index on the column is kept (observed in PGlite).
 */
function recheckedByIndex(index: IndexStmt): string[] {
  const method = (index.accessMethod ?? 'btree').toLowerCase();
  const expressions = (index.indexParams ?? []).some((param) => nodeOf(param, 'IndexElem')?.expr !== undefined);
  const kept = (method === 'btree' || method === 'hash') && !expressions && index.whereClause === undefined;
  return kept ? [] : columnsNamedIn([index.indexParams, index.whereClause]);
}

/** `CHECK (col IS NOT NULL)` → col. */
function notNullCheckColumn(expression: Node | undefined): string | undefined {
  const test = nodeOf(expression, 'NullTest');
  if (test?.nulltesttype !== 'IS_NOT_NULL') return undefined;
  const fields = nodeOf(test.arg, 'ColumnRef')?.fields ?? [];
  return fields.length === 1 ? stringValue(fields[0]) : undefined;
}

/** The `AS` body option of a DO or CREATE FUNCTION statement, re-parsed alone so that locations are statement-relative. */
function bodyOption(statement: ParsedStatement): { body: string | undefined; line: number; language: string } {
  const [alone] = parseStatements(statement.sql, statement.line);
  const options = nodeOf(alone?.node, 'DoStmt')?.args ?? nodeOf(alone?.node, 'CreateFunctionStmt')?.options ?? [];
  let body: string | undefined;
  let line = statement.line;
  let language = nodeOf(alone?.node, 'DoStmt') === undefined ? 'sql' : 'plpgsql';
  for (const option of options) {
    const element = nodeOf(option, 'DefElem');
    if (element?.defname === 'language') language = (stringValue(element.arg) ?? language).toLowerCase();
    if (element?.defname === 'as') {
      const list = nodeOf(element.arg, 'List')?.items;
      body = list === undefined ? stringValue(element.arg) : list.length === 1 ? stringValue(list[0]) : undefined;
      line = statement.line + linesBeforeByte(statement.sql, element.location ?? 0);
    }
  }
  return { body, line, language };
}

class MigrationClassifier {
  readonly flags: Heaviness = { locksTable: false, rewritesTable: false, scansTable: false };
  readonly findings: Finding[] = [];
  /** Every rule hit with the flags it set, repeats included (what an acceptance is matched against). */
  readonly hits: MigrationHit[] = [];
  readonly tables = new Set<string>();
  private readonly briefLocksReported = new Set<string>();
  /** Whether the statement being classified runs only conditionally (behind `hasTable`/`hasColumn`). */
  statementGuarded = false;

  constructor(
    private readonly file: string,
    readonly state: MigrationState,
  ) {}

  classifyText(sql: string, line: number, depth: number): void {
    let statements: ParsedStatement[];
    try {
      statements = parseStatements(sql, line);
    } catch (error) {
      const message = error instanceof SqlParseError ? error.parserMessage : String(error);
      const at = error instanceof SqlParseError ? error.line : line;
      this.run({ kind: 'unparsable', message, lock: 'none' }, { sql, line: at });
      return;
    }
    for (const statement of statements) this.classifyStatement(statement, depth);
  }

  classifyStatement(statement: ParsedStatement, depth: number): void {
    const { node } = statement;
    const set = nodeOf(node, 'VariableSetStmt');
    if (set?.kind === 'VAR_RESET_ALL') this.state.forgetSessionSettings();
    else if (set?.name === 'lock_timeout') {
      this.state.setLockTimeout(set.kind === 'VAR_SET_VALUE' && isBoundedLockTimeout(set.args?.[0]), set.is_local === true ? 'local' : 'session');
    }
    const transaction = nodeOf(node, 'TransactionStmt');
    if (transaction !== undefined) this.state.recordTransaction(transaction.kind ?? '', transaction.chain === true);
    for (const query of withQueries(node)) this.classifyStatement({ ...statement, node: query }, depth);
    if (nodeOf(node, 'DoStmt') !== undefined) return this.classifyBody(statement, depth);
    if (nodeOf(node, 'CreateFunctionStmt') !== undefined) return this.recordFunction(statement);
    const call = nodeOf(node, 'CallStmt');
    if (call !== undefined) return this.classifyCalls(functionsCalled({ FuncCall: call.funccall }), { FuncCall: call.funccall }, statement, depth);
    const select = nodeOf(node, 'SelectStmt');
    if (select !== undefined) return this.classifySelect(select, statement, depth);
    const plan = statementOperations(node, this.state);
    this.recordCreatedObject(node);
    this.recordUserTypes(node);
    this.recordFunctionChanges(node);
    if (plan === 'light') return;
    if (plan === undefined) {
      this.run({ kind: 'unclassified', statement: kindOf(node), lock: 'none' }, statement);
      return;
    }
    for (const table of plan.tables) this.touch(table);
    this.state.beginStatementLocks(plan.operations.map((operation) => ({ table: operation.table, lock: operation.lock })));
    for (const operation of plan.operations) {
      this.touch(operation.table);
      this.run(operation, statement);
    }
    this.state.endStatementLocks();
    this.recordState(node, statement);
    const dataChange = nodeOf(node, 'UpdateStmt') ?? nodeOf(node, 'InsertStmt') ?? nodeOf(node, 'DeleteStmt');
    if (dataChange !== undefined) {
      // A function called per row may do anything; calls inside WITH queries were judged with those queries.
      const outer = { ...dataChange, withClause: undefined };
      this.classifyCalls(functionsCalled(outer), outer, statement, depth);
    }
  }

  private classifySelect(select: SelectStmt, statement: ParsedStatement, depth: number): void {
    const into = tableName(select.intoClause?.rel);
    const reads = selectReads(select, into === undefined ? 'SELECT' : 'SELECT INTO');
    for (const operation of reads) {
      this.touch(operation.table);
      this.run(operation, statement);
    }
    if (into !== undefined) {
      this.touch(into);
      this.state.addCreated(into);
    }
    // Calls inside WITH queries were judged with those queries.
    const outerSelect = { ...select, withClause: undefined };
    this.classifyCalls(functionsCalled(outerSelect), outerSelect, statement, depth);
  }

  /** Calls of functions created earlier in this migration run their bodies; unknown functions are unknown. */
  private classifyCalls(names: readonly string[], root: unknown, statement: ParsedStatement, depth: number): void {
    this.recordSetConfig(root);
    for (const name of names) {
      const bare = name.split('.').pop() ?? name;
      const body = this.state.functions.get(bare);
      if (body === undefined) {
        if (!isKnownBuiltinFunction(bare)) this.run({ kind: 'function-call', function: name, lock: 'none' }, statement);
      } else if (depth >= MAX_CALL_DEPTH || body.language === 'opaque') {
        this.run({ kind: 'function-call', function: name, lock: 'none' }, statement);
      } else if (body.language === 'sql') {
        this.classifyText(body.sql, body.line, depth + 1);
      } else {
        this.classifyItems(body.items, depth + 1);
      }
    }
  }

  /**
   * `SELECT set_config('lock_timeout', '5s', is_local)` sets the timeout like SET [LOCAL] does. An
   * `is_local` that is not the constant `false` is taken as local (the shorter-lived reading).
   */
  private recordSetConfig(root: unknown): void {
    walkNodes(root, (kind, body) => {
      if (kind !== 'FuncCall') return;
      const call = body as { funcname?: Node[]; args?: Node[] };
      if (stringValue(call.funcname?.[call.funcname.length - 1]) !== 'set_config') return;
      const setting = nodeOf(call.args?.[0], 'A_Const')?.sval?.sval;
      const local = nodeOf(call.args?.[2], 'A_Const')?.boolval;
      const scope = local !== undefined && local.boolval !== true ? 'session' : 'local';
      if (setting === 'lock_timeout') this.state.setLockTimeout(isBoundedLockTimeout(call.args?.[1]), scope);
    });
  }

  private classifyBody(statement: ParsedStatement, depth: number): void {
    let items: PlpgsqlItem[];
    try {
      const { line } = bodyOption(statement);
      items = plpgsqlItems(parsePlpgsql(statement.sql, statement.line), line);
    } catch (error) {
      const message = error instanceof SqlParseError ? error.parserMessage : String(error);
      this.run({ kind: 'unparsable', message, lock: 'none' }, statement);
      return;
    }
    this.classifyItems(items, depth);
  }

  private classifyItems(items: readonly PlpgsqlItem[], depth: number): void {
    for (const item of items) {
      const at = {
        sql: item.kind === 'sql' ? item.sql : item.kind === 'dynamic' ? `EXECUTE ${item.expression}` : item.kind === 'loop' ? item.loop : item.statement,
        line: item.line,
      };
      if (item.kind === 'sql') this.classifyText(item.sql, item.line, depth);
      else if (item.kind === 'dynamic' && item.literal !== undefined) this.classifyText(item.literal, item.line, depth);
      else if (item.kind === 'dynamic') this.run({ kind: 'dynamic-sql', reason: `EXECUTE ${shortenStatement(item.expression, 80)}`, lock: 'none' }, at);
      else if (item.kind === 'loop') this.run({ kind: 'loop-over-data', loop: item.loop, lock: 'none' }, at);
      else this.run({ kind: 'unclassified', statement: `PL/pgSQL ${item.statement}`, lock: 'none' }, at);
    }
  }

  /** A created function is light; its body is classified only where this migration calls it. */
  private recordFunction(statement: ParsedStatement): void {
    const create = nodeOf(statement.node, 'CreateFunctionStmt');
    const name = stringValue(create?.funcname?.[create.funcname.length - 1]);
    if (name === undefined) return;
    let body: FunctionBody;
    try {
      const option = bodyOption(statement);
      if (option.language === 'plpgsql') {
        const parsed = parsePlpgsql(statement.sql, statement.line);
        body = { language: 'plpgsql', items: plpgsqlItems(parsed, option.line), harmlessTrigger: isHarmlessTriggerBody(parsed) };
      } else if (option.language === 'sql' && option.body !== undefined) body = { language: 'sql', sql: option.body, line: option.line };
      else body = { language: 'opaque', reason: `LANGUAGE ${option.language}` };
    } catch (error) {
      body = { language: 'opaque', reason: error instanceof Error ? error.message : String(error) };
    }
    this.state.functions.set(name, body);
    const volatility = (create?.options ?? []).map((option) => nodeOf(option, 'DefElem')).find((element) => element?.defname === 'volatility');
    const nonVolatile = ['immutable', 'stable'].includes(stringValue(volatility?.arg)?.toLowerCase() ?? 'volatile');
    this.state.declareFunction(name, {
      harmlessTrigger: body.language === 'plpgsql' && body.harmlessTrigger,
      tableFreeNonVolatile: nonVolatile && body.language === 'sql' && readsNoTable(body.sql),
    });
  }

  /** DROP, ALTER (volatility, body settings) or RENAME / SET SCHEMA of a function: what was proven of its name is forgotten. */
  private recordFunctionChanges(node: Node): void {
    const drop = nodeOf(node, 'DropStmt');
    if (drop !== undefined && FUNCTION_OBJECTS.has(drop.removeType ?? ''))
      for (const object of drop.objects ?? []) this.state.forgetFunction(objectName(object));
    const alter = nodeOf(node, 'AlterFunctionStmt');
    if (alter !== undefined) this.state.forgetFunction(objectName({ ObjectWithArgs: alter.func ?? {} }));
    const rename = nodeOf(node, 'RenameStmt') ?? nodeOf(node, 'AlterObjectSchemaStmt');
    const renamed = nodeOf(node, 'RenameStmt')?.renameType ?? nodeOf(node, 'AlterObjectSchemaStmt')?.objectType;
    if (rename !== undefined && FUNCTION_OBJECTS.has(renamed ?? '')) this.state.forgetFunction(objectName(rename.object));
  }

  private recordState(node: Node, statement: ParsedStatement): void {
    const { state } = this;
    const create = nodeOf(node, 'CreateStmt');
    if (create !== undefined) {
      const table = tableName(create.relation) ?? '?';
      // A conditional create may be a no-op on a table that already has rows: new only when proven.
      const conditional = create.if_not_exists === true || this.statementGuarded;
      const isNew = !conditional || state.provenAbsentBefore(table);
      if (isNew) state.addCreated(table);
      // Only a table proven new has exactly the shape written here (indexes, checks).
      // A conditional create of a table whose shape is known is a no-op: what is known of it stays
      // (released migrations are classified as if each table were absent before).
      if (isNew && !(conditional && state.knowsIndexesAndChecks(table))) state.knowTableShape(table);
      else if (!isNew) state.forgetTableShape(table);
      for (const element of create.tableElts ?? []) {
        const column = nodeOf(element, 'ColumnDef');
        if (column?.colname !== undefined) {
          state.declareColumn(table, column.colname, columnType(column.typeName));
          state.setColumnNotNull(table, column.colname, declaresNotNull(column.constraints), isNew);
          if (isNew) this.recordColumnConstraints(table, column.colname, column.constraints);
        }
        const constraint = nodeOf(element, 'Constraint');
        if (constraint !== undefined) state.addRecheckedColumns(table, recheckedByConstraint(constraint));
        if (constraint?.contype === 'CONSTR_PRIMARY')
          for (const key of constraint.keys ?? []) state.setColumnNotNull(table, stringValue(key) ?? '?', true, isNew);
        if (isNew && constraint !== undefined) this.recordTableConstraint(table, constraint);
      }
    }
    const drop = nodeOf(node, 'DropStmt');
    if (drop?.removeType === 'OBJECT_TABLE') for (const object of drop.objects ?? []) state.forgetTableShape(objectName(object));
    const createAs = tableName(nodeOf(node, 'CreateTableAsStmt')?.into?.rel);
    if (createAs !== undefined) state.addCreated(createAs);
    const index = nodeOf(node, 'IndexStmt');
    if (index?.idxname !== undefined) {
      state.indexTables.set(index.idxname, tableName(index.relation) ?? '?');
      // The columns PRIMARY KEY USING INDEX will make NOT NULL: plain columns of a full unique index only.
      const columns = (index.indexParams ?? []).map((param) => nodeOf(param, 'IndexElem')?.name);
      const plain = index.unique === true && index.whereClause === undefined && columns.every((column) => column !== undefined);
      state.recordIndexColumns(tableName(index.relation) ?? '?', index.idxname, plain ? (columns as string[]) : undefined);
    }
    // A partial index serves only the rows it covers: it does not make `col = value` on the table bounded.
    const leading = index?.whereClause === undefined ? nodeOf(index?.indexParams?.[0], 'IndexElem')?.name : undefined;
    if (index !== undefined && leading !== undefined) state.addIndexedColumn(tableName(index.relation) ?? '?', leading);
    if (index !== undefined) state.addRecheckedColumns(tableName(index.relation) ?? '?', recheckedByIndex(index));
    const rename = nodeOf(node, 'RenameStmt');
    if (rename?.renameType === 'OBJECT_TABLE' && state.isNewTable(tableName(rename.relation)) && rename.newname !== undefined) state.addCreated(rename.newname);
    const renamed = tableName(rename?.relation);
    if (renamed !== undefined && rename?.renameType === 'OBJECT_TABLE') {
      // RENAME TO keeps the table in its schema.
      if (rename.newname !== undefined) state.renameColumnTypes(renamed, `${renamed.slice(0, renamed.lastIndexOf('.') + 1)}${rename.newname}`);
      state.forgetTableShape(renamed);
    }
    if (renamed !== undefined && rename?.renameType === 'OBJECT_COLUMN') {
      // The columns an index or check reads are known under their new names; the rest is forgotten.
      if (rename.subname !== undefined && rename.newname !== undefined) {
        state.renameRecheckedColumn(renamed, rename.subname, rename.newname);
        state.renameColumnTypes(renamed, renamed, { from: rename.subname, to: rename.newname });
      }
      state.forgetTableShape(renamed, { recheckedColumns: rename.subname !== undefined && rename.newname !== undefined });
    }
    const moved = nodeOf(node, 'AlterObjectSchemaStmt');
    if (moved?.objectType === 'OBJECT_TABLE' && moved.relation !== undefined) state.forgetTableShape(tableName(moved.relation) ?? '?');
    const alter = nodeOf(node, 'AlterTableStmt');
    if (alter === undefined) return;
    const table = tableName(alter.relation) ?? '?';
    for (const cmdNode of alter.cmds ?? []) {
      const cmd = nodeOf(cmdNode, 'AlterTableCmd');
      if (cmd === undefined) continue;
      if (cmd.subtype === 'AT_AddColumn') {
        const column = nodeOf(cmd.def, 'ColumnDef');
        if (column?.colname !== undefined) {
          state.declareColumn(table, column.colname, columnType(column.typeName));
          state.setColumnNotNull(table, column.colname, declaresNotNull(column.constraints));
          this.recordColumnConstraints(table, column.colname, column.constraints);
        }
      }
      // A CHECK or EXCLUDE added (NOT VALID too: validated later, it is re-checked then).
      const added = cmd.subtype === 'AT_AddConstraint' ? nodeOf(cmd.def, 'Constraint') : undefined;
      if (added !== undefined) state.addRecheckedColumns(table, recheckedByConstraint(added));
      if (cmd.subtype === 'AT_DropConstraint' && cmd.name !== undefined) state.dropConstraint(table, cmd.name);
      // Checks may name the column; retyped, its indexes stay; dropped, the table's shape is no longer tracked.
      if (cmd.subtype === 'AT_AlterColumnType') state.forgetTableShape(table, { indexes: true, recheckedColumns: true });
      if (cmd.subtype === 'AT_DropColumn') state.forgetTableShape(table);
      this.recordTriggerSwitch(table, cmd, statement);
      const columnKey = `${tableKey(table)}.${cmd.name ?? '?'}`;
      if (cmd.subtype === 'AT_SetNotNull' || cmd.subtype === 'AT_DropNotNull') state.setColumnNotNull(table, cmd.name ?? '?', cmd.subtype === 'AT_SetNotNull');
      if (cmd.subtype === 'AT_ColumnDefault' && cmd.def !== undefined) state.pendingDroppedDefaults.delete(columnKey);
      if (cmd.subtype === 'AT_ColumnDefault' && cmd.def === undefined && cmd.name !== undefined) {
        const dropped = { table, column: cmd.name, at: statement };
        // Outside a transaction old code sees the column without its default at once.
        if (state.inTransaction) state.pendingDroppedDefaults.set(columnKey, dropped);
        else this.judgeDroppedDefault(dropped);
      }
      if (cmd.subtype === 'AT_AlterColumnType' && cmd.name !== undefined)
        state.declareColumn(table, cmd.name, columnType(nodeOf(cmd.def, 'ColumnDef')?.typeName));
      const constraint = cmd.subtype === 'AT_AddConstraint' ? nodeOf(cmd.def, 'Constraint') : undefined;
      if (constraint !== undefined) {
        const key = `${tableKey(table)}.${constraint.conname ?? ''}`;
        const column = constraint.contype === 'CONSTR_CHECK' ? notNullCheckColumn(constraint.raw_expr) : undefined;
        if (constraint.skip_validation === true) {
          if (this.state.inTransaction) state.notValidInTransaction.add(key);
          if (column !== undefined) {
            state.pendingNotNullChecks.set(key, column);
            state.addNotValidNotNullCheck(table, column, constraint.conname);
          }
        } else if (column !== undefined) {
          state.addNotNullCheck(table, column, constraint.conname);
        }
        if (constraint.skip_validation !== true) this.recordTableConstraint(table, constraint, false);
      }
      if (cmd.subtype === 'AT_ValidateConstraint') {
        if (cmd.name !== undefined) state.validateNotNullCheck(table, cmd.name);
      }
    }
  }

  /** PRIMARY KEY / UNIQUE on a column definition: an index starting with it; a validated NOT NULL check; a CHECK re-checked by a type change. */
  private recordColumnConstraints(table: string, column: string, constraints: readonly Node[] | undefined): void {
    for (const node of constraints ?? []) {
      const constraint = nodeOf(node, 'Constraint');
      if (constraint?.contype === 'CONSTR_CHECK') this.state.addRecheckedColumns(table, [column, ...columnsNamedIn(constraint.raw_expr)]);
      if (constraint?.contype === 'CONSTR_PRIMARY' || constraint?.contype === 'CONSTR_UNIQUE') this.state.addIndexedColumn(table, column);
    }
  }

  /** A table constraint: PRIMARY KEY / UNIQUE index its first column; a validated CHECK (col IS NOT NULL) is recorded. */
  private recordTableConstraint(table: string, constraint: Constraint, checks = true): void {
    const first = stringValue(constraint.keys?.[0]);
    if ((constraint.contype === 'CONSTR_PRIMARY' || constraint.contype === 'CONSTR_UNIQUE') && constraint.indexname === undefined && first !== undefined)
      this.state.addIndexedColumn(table, first);
    const column = checks && constraint.contype === 'CONSTR_CHECK' && constraint.skip_validation !== true ? notNullCheckColumn(constraint.raw_expr) : undefined;
    if (column !== undefined) this.state.addNotNullCheck(table, column, constraint.conname);
  }

  /** Objects old code cannot be using yet: dropping or renaming them later in this migration breaks nothing. */
  private recordCreatedObject(node: Node): void {
    // Recorded after the statement's own operations are judged: DROP of something created earlier only.
    const { state } = this;
    const view = tableName(nodeOf(node, 'ViewStmt')?.view);
    if (view !== undefined && nodeOf(node, 'ViewStmt')?.replace !== true) state.addCreated(view);
    const sequence = tableName(nodeOf(node, 'CreateSeqStmt')?.sequence);
    if (sequence !== undefined) state.addCreatedObject('OBJECT_SEQUENCE', sequence);
    const typeName =
      dottedName(nodeOf(node, 'CreateEnumStmt')?.typeName ?? nodeOf(node, 'CreateRangeStmt')?.typeName) ??
      tableName(nodeOf(node, 'CompositeTypeStmt')?.typevar);
    if (typeName !== undefined) state.addCreatedObject('OBJECT_TYPE', typeName);
    const domain = dottedName(nodeOf(node, 'CreateDomainStmt')?.domainname);
    if (domain !== undefined) state.addCreatedObject('OBJECT_DOMAIN', domain);
    const schema = nodeOf(node, 'CreateSchemaStmt')?.schemaname;
    if (schema !== undefined) state.addCreatedObject('OBJECT_SCHEMA', schema);
    const extension = nodeOf(node, 'CreateExtensionStmt')?.extname;
    if (extension !== undefined) state.addCreatedObject('OBJECT_EXTENSION', extension);
  }

  /** What later ADD COLUMNs need to know of user-defined types: created, constrained, renamed, dropped (rules/user-types.ts). */
  private recordUserTypes(node: Node): void {
    const { state } = this;
    const domain = nodeOf(node, 'CreateDomainStmt');
    const domainKey = typeKey(domain?.domainname);
    if (domainKey !== undefined) {
      // A domain over a domain has its base's constraints too; over a type not known, it is not known either.
      const base = domain?.typeName;
      const baseKind = (base?.arrayBounds ?? []).length > 0 || isBuiltinOrExtensionType(base?.names) ? 'type' : state.userType(typeKey(base?.names) ?? '');
      state.declareType(domainKey, baseKind === undefined ? null : baseKind === 'rewriting-domain' ? baseKind : domainKind(domain?.constraints));
      const baseName = dottedName(base?.names);
      if (baseName !== undefined) state.declareDomainBase(domainKey, baseName);
    }
    const created =
      nodeOf(node, 'CreateEnumStmt')?.typeName ??
      nodeOf(node, 'CreateRangeStmt')?.typeName ??
      (nodeOf(node, 'DefineStmt')?.kind === 'OBJECT_TYPE' ? nodeOf(node, 'DefineStmt')?.defnames : undefined);
    const composite = tableName(nodeOf(node, 'CompositeTypeStmt')?.typevar);
    const createdKey = typeKey(created) ?? (composite === undefined ? undefined : tableKey(composite));
    if (createdKey !== undefined) state.declareType(createdKey, 'type');
    const alter = nodeOf(node, 'AlterDomainStmt');
    const alteredKey = typeKey(alter?.typeName);
    if (alter !== undefined && alteredKey !== undefined) {
      // A constraint added or NOT NULL set: constrained from now on. A default set: per its volatility.
      // Dropping a constraint may leave others: the domain stays as it was (only costs a false alarm).
      const constrained =
        alter.subtype === 'C' || alter.subtype === 'O' || (alter.subtype === 'T' && alter.def !== undefined && defaultRewrites({ raw_expr: alter.def }));
      if (constrained) state.declareType(alteredKey, 'rewriting-domain');
    }
    const drop = nodeOf(node, 'DropStmt');
    if (drop?.removeType === 'OBJECT_TYPE' || drop?.removeType === 'OBJECT_DOMAIN') {
      for (const object of drop.objects ?? []) {
        const key = typeKey(nodeOf(object, 'TypeName')?.names);
        if (key !== undefined) state.declareType(key, null);
      }
    }
    // Renamed or moved to another schema: known under the new name only.
    const rename = nodeOf(node, 'RenameStmt');
    const moved = nodeOf(node, 'AlterObjectSchemaStmt');
    const objectType = rename?.renameType ?? moved?.objectType;
    if (objectType === 'OBJECT_TYPE' || objectType === 'OBJECT_DOMAIN') {
      const names = nodeOf((rename ?? moved)?.object, 'List')?.items;
      const key = typeKey(names);
      if (key !== undefined) {
        const kind = state.userType(key);
        state.declareType(key, null);
        const bare = key.split('.').pop()!;
        const target =
          rename?.newname !== undefined
            ? tableKey([...key.split('.').slice(0, -1), rename.newname].join('.'))
            : moved?.newschema !== undefined
              ? tableKey(`${moved.newschema}.${bare}`)
              : undefined;
        if (target !== undefined && kind !== undefined) state.declareType(target, kind);
      }
    }
  }

  /**
   * DISABLE TRIGGER on an existing table waits for its end: an ENABLE of the same trigger (ALL: of
   * any; USER: of USER or a named one) while the transaction is open (no other session wrote in
   * between), or the end of the migration (left disabled). An enable of a trigger this migration did
   * not disable is judged by the operation table (unknown).
   */
  private recordTriggerSwitch(table: string, cmd: AlterTableCmd, statement: { sql: string; line: number }): void {
    const { state } = this;
    const disabled =
      cmd.subtype === 'AT_DisableTrigAll' ? 'ALL' : cmd.subtype === 'AT_DisableTrigUser' ? 'USER' : cmd.subtype === 'AT_DisableTrig' ? cmd.name : undefined;
    if (disabled !== undefined) {
      state.switchTriggers(table, disabled, false);
      if (state.isNewTable(table)) return;
      const key = disabledTriggerKey(table, disabled);
      if (!state.pendingDisabledTriggers.has(key))
        state.pendingDisabledTriggers.set(key, { table, triggers: disabled, at: statement, exposed: state.inTransaction ? undefined : 'outside-transaction' });
      return;
    }
    const named = cmd.subtype === 'AT_EnableTrig' || cmd.subtype === 'AT_EnableAlwaysTrig' || cmd.subtype === 'AT_EnableReplicaTrig' ? cmd.name : undefined;
    const enabled = cmd.subtype === 'AT_EnableTrigAll' ? 'ALL' : cmd.subtype === 'AT_EnableTrigUser' ? 'USER' : named;
    if (enabled === undefined) return;
    state.switchTriggers(table, enabled, true);
    // ENABLE ALWAYS / REPLICA is another firing mode than the one the DISABLE took away: not a restore.
    if (cmd.subtype === 'AT_EnableAlwaysTrig' || cmd.subtype === 'AT_EnableReplicaTrig') return;
    for (const [key, pending] of [...state.pendingDisabledTriggers]) {
      if (tableKey(pending.table) !== tableKey(table)) continue;
      // ENABLE USER leaves the internal (foreign-key) triggers of a DISABLE ALL off.
      const restores = enabled === 'ALL' || pending.triggers === enabled || (enabled === 'USER' && pending.triggers !== 'ALL');
      if (!restores) continue;
      state.pendingDisabledTriggers.delete(key);
      this.judgeDisabledTrigger(pending, statement.line);
    }
  }

  judgeDisabledTrigger(
    pending: { table: string; triggers: string; at: { sql: string; line: number }; exposed: 'outside-transaction' | 'committed' | undefined },
    reenabledAt?: number,
  ): void {
    const exposure = reenabledAt === undefined ? 'left-disabled' : (pending.exposed ?? 'in-transaction');
    this.run(
      {
        kind: 'disable-trigger',
        table: pending.table,
        triggers: pending.triggers,
        exposure,
        ...(reenabledAt === undefined ? {} : { reenabledAt }),
        lock: 'none',
      },
      pending.at,
    );
  }

  judgeDroppedDefault(dropped: { table: string; column: string; at: { sql: string; line: number } }): void {
    const notNull = this.state.columnNotNull.get(`${tableKey(dropped.table)}.${dropped.column}`);
    this.run({ kind: 'drop-default', table: dropped.table, column: dropped.column, notNull, lock: 'none' }, dropped.at);
  }

  touch(table: string | undefined): void {
    if (table !== undefined && table !== '?') this.tables.add(table);
  }

  run(operation: Operation, at: { sql: string; line: number }): void {
    const operationFlags: Partial<Record<HeavinessFlag, Tri>> = {};
    for (const entry of RULES_BY_KIND.get(operation.kind) ?? []) {
      const hit = entry.check(operation, this.state);
      if (hit === undefined) continue;
      let flags = hit.flags ?? derivedFlags(entry.facts);
      // A scan or rewrite while a write-blocking lock on the table is held (another subcommand of the
      // same ALTER TABLE, or an earlier statement of the open transaction) blocks writes all along.
      if (
        (flags.scansTable === true || flags.rewritesTable === true) &&
        flags.locksTable !== true &&
        !PSEUDO_KINDS.has(operation.kind) &&
        this.state.writesBlockedOn(operation.table) &&
        !this.state.isNewTable(operation.table)
      ) {
        flags = { ...flags, locksTable: true };
      }
      for (const flag of FLAGS) {
        const value = flags[flag];
        if (value !== undefined) operationFlags[flag] = anyTrue([operationFlags[flag] ?? false, value]);
      }
      for (const table of hit.tables ?? []) this.touch(table);
      this.hits.push({ finding: this.findingAt(entry.id, hit.params, at), flags });
      this.report(entry.id, hit.params, at, operation.kind === 'brief-lock' ? `${entry.id}:${tableKey(operation.table)}` : undefined);
    }
    const subject =
      operation.table ??
      (operation.kind === 'drop-index'
        ? `the table of index ${operation.index}`
        : operation.kind === 'reindex'
          ? `the table of ${operation.target}`
          : undefined);
    if (
      !PSEUDO_KINDS.has(operation.kind) &&
      subject !== undefined &&
      lockRank(operation.lock) >= lockRank(BRIEF_LOCK_MIN_MODE) &&
      operationFlags.locksTable !== true &&
      !this.state.isNewTable(operation.table)
    ) {
      this.run({ kind: 'brief-lock', table: subject, lock: operation.lock }, at);
    }
    for (const flag of FLAGS) {
      const value = operationFlags[flag];
      if (value !== undefined) this.flags[flag] = anyTrue([this.flags[flag], value]);
    }
  }

  private report(rule: string, params: FindingParams, at: { sql: string; line: number }, onceKey: string | undefined): void {
    if (onceKey !== undefined) {
      if (this.briefLocksReported.has(onceKey)) return;
      this.briefLocksReported.add(onceKey);
    }
    this.findings.push(this.findingAt(rule, params, at));
  }

  private findingAt(rule: string, params: FindingParams, at: { sql: string; line: number }): Finding {
    return { rule, params, evidence: { file: this.file, line: at.line, statement: shortenStatement(at.sql) } };
  }
}

/**
 * A trigger function body that only sets fields of NEW from expressions reading no table and calling
 * only known built-ins, then returns NEW (e.g. `NEW.updated_at := now()`).
 */
/** A column definition with NOT NULL or PRIMARY KEY. */
function declaresNotNull(constraints: readonly Node[] | undefined): boolean {
  return (constraints ?? []).some((constraint) => ['CONSTR_NOTNULL', 'CONSTR_PRIMARY'].includes(nodeOf(constraint, 'Constraint')?.contype ?? ''));
}

/** Routine kinds of DROP / RENAME / SET SCHEMA. */
const FUNCTION_OBJECTS = new Set(['OBJECT_FUNCTION', 'OBJECT_PROCEDURE', 'OBJECT_ROUTINE']);

/** A SQL function body of plain SELECTs with no FROM, no subquery and only built-in calls: it reads no table. */
function readsNoTable(sql: string): boolean {
  let statements: ParsedStatement[];
  try {
    statements = parseStatements(sql);
  } catch {
    return false;
  }
  return (
    statements.length > 0 &&
    statements.every((statement) => {
      const select = nodeOf(statement.node, 'SelectStmt');
      if (select === undefined || select.fromClause !== undefined || select.withClause !== undefined) return false;
      let reads = false;
      walkNodes(select, (kind) => {
        if (kind === 'SubLink' || kind === 'RangeVar') reads = true;
      });
      return !reads && functionsCalled(select).every((name) => isKnownBuiltinFunction(name.replace(/^pg_catalog\./, '')));
    })
  );
}

function isHarmlessTriggerBody(parsed: unknown): boolean {
  const expressions = newFieldAssignments(parsed);
  if (expressions === undefined) return false;
  return expressions.every((expression) => {
    let statements: ParsedStatement[];
    try {
      statements = parseStatements(`SELECT ${expression}`);
    } catch {
      return false;
    }
    const select = statements.length === 1 ? nodeOf(statements[0]?.node, 'SelectStmt') : undefined;
    if (select === undefined || select.fromClause !== undefined) return false;
    let readsOrUnknown = false;
    walkNodes(select, (kind) => {
      if (kind === 'SubLink' || kind === 'RangeVar') readsOrUnknown = true;
    });
    return !readsOrUnknown && functionsCalled(select).every((name) => isKnownBuiltinFunction(name.replace(/^pg_catalog\./, '')));
  });
}

/** PostgreSQL's time units for settings, in milliseconds (a bare number of lock_timeout is milliseconds). */
const TIME_UNIT_MS: Readonly<Record<string, number>> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** lock_timeout in milliseconds from a SET / set_config value: `5000`, `'5s'`, `'1.5 min'`; undefined when it is not a duration. */
export function lockTimeoutMs(value: Node | undefined): number | undefined {
  const constant = nodeOf(value, 'A_Const');
  if (constant === undefined) return undefined;
  if (constant.ival !== undefined) return constant.ival.ival ?? 0;
  const text = constant.fval?.fval ?? constant.sval?.sval;
  const match = text === undefined ? null : /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(us|ms|s|min|h|d)?\s*$/.exec(text);
  if (match === null) return undefined;
  return Number(match[1]) * TIME_UNIT_MS[match[2] ?? 'ms']!;
}

/** Bounded: above zero (0 disables the timeout) and at most {@link LOCK_TIMEOUT_CEILING_MS}. */
function isBoundedLockTimeout(value: Node | undefined): boolean {
  const ms = lockTimeoutMs(value);
  return ms !== undefined && ms > 0 && ms <= LOCK_TIMEOUT_CEILING_MS;
}

/**
 * Classifies one migration file. Call `await loadParser()` (sql.ts) once before.
 * Statements are judged in order, each with the state the statements before it left.
 */
const hitKey = (finding: Finding) =>
  `${finding.rule}\u0000${finding.evidence.line ?? ''}\u0000${finding.evidence.statement ?? ''}\u0000${JSON.stringify(finding.params)}`;

/**
 * Each finding with what its hits did to the verdict: a flag `true` makes it `false` (breaking), else a
 * flag `unknown` makes it `unknown`. Rules whose catalogue level is `breaking` (old code) say so already.
 */
function withVerdictEffects(findings: readonly Finding[], hits: readonly MigrationHit[]): Finding[] {
  const effects = new Map<string, 'breaking' | 'unknown'>();
  for (const hit of hits) {
    const values = Object.values(hit.flags);
    const effect = values.includes(true) ? 'breaking' : values.includes('unknown') ? 'unknown' : undefined;
    const key = hitKey(hit.finding);
    if (effect !== undefined && effects.get(key) !== 'breaking') effects.set(key, effect);
  }
  return findings.map((finding) => {
    const effect = effects.get(hitKey(finding));
    return effect === undefined || migrationRule(finding.rule)?.level === 'breaking' ? finding : { ...finding, verdictEffect: effect };
  });
}

/**
 * Rules whose `unknown` is about the heaviness of one statement on the table it names (a type change,
 * a default, a trigger, an index build): that statement changes no other table. Every other unknown
 * (dynamic SQL, a function call, an unread part, an unknown statement) could touch any table.
 */
const ONE_TABLE_UNKNOWN_RULES: ReadonlySet<string> = new Set([
  'adding-field-of-constrained-domain',
  'adding-field-with-default',
  'changing-column-type',
  'column-type-changed-incompatibly',
  'detach-partition-not-concurrently',
  'reindex-rebuilds-index',
  'trigger-on-existing-table',
  'ban-concurrent-index-creation-in-transaction',
]);

/** The tables the parts judged `unknown` could have changed the indexes or checks of. */
function tablesAnUnknownCouldTouch(hits: readonly MigrationHit[]): Set<string> | 'all' {
  const tables = new Set<string>();
  for (const hit of hits) {
    if (!Object.values(hit.flags).includes('unknown')) continue;
    const table = hit.finding.params.table;
    if (!ONE_TABLE_UNKNOWN_RULES.has(hit.finding.rule) || typeof table !== 'string' || table === '' || table.includes('?')) return 'all';
    tables.add(table);
  }
  return tables;
}

export function classifyMigration(migration: ExtractedMigration, context: ClassifyContext, options: ClassifyOptions = {}): ClassifiedMigrationWithTypes {
  const state = new MigrationState(migration.inTransaction, { ...context, postgresVersion: context.postgresVersion || 16 }, options);
  const classifier = new MigrationClassifier(migration.file, state);
  for (const statement of migration.statements) {
    // Without a transaction, knex sends each query on whichever pooled connection is free: a
    // `SET lock_timeout` is only known to bind the statements sent in the same query string.
    if (!migration.inTransaction && statement.origin !== 'sql-file') state.forgetSessionSettings();
    classifier.statementGuarded = statement.guarded ?? false;
    // A statement split from a .sql file carries its AST from that one parse; others are parsed here.
    const node = parsedNodeOf(statement);
    if (node === undefined) classifier.classifyText(statement.sql, statement.line, 0);
    else classifier.classifyStatement({ sql: statement.sql, line: statement.line, node }, 0);
  }
  // A default dropped and not set again: judged with the column's nullability at the end of the migration.
  for (const dropped of state.pendingDroppedDefaults.values()) classifier.judgeDroppedDefault(dropped);
  // A trigger disabled and not re-enabled: off for every session's writes from here on.
  for (const disabled of state.pendingDisabledTriggers.values()) classifier.judgeDisabledTrigger(disabled);
  for (const part of migration.unresolved) {
    classifier.run({ kind: 'unresolved-part', part, lock: 'none' }, { sql: part.evidence ?? part.reason, line: part.line });
  }
  // A part judged `unknown` may have added or dropped an index or a check: forget what is known of
  // the tables it could have touched (one named table for the rules below; every table otherwise).
  const touched = tablesAnUnknownCouldTouch(classifier.hits);
  if (touched === 'all') state.forgetAllShapes();
  else for (const table of touched) state.forgetTableShape(table, { indexes: true });
  const findings = withVerdictEffects(classifier.findings, classifier.hits).sort(
    (a, b) =>
      (a.evidence.line ?? 0) - (b.evidence.line ?? 0) || compareText(a.rule, b.rule) || compareText(a.evidence.statement ?? '', b.evidence.statement ?? ''),
  );
  return {
    tables: [...classifier.tables].sort(),
    heaviness: classifier.flags,
    findings,
    breaksOldCode: findings.some((finding) => migrationRule(finding.rule)?.level === 'breaking'),
    hits: classifier.hits,
    createdTables: [...state.created],
    declaredColumnTypes: Object.fromEntries([...state.declaredColumnTypes].sort(([a], [b]) => compareText(a, b))),
    ...state.schemaAfter(),
    declaredTypes: Object.fromEntries([...state.declaredTypes].sort(([a], [b]) => compareText(a, b))),
    declaredFunctions: Object.fromEntries([...state.declaredFunctions].sort(([a], [b]) => compareText(a, b))),
    disabledTriggers: [...state.disabledTriggers].sort(compareText),
    // A part not judged that could touch any table (dynamic SQL, an unknown statement, an unread part)
    // may have disabled any trigger; the one-table unknowns (a type change, a default, …) disable none.
    triggerStatesKnown: state.triggerStatesKnown && touched !== 'all',
  };
}
