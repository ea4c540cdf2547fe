/**
 * The operation table: one parsed statement → the operations it performs, each with the table it
 * touches and the lock it takes (migration-facts.md). Rules judge operations, never raw statements.
 * Statements that change only the catalog and touch no table are `light`; anything not listed
 * here is `unknown` (the classifier fails closed on it).
 */
import type { AlterTableCmd, AlterTableType, ColumnDef, Constraint, Node, SelectStmt } from 'libpg-query';
import { columnType, cteNames, dottedName, isCatalogTable, nodeOf, stringValue, tableName, tablesRead } from './ast.js';
import type { ColumnType } from './ast.js';
import type { LockMode, Operation } from './rule.js';

export interface StatementOperations {
  operations: Operation[];
  /** Real tables the statement touches (beyond those of its operations): created, referenced. */
  tables: string[];
}

/** What the table lookups of the classifier state can answer while operations are built. */
export interface OperationLookups {
  /** Type of a column declared earlier in this migration (or given by the caller). */
  columnType(table: string, column: string): ColumnType | undefined;
  /** Table of an index created earlier in this migration. */
  indexTable(index: string): string | undefined;
  /**
   * Tables with a column of the type (or of a domain this migration created over it), among the
   * columns this migration declared and those given by the caller (the released schema).
   */
  tablesUsingType(type: string): string[];
  /** An object of that kind and name was created earlier in this migration. */
  isNewObject(objectType: string, name: string): boolean;
  /** `DISABLE TRIGGER <trigger>` on the table earlier in this migration, not re-enabled since. */
  disabledInThisMigration(table: string, trigger: string): boolean;
  /** Every trigger of the table disabled now was disabled by this migration (so ENABLE TRIGGER ALL / USER only restores them). */
  onlyThisMigrationDisabledTriggers(table: string): boolean;
  /** Created earlier in this migration or release: no old code writes it. */
  isNewTable(table: string | undefined): boolean;
}

/** `CreateTrigStmt.timing` bit of BEFORE (PostgreSQL's TRIGGER_TYPE_BEFORE). */
const TRIGGER_TYPE_BEFORE = 2;

/** ALTER TABLE clauses that only change the catalog, with the lock each takes. */
const CATALOG_ONLY_ALTERS: Partial<Record<AlterTableType, LockMode>> = {
  AT_ColumnDefault: 'ACCESS EXCLUSIVE',
  AT_CookedColumnDefault: 'ACCESS EXCLUSIVE',
  AT_DropNotNull: 'ACCESS EXCLUSIVE',
  AT_DropConstraint: 'ACCESS EXCLUSIVE',
  AT_SetStorage: 'ACCESS EXCLUSIVE',
  AT_SetCompression: 'ACCESS EXCLUSIVE',
  AT_ChangeOwner: 'ACCESS EXCLUSIVE',
  AT_ReplicaIdentity: 'ACCESS EXCLUSIVE',
  AT_DisableRowSecurity: 'ACCESS EXCLUSIVE',
  AT_NoForceRowSecurity: 'ACCESS EXCLUSIVE',
  AT_AddIdentity: 'ACCESS EXCLUSIVE',
  AT_SetIdentity: 'ACCESS EXCLUSIVE',
  AT_DropIdentity: 'ACCESS EXCLUSIVE',
  AT_DropExpression: 'ACCESS EXCLUSIVE',
  AT_AlterConstraint: 'ACCESS EXCLUSIVE',
  AT_SetRelOptions: 'ACCESS EXCLUSIVE',
  AT_ResetRelOptions: 'ACCESS EXCLUSIVE',
  AT_AddInherit: 'ACCESS EXCLUSIVE',
  AT_DropInherit: 'ACCESS EXCLUSIVE',
  AT_SetStatistics: 'SHARE UPDATE EXCLUSIVE',
  AT_SetOptions: 'SHARE UPDATE EXCLUSIVE',
  AT_ResetOptions: 'SHARE UPDATE EXCLUSIVE',
  AT_ClusterOn: 'SHARE UPDATE EXCLUSIVE',
  AT_DropCluster: 'SHARE UPDATE EXCLUSIVE',
};

/**
 * The reviewed allow-list: statement kinds that change neither a table's data nor its locks, nor what
 * old code reads or may do, each with the reason. Every other kind of the grammar without its own
 * branch in {@link statementOperations} is unknown (statement-kinds.test.ts walks the full list).
 */
export const LIGHT_STATEMENTS: Readonly<Record<string, string>> = {
  CommentStmt: 'COMMENT ON: documentation text in the catalog',
  CreateExtensionStmt: 'CREATE EXTENSION: adds new objects; nothing old code uses changes',
  CreateEnumStmt: 'CREATE TYPE … AS ENUM: a new type',
  CompositeTypeStmt: 'CREATE TYPE … AS (…): a new type',
  CreateDomainStmt: 'CREATE DOMAIN: a new domain',
  DefineStmt: 'CREATE AGGREGATE / OPERATOR / TYPE / COLLATION / TEXT SEARCH …: a new object',
  CreateRangeStmt: 'CREATE TYPE … AS RANGE: a new type',
  CreateSchemaStmt: 'CREATE SCHEMA (with its elements): new objects in a new schema',
  CreateSeqStmt: 'CREATE SEQUENCE: a new sequence',
  ViewStmt: 'CREATE VIEW: a new view (CREATE OR REPLACE of an existing one is not told apart yet: see README)',
  AlterFunctionStmt: 'ALTER FUNCTION … (volatility, cost, security, settings): attributes, not the body',
  CreateRoleStmt: 'CREATE ROLE: a new role',
  AlterDefaultPrivilegesStmt: 'ALTER DEFAULT PRIVILEGES: applies to objects created later only',
  CreateCastStmt: 'CREATE CAST: a new cast',
  NotifyStmt: 'NOTIFY: a message to listeners, no table',
  VariableSetStmt: 'SET: a session setting (lock_timeout is followed by the classifier)',
  VariableShowStmt: 'SHOW: reads a setting',
  TransactionStmt: 'BEGIN / COMMIT / ROLLBACK / SAVEPOINT: followed by the classifier (transaction scope)',
  CreateEventTrigStmt: "CREATE EVENT TRIGGER: fires on DDL, never on the application's reads and writes",
  AlterEventTrigStmt: "ALTER EVENT TRIGGER: fires on DDL, never on the application's reads and writes",
  CreateFunctionStmt: 'CREATE FUNCTION: recorded by the classifier; its body is judged where the migration calls it',
};

/**
 * Statement kinds judged by their own branch of {@link statementOperations} (or, for DO, CALL and
 * SELECT, by the classifier), with what judges them. Kinds neither here nor in {@link LIGHT_STATEMENTS}
 * are unknown.
 */
export const RULED_STATEMENTS: Readonly<Record<string, string>> = {
  AlterTableStmt: 'one operation per clause; clauses not in the table are unknown',
  RenameStmt: 'renaming-table / renaming-column / renaming-view / renaming-object; indexes light',
  AlterObjectSchemaStmt: 'ALTER TABLE … SET SCHEMA: renaming-table; other objects unknown',
  IndexStmt: 'require-concurrent-index-creation / index-built-concurrently-scans-table',
  DropStmt: 'ban-drop-table / ban-drop-view / ban-drop-function / ban-drop-object / require-concurrent-index-deletion; other objects unknown',
  CreateStmt: 'a new table; references and PARTITION OF lock their tables',
  CreateTableAsStmt: 'a new table; select-scans-table for what it reads',
  CreateTrigStmt: 'trigger-on-existing-table',
  AlterDomainStmt: 'ADD CONSTRAINT / VALIDATE / SET NOT NULL: domain-constraint-scans-tables; NOT VALID, DROP, defaults light; others unknown',
  CreatePolicyStmt: 'brief lock; a restrictive policy on an existing table breaks old code',
  AlterPolicyStmt: 'brief lock; unknown (may hide rows)',
  GrantStmt: 'GRANT light; REVOKE: revoking-privileges',
  GrantRoleStmt: 'GRANT light; REVOKE: revoking-privileges',
  AlterSeqStmt: 'restarting-sequence; OWNED BY / CACHE / START light; other options unknown',
  TruncateStmt: 'ban-truncate-table',
  AlterEnumStmt: 'ADD VALUE light; RENAME VALUE: renaming-enum-value',
  UpdateStmt: 'update-without-where',
  DeleteStmt: 'delete-without-where',
  InsertStmt: 'select-scans-table for INSERT … SELECT',
  VacuumStmt: 'vacuum-scans-table / vacuum-full-rewrites-table; ANALYZE light',
  ClusterStmt: 'cluster-rewrites-table',
  RefreshMatViewStmt: 'materialized-view-refresh-rewrites',
  ReindexStmt: 'reindex-rebuilds-index',
  DoStmt: 'classifier: the PL/pgSQL body, statement by statement',
  CallStmt: 'classifier: the procedure body when created in the migration, else function-call-unresolved',
  SelectStmt: 'classifier: select-scans-table, SELECT INTO, calls',
};

/** DROP of routines old code may call: `ban-drop-function`. */
const FUNCTION_DROPS = new Set(['OBJECT_FUNCTION', 'OBJECT_PROCEDURE', 'OBJECT_ROUTINE', 'OBJECT_AGGREGATE']);
/** DROP of other objects old code may name in its queries: `ban-drop-object`. */
const NAMED_OBJECT_DROPS = new Set(['OBJECT_TYPE', 'OBJECT_DOMAIN', 'OBJECT_SEQUENCE', 'OBJECT_EXTENSION', 'OBJECT_SCHEMA', 'OBJECT_CAST']);
/** DROP that touches no table and nothing old code uses: event triggers fire on DDL only. */
const LIGHT_DROPS = new Set(['OBJECT_EVENT_TRIGGER']);
/**
 * With CASCADE these drops reach into tables: columns of a dropped type or domain, defaults using a
 * dropped sequence or function, triggers, the tables of a dropped schema. What they touch is not known here.
 */
const CASCADE_REACHES_TABLES = new Set([...FUNCTION_DROPS, ...NAMED_OBJECT_DROPS]);
/** DROP of objects hanging off a table: a brief ACCESS EXCLUSIVE on that table. */
const TABLE_CHILD_DROPS = new Set(['OBJECT_TRIGGER', 'OBJECT_POLICY', 'OBJECT_RULE']);
/** RENAME of these changes no name old code uses in queries (beyond the brief lock handled below). */
const LIGHT_RENAMES = new Set(['OBJECT_INDEX', 'OBJECT_EVENT_TRIGGER']);

/** Name of a dropped or renamed object: `s.t`, `f`, a type name, a cast `(a AS b)`. */
export function objectName(node: Node | undefined): string {
  const list = nodeOf(node, 'List')?.items;
  if (list !== undefined) {
    const types = list.map((item) => nodeOf(item, 'TypeName'));
    return types.every((type) => type !== undefined) ? `(${types.map((type) => objectName({ TypeName: type })).join(' AS ')})` : (dottedName(list) ?? '?');
  }
  const type = nodeOf(node, 'TypeName');
  if (type !== undefined) return (dottedName(type.names) ?? '?').replace(/^pg_catalog\./, '');
  const routine = nodeOf(node, 'ObjectWithArgs');
  if (routine !== undefined) return dottedName(routine.objname) ?? '?';
  return stringValue(node) ?? '?';
}

function constraintsOf(nodes: readonly Node[] | undefined): Constraint[] {
  return (nodes ?? []).map((node) => nodeOf(node, 'Constraint')).filter((c): c is Constraint => c !== undefined);
}

/** FK references from a column or table constraint take SHARE ROW EXCLUSIVE on the referenced table. */
function referenceLocks(constraints: readonly Constraint[], statement: string): Operation[] {
  return constraints
    .filter((c) => c.contype === 'CONSTR_FOREIGN')
    .map((c) => ({ kind: 'catalog-only', statement, table: tableName(c.pktable) ?? '?', lock: 'SHARE ROW EXCLUSIVE' }) as const);
}

function alterTableOperations(table: string, cmd: AlterTableCmd, lookups: OperationLookups): Operation[] | undefined {
  const column = cmd.name ?? '?';
  switch (cmd.subtype) {
    case 'AT_AddColumn': {
      const def = nodeOf(cmd.def, 'ColumnDef') as ColumnDef;
      return [{ kind: 'add-column', table, column: def, lock: 'ACCESS EXCLUSIVE' }, ...referenceLocks(constraintsOf(def.constraints), 'REFERENCES')];
    }
    case 'AT_AlterColumnType': {
      const def = nodeOf(cmd.def, 'ColumnDef');
      return [
        {
          kind: 'alter-column-type',
          table,
          column,
          to: columnType(def?.typeName),
          from: lookups.columnType(table, column),
          using: def?.raw_default,
          collate: def?.collClause !== undefined,
          lock: 'ACCESS EXCLUSIVE',
        },
      ];
    }
    case 'AT_SetNotNull':
      return [{ kind: 'set-not-null', table, column, lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_AddConstraint': {
      const constraint = nodeOf(cmd.def, 'Constraint') ?? {};
      const lock: LockMode = constraint.contype === 'CONSTR_FOREIGN' ? 'SHARE ROW EXCLUSIVE' : 'ACCESS EXCLUSIVE';
      // An exclusion constraint's index build is judged by exclusion-constraint-builds-index.
      return [{ kind: 'add-constraint', table, constraint, lock }, ...referenceLocks([constraint], 'FOREIGN KEY')];
    }
    case 'AT_ValidateConstraint':
      return [{ kind: 'validate-constraint', table, constraint: column, lock: 'SHARE UPDATE EXCLUSIVE' }];
    case 'AT_DropColumn':
      return [{ kind: 'drop-column', table, column, lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_EnableRowSecurity':
    case 'AT_ForceRowSecurity':
      return [{ kind: 'enable-row-security', table, force: cmd.subtype === 'AT_ForceRowSecurity', lock: 'ACCESS EXCLUSIVE' }];
    // DISABLE TRIGGER: a catalog change under SHARE ROW EXCLUSIVE (held until COMMIT). What it does to
    // writes is judged when it ends (classify.ts: re-enabled in the same transaction, or left disabled).
    case 'AT_DisableTrig':
    case 'AT_DisableTrigAll':
    case 'AT_DisableTrigUser':
      return [{ kind: 'catalog-only', statement: cmd.subtype, table, lock: 'SHARE ROW EXCLUSIVE' }];
    // Re-enabling by name a trigger this migration disabled restores what was there (judged with the
    // DISABLE); so does ENABLE TRIGGER ALL / USER when every trigger of the table disabled now was
    // disabled by this migration (the released migrations left none disabled). Any other enable starts
    // running a trigger body on every write: not judged.
    case 'AT_EnableTrig':
    case 'AT_EnableAlwaysTrig':
    case 'AT_EnableReplicaTrig':
    case 'AT_EnableTrigAll':
    case 'AT_EnableTrigUser': {
      const restores =
        (cmd.subtype === 'AT_EnableTrig' && cmd.name !== undefined && lookups.disabledInThisMigration(table, cmd.name)) ||
        ((cmd.subtype === 'AT_EnableTrigAll' || cmd.subtype === 'AT_EnableTrigUser') && lookups.onlyThisMigrationDisabledTriggers(table));
      const lock = { kind: 'catalog-only', statement: cmd.subtype, table, lock: 'SHARE ROW EXCLUSIVE' } as const;
      if (restores || lookups.isNewTable(table)) return [lock];
      const why =
        cmd.subtype === 'AT_EnableTrigAll' || cmd.subtype === 'AT_EnableTrigUser'
          ? 'it also enables any trigger an earlier migration left disabled or that could not be followed, and what those do is not judged'
          : 'what the trigger does is not judged';
      return [lock, { kind: 'unclassified', statement: `ALTER TABLE … ${cmd.subtype} (${why})`, lock: 'none' }];
    }
    case 'AT_SetExpression':
      return [{ kind: 'set-expression', table, column, lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_SetLogged':
    case 'AT_SetUnLogged':
      return [{ kind: 'set-logged', table, logged: cmd.subtype === 'AT_SetLogged', lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_DetachPartition': {
      const partition = nodeOf(cmd.def, 'PartitionCmd');
      return [
        {
          kind: 'detach-partition',
          table,
          partition: tableName(partition?.name) ?? '?',
          concurrent: partition?.concurrent === true,
          lock: partition?.concurrent === true ? 'SHARE UPDATE EXCLUSIVE' : 'ACCESS EXCLUSIVE',
        },
      ];
    }
    default: {
      const lock = cmd.subtype === undefined ? undefined : CATALOG_ONLY_ALTERS[cmd.subtype];
      return lock === undefined ? undefined : [{ kind: 'catalog-only', statement: cmd.subtype ?? '?', table, lock }];
    }
  }
}

/** Whether `name` (as written in FROM) is one of the statement's WITH queries rather than a table. */
function isCte(name: string, ctes: ReadonlySet<string>): boolean {
  return !name.includes('.') && ctes.has(name);
}

function readQueries(select: SelectStmt | undefined, statement: string, ctes: ReadonlySet<string>): Operation[] {
  if (select === undefined) return [];
  const where = (select.fromClause ?? []).length === 1 ? select.whereClause : undefined;
  return [...new Set(tablesRead({ fromClause: select.fromClause }))]
    .filter((table) => !isCatalogTable(table) && !isCte(table, ctes))
    .map((table) => ({ kind: 'read-query', table, statement, where, lock: 'ACCESS SHARE' }) as const);
}

function relationsOf(nodes: readonly Node[] | undefined, ctes: ReadonlySet<string> = new Set()): string[] {
  return (nodes ?? []).map((node) => tableName(nodeOf(node, 'RangeVar'))).filter((name): name is string => name !== undefined && !isCte(name, ctes));
}

/**
 * The queries of a statement's WITH clause (also the one of the SELECT of INSERT … SELECT and
 * CREATE TABLE AS). PostgreSQL allows data-modifying WITH queries only there, and they run even
 * when nothing reads their result, so each is classified as a statement of its own.
 */
export function withQueries(node: Node): Node[] {
  const own = (
    nodeOf(node, 'SelectStmt') ??
    nodeOf(node, 'InsertStmt') ??
    nodeOf(node, 'UpdateStmt') ??
    nodeOf(node, 'DeleteStmt') ??
    nodeOf(node, 'MergeStmt')
  )?.withClause;
  const inner = nodeOf(nodeOf(node, 'InsertStmt')?.selectStmt ?? nodeOf(node, 'CreateTableAsStmt')?.query, 'SelectStmt')?.withClause;
  return [own, inner].flatMap((clause) =>
    (clause?.ctes ?? []).map((cte) => nodeOf(cte, 'CommonTableExpr')?.ctequery).filter((query): query is Node => query !== undefined),
  );
}

/**
 * ALTER of a view, sequence, index, materialized view, foreign table or composite type: light only
 * when every clause is a catalog-only one; others (SET TABLESPACE copies an index, SET ACCESS METHOD
 * rewrites a materialized view, ALTER TYPE … ALTER ATTRIBUTE … CASCADE rewrites tables) stay unknown.
 */
function otherRelationAlter(objectType: string, cmds: readonly Node[] | undefined): StatementOperations | 'light' {
  const unknownClauses = (cmds ?? [])
    .map((cmdNode) => nodeOf(cmdNode, 'AlterTableCmd')?.subtype)
    .filter((subtype) => subtype === undefined || CATALOG_ONLY_ALTERS[subtype] === undefined);
  if (unknownClauses.length === 0) return 'light';
  const object = objectType.replace('OBJECT_', '').replace('_', ' ');
  return {
    operations: unknownClauses.map((subtype) => ({ kind: 'unclassified', statement: `ALTER ${object} … ${subtype ?? '?'}`, lock: 'none' }) as const),
    tables: [],
  };
}

/** Read queries of a SELECT (used for SELECT INTO and plain SELECT … FROM by the classifier). */
export function selectReads(select: SelectStmt | undefined, statement: string): Operation[] {
  return readQueries(select, statement, cteNames(select));
}

/**
 * Operations of one statement; `light` when it touches no table; `undefined` when the statement
 * (or one of its clauses) is not in the table — the caller then fails closed.
 */
export function statementOperations(node: Node, lookups: OperationLookups): StatementOperations | 'light' | undefined {
  const kind = Object.keys(node)[0] ?? '';
  const ctes = cteNames(node);
  const alter = nodeOf(node, 'AlterTableStmt');
  if (alter !== undefined) {
    if (alter.objtype !== 'OBJECT_TABLE') return otherRelationAlter(alter.objtype ?? '?', alter.cmds);
    const table = tableName(alter.relation) ?? '?';
    const operations: Operation[] = [];
    for (const cmdNode of alter.cmds ?? []) {
      const cmd = nodeOf(cmdNode, 'AlterTableCmd');
      const cmdOperations = cmd === undefined ? undefined : alterTableOperations(table, cmd, lookups);
      operations.push(...(cmdOperations ?? [{ kind: 'unclassified', statement: `ALTER TABLE … ${cmd?.subtype ?? '?'}`, lock: 'none' } as const]));
    }
    return { operations, tables: [table] };
  }
  // ALTER TABLE … SET SCHEMA: the table's qualified name changes, like a rename (brief ACCESS EXCLUSIVE).
  const moved = nodeOf(node, 'AlterObjectSchemaStmt');
  if (moved?.objectType === 'OBJECT_TABLE' && moved.relation !== undefined) {
    const table = tableName(moved.relation) ?? '?';
    const newName = `${moved.newschema ?? '?'}.${moved.relation.relname ?? '?'}`;
    return { operations: [{ kind: 'rename-table', table, newName, lock: 'ACCESS EXCLUSIVE' }], tables: [table, newName] };
  }
  const rename = nodeOf(node, 'RenameStmt');
  if (rename !== undefined) {
    const table = tableName(rename.relation);
    if (rename.renameType === 'OBJECT_COLUMN' && rename.relationType === 'OBJECT_TABLE' && table !== undefined) {
      return {
        operations: [{ kind: 'rename-column', table, column: rename.subname ?? '?', newName: rename.newname ?? '?', lock: 'ACCESS EXCLUSIVE' }],
        tables: [table],
      };
    }
    if (rename.renameType === 'OBJECT_TABLE' && table !== undefined) {
      const newName = rename.relation?.schemaname === undefined ? (rename.newname ?? '?') : `${rename.relation.schemaname}.${rename.newname ?? '?'}`;
      return { operations: [{ kind: 'rename-table', table, newName, lock: 'ACCESS EXCLUSIVE' }], tables: [table, newName] };
    }
    if (
      (rename.renameType === 'OBJECT_TABCONSTRAINT' || rename.renameType === 'OBJECT_TRIGGER' || rename.renameType === 'OBJECT_POLICY') &&
      table !== undefined
    ) {
      return { operations: [{ kind: 'catalog-only', statement: `RENAME ${rename.renameType}`, table, lock: 'ACCESS EXCLUSIVE' }], tables: [table] };
    }
    const isView = (type: string | undefined) => type === 'OBJECT_VIEW' || type === 'OBJECT_MATVIEW';
    if (table !== undefined && (isView(rename.renameType) || (rename.renameType === 'OBJECT_COLUMN' && isView(rename.relationType)))) {
      const column = rename.renameType === 'OBJECT_COLUMN' ? { column: rename.subname ?? '?' } : {};
      return { operations: [{ kind: 'rename-view', table, newName: rename.newname ?? '?', ...column, lock: 'ACCESS EXCLUSIVE' }], tables: [] };
    }
    if (rename.renameType !== undefined && LIGHT_RENAMES.has(rename.renameType)) return 'light';
    const name = table ?? objectName(rename.object);
    const objectType =
      rename.renameType === 'OBJECT_COLUMN' || rename.renameType === 'OBJECT_ATTRIBUTE'
        ? (rename.relationType ?? rename.renameType)
        : (rename.renameType ?? '?');
    const what = rename.subname === undefined ? name : `${name}.${rename.subname}`;
    return { operations: [{ kind: 'rename-object', objectType, name: what, newName: rename.newname ?? '?', lock: 'none' }], tables: [] };
  }
  const index = nodeOf(node, 'IndexStmt');
  if (index !== undefined) {
    const table = tableName(index.relation) ?? '?';
    return { operations: [{ kind: 'create-index', table, index, lock: index.concurrent === true ? 'SHARE UPDATE EXCLUSIVE' : 'SHARE' }], tables: [table] };
  }
  const drop = nodeOf(node, 'DropStmt');
  if (drop !== undefined) {
    const names = (drop.objects ?? []).map((object) => dottedName(nodeOf(object, 'List')?.items) ?? '?');
    if (drop.removeType === 'OBJECT_TABLE') {
      return { operations: names.map((table) => ({ kind: 'drop-table', table, lock: 'ACCESS EXCLUSIVE' }) as const), tables: names };
    }
    if (drop.removeType === 'OBJECT_INDEX') {
      const operations = names.map((name) => {
        const table = lookups.indexTable(name);
        const operation: Operation = {
          kind: 'drop-index',
          index: name,
          concurrent: drop.concurrent === true,
          lock: drop.concurrent === true ? 'SHARE UPDATE EXCLUSIVE' : 'ACCESS EXCLUSIVE',
        };
        return table === undefined ? operation : { ...operation, table };
      });
      return { operations, tables: operations.flatMap((operation) => (operation.table === undefined ? [] : [operation.table])) };
    }
    const removeType = drop.removeType ?? '?';
    if (removeType === 'OBJECT_VIEW' || removeType === 'OBJECT_MATVIEW') {
      return {
        operations: names.map((view) => ({ kind: 'drop-view', table: view, materialized: removeType === 'OBJECT_MATVIEW', lock: 'ACCESS EXCLUSIVE' }) as const),
        tables: [],
      };
    }
    const cascade: Operation[] =
      drop.behavior === 'DROP_CASCADE' && CASCADE_REACHES_TABLES.has(removeType)
        ? [{ kind: 'unclassified', statement: `DROP ${removeType.replace('OBJECT_', '')} … CASCADE`, lock: 'none' }]
        : [];
    if (FUNCTION_DROPS.has(removeType)) {
      const functions = (drop.objects ?? []).map((object) => objectName(object));
      return {
        operations: [...functions.map((name) => ({ kind: 'drop-function', objectType: removeType, function: name, lock: 'none' }) as const), ...cascade],
        tables: [],
      };
    }
    if (NAMED_OBJECT_DROPS.has(removeType)) {
      const objects = (drop.objects ?? []).map((object) => objectName(object));
      return { operations: [...objects.map((name) => ({ kind: 'drop-object', objectType: removeType, name, lock: 'none' }) as const), ...cascade], tables: [] };
    }
    if (TABLE_CHILD_DROPS.has(removeType)) {
      // A dropped trigger, rule or policy changes what old code's reads and writes do: not judged.
      const tables = (drop.objects ?? []).map((object) => dottedName(nodeOf(object, 'List')?.items?.slice(0, -1)) ?? '?');
      const operations: Operation[] = tables.flatMap((table) => [
        { kind: 'catalog-only', statement: `DROP ${removeType}`, table, lock: 'ACCESS EXCLUSIVE' } as const,
        {
          kind: 'unclassified',
          statement: `DROP ${removeType.replace('OBJECT_', '')} on ${table} (what it did for old code is not judged)`,
          lock: 'none',
        } as const,
      ]);
      return { operations, tables };
    }
    return LIGHT_DROPS.has(removeType) ? 'light' : undefined;
  }
  const create = nodeOf(node, 'CreateStmt');
  if (create !== undefined) {
    const table = tableName(create.relation) ?? '?';
    const columnConstraints = (create.tableElts ?? []).flatMap((element) => constraintsOf(nodeOf(element, 'ColumnDef')?.constraints));
    const tableConstraints = constraintsOf(create.tableElts);
    const operations: Operation[] = referenceLocks([...columnConstraints, ...tableConstraints], 'REFERENCES from a new table');
    if (create.partbound !== undefined) {
      for (const parent of relationsOf(create.inhRelations))
        operations.push({ kind: 'catalog-only', statement: 'PARTITION OF', table: parent, lock: 'ACCESS EXCLUSIVE' });
    }
    return { operations, tables: [table, ...operations.flatMap((operation) => (operation.table === undefined ? [] : [operation.table]))] };
  }
  const createAs = nodeOf(node, 'CreateTableAsStmt');
  if (createAs !== undefined) {
    const table = tableName(createAs.into?.rel) ?? '?';
    const operations = createAs.into?.skipData === true ? [] : readQueries(nodeOf(createAs.query, 'SelectStmt'), 'CREATE TABLE AS', ctes);
    return { operations, tables: [table, ...operations.map((operation) => operation.table ?? '?')] };
  }
  const trigger = nodeOf(node, 'CreateTrigStmt');
  if (trigger !== undefined) {
    const table = tableName(trigger.relation) ?? '?';
    const beforeRow = trigger.row === true && ((trigger.timing ?? 0) & TRIGGER_TYPE_BEFORE) !== 0 && trigger.isconstraint !== true;
    return {
      operations: [
        { kind: 'catalog-only', statement: 'CREATE TRIGGER', table, lock: 'SHARE ROW EXCLUSIVE' },
        { kind: 'create-trigger', table, trigger: trigger.trigname ?? '?', function: dottedName(trigger.funcname) ?? '?', beforeRow, lock: 'none' },
      ],
      tables: [table],
    };
  }
  const domain = nodeOf(node, 'AlterDomainStmt');
  if (domain !== undefined) return domainOperations(domain, lookups);
  const policy = nodeOf(node, 'CreatePolicyStmt') ?? nodeOf(node, 'AlterPolicyStmt');
  if (policy !== undefined) {
    const table = tableName(policy.table) ?? '?';
    // A new permissive policy only widens what a role may see. A restrictive one narrows it (judged by
    // restrictive-policy-on-existing-table); a changed one may do either: not judged.
    const created = nodeOf(node, 'CreatePolicyStmt');
    const narrowing: Operation[] =
      kind === 'AlterPolicyStmt'
        ? [{ kind: 'unclassified', statement: `ALTER POLICY on ${table} (may hide rows from old code)`, lock: 'none' }]
        : created?.permissive !== true
          ? [{ kind: 'create-restrictive-policy', table, policy: created?.policy_name ?? '?', lock: 'none' }]
          : [];
    return { operations: [{ kind: 'catalog-only', statement: kind, table, lock: 'ACCESS EXCLUSIVE' }, ...narrowing], tables: [table] };
  }
  const grant = nodeOf(node, 'GrantStmt');
  if (grant !== undefined) {
    if (grant.is_grant === true) return 'light';
    const tables = grant.objtype === 'OBJECT_TABLE' && grant.targtype === 'ACL_TARGET_OBJECT' ? relationsOf(grant.objects) : [];
    const privileges = (grant.privileges ?? []).map((privilege) => nodeOf(privilege, 'AccessPriv')?.priv_name?.toUpperCase() ?? '?');
    const on = tables.length > 0 ? tables.join(', ') : (grant.objects ?? []).map((object) => objectName(object)).join(', ') || (grant.targtype ?? '?');
    return {
      operations: [
        {
          kind: 'revoke',
          what: `${privileges.length > 0 ? privileges.join(', ') : 'ALL'} ON ${grant.objtype?.replace('OBJECT_', '') ?? '?'} ${on}`,
          tables,
          lock: 'none',
        },
      ],
      tables,
    };
  }
  const grantRole = nodeOf(node, 'GrantRoleStmt');
  if (grantRole !== undefined) {
    if (grantRole.is_grant === true) return 'light';
    const roles = (grantRole.granted_roles ?? []).map((role) => nodeOf(role, 'AccessPriv')?.priv_name ?? '?');
    return { operations: [{ kind: 'revoke', what: `membership in ${roles.join(', ')}`, tables: [], lock: 'none' }], tables: [] };
  }
  const alterSequence = nodeOf(node, 'AlterSeqStmt');
  if (alterSequence !== undefined) {
    const sequence = tableName(alterSequence.sequence) ?? '?';
    const operations: Operation[] = [];
    for (const option of alterSequence.options ?? []) {
      const name = nodeOf(option, 'DefElem')?.defname ?? '?';
      if (name === 'restart') operations.push({ kind: 'restart-sequence', sequence, lock: 'none' });
      // OWNED BY, CACHE and START (used only by a later RESTART) change no value old code gets.
      else if (!['owned_by', 'cache', 'start'].includes(name))
        operations.push({ kind: 'unclassified', statement: `ALTER SEQUENCE … ${name.toUpperCase()} (may change the values INSERTs get)`, lock: 'none' });
    }
    return operations.length === 0 ? 'light' : { operations, tables: [] };
  }
  const truncate = nodeOf(node, 'TruncateStmt');
  if (truncate !== undefined) {
    const tables = relationsOf(truncate.relations);
    return { operations: tables.map((table) => ({ kind: 'truncate', table, lock: 'ACCESS EXCLUSIVE' }) as const), tables };
  }
  const alterEnum = nodeOf(node, 'AlterEnumStmt');
  if (alterEnum !== undefined) {
    if (alterEnum.oldVal === undefined) return 'light';
    return {
      operations: [
        { kind: 'rename-enum-value', type: dottedName(alterEnum.typeName) ?? '?', from: alterEnum.oldVal, to: alterEnum.newVal ?? '?', lock: 'none' },
      ],
      tables: [],
    };
  }
  const update = nodeOf(node, 'UpdateStmt');
  if (update !== undefined) {
    const table = tableName(update.relation) ?? '?';
    return {
      operations: [{ kind: 'update', table, where: update.whereClause, lock: 'ROW EXCLUSIVE' }],
      tables: [table, ...relationsOf(update.fromClause, ctes)],
    };
  }
  const del = nodeOf(node, 'DeleteStmt');
  if (del !== undefined) {
    const table = tableName(del.relation) ?? '?';
    return { operations: [{ kind: 'delete', table, where: del.whereClause, lock: 'ROW EXCLUSIVE' }], tables: [table, ...relationsOf(del.usingClause, ctes)] };
  }
  const insert = nodeOf(node, 'InsertStmt');
  if (insert !== undefined) {
    const table = tableName(insert.relation) ?? '?';
    const operations = readQueries(nodeOf(insert.selectStmt, 'SelectStmt'), 'INSERT … SELECT', ctes);
    return { operations, tables: [table, ...operations.map((operation) => operation.table ?? '?')] };
  }
  const vacuum = nodeOf(node, 'VacuumStmt');
  if (vacuum !== undefined) {
    const tables = (vacuum.rels ?? []).map((rel) => tableName(nodeOf(rel, 'VacuumRelation')?.relation)).filter((name): name is string => name !== undefined);
    if (vacuum.is_vacuumcmd !== true) return tables.length > 0 ? { operations: [], tables } : 'light';
    if (tables.length === 0) return undefined;
    // `VACUUM (FULL FALSE)` is plain VACUUM: the option's value counts, not its name (an unreadable value counts as on).
    const full = (vacuum.options ?? []).some((option) => optionIsOn(option, 'full') !== false);
    return {
      operations: tables.map((table) => ({ kind: 'vacuum', table, full, lock: full ? 'ACCESS EXCLUSIVE' : 'SHARE UPDATE EXCLUSIVE' }) as const),
      tables,
    };
  }
  const cluster = nodeOf(node, 'ClusterStmt');
  if (cluster !== undefined) {
    const table = tableName(cluster.relation);
    return table === undefined ? undefined : { operations: [{ kind: 'cluster', table, lock: 'ACCESS EXCLUSIVE' }], tables: [table] };
  }
  const refresh = nodeOf(node, 'RefreshMatViewStmt');
  if (refresh !== undefined) {
    const table = tableName(refresh.relation) ?? '?';
    const concurrent = refresh.concurrent === true;
    return { operations: [{ kind: 'refresh-materialized-view', table, concurrent, lock: concurrent ? 'EXCLUSIVE' : 'ACCESS EXCLUSIVE' }], tables: [table] };
  }
  const reindex = nodeOf(node, 'ReindexStmt');
  if (reindex !== undefined) {
    const concurrent = (reindex.params ?? []).some((param) => optionIsOn(param, 'concurrently') === true);
    const relation = tableName(reindex.relation);
    const target = `${(reindex.kind ?? '').replace('REINDEX_OBJECT_', '')} ${relation ?? reindex.name ?? '?'}`;
    const tables = reindex.kind === 'REINDEX_OBJECT_TABLE' && relation !== undefined ? [relation] : [];
    return {
      operations: [
        {
          kind: 'reindex',
          target,
          concurrent,
          lock: concurrent ? 'SHARE UPDATE EXCLUSIVE' : 'SHARE',
          ...(tables[0] === undefined ? {} : { table: tables[0] }),
        },
      ],
      tables,
    };
  }
  return LIGHT_STATEMENTS[kind] === undefined ? undefined : 'light';
}

/** ALTER DOMAIN subtypes (PostgreSQL's AlterDomainStmt.subtype) that check no stored value: defaults, DROP NOT NULL, DROP CONSTRAINT. */
const LIGHT_DOMAIN_CHANGES: Readonly<Record<string, string>> = { T: 'SET DEFAULT', N: 'DROP NOT NULL', X: 'DROP CONSTRAINT' };
/** ALTER DOMAIN subtypes that check every stored value of the domain: ADD CONSTRAINT (unless NOT VALID), SET NOT NULL, VALIDATE CONSTRAINT. */
const CHECKING_DOMAIN_CHANGES: Readonly<Record<string, string>> = { C: 'ADD CONSTRAINT', O: 'SET NOT NULL', V: 'VALIDATE CONSTRAINT' };

/**
 * ALTER DOMAIN: a new constraint (or NOT NULL, or a validation) is checked against every column of
 * the domain in every table (PostgreSQL's validateDomainConstraint, SHARE lock on each). Which
 * tables: the columns known of that type; none known is light only for a domain created in this
 * migration (every column of it is then declared here), otherwise unknown.
 */
function domainOperations(alter: { subtype?: string; typeName?: Node[]; def?: Node }, lookups: OperationLookups): StatementOperations | 'light' | undefined {
  const domain = dottedName(alter.typeName) ?? '?';
  const subtype = alter.subtype ?? '?';
  if (LIGHT_DOMAIN_CHANGES[subtype] !== undefined) return 'light';
  const change = CHECKING_DOMAIN_CHANGES[subtype];
  if (change === undefined) return undefined;
  if (subtype === 'C' && nodeOf(alter.def, 'Constraint')?.skip_validation === true) return 'light';
  const tables = lookups.tablesUsingType(domain);
  if (tables.length === 0 && lookups.isNewObject('OBJECT_DOMAIN', domain)) return 'light';
  if (tables.length === 0) return { operations: [{ kind: 'validate-domain', domain, change, lock: 'none' }], tables: [] };
  return { operations: tables.map((table) => ({ kind: 'validate-domain', table, domain, change, lock: 'SHARE' }) as const), tables };
}

/**
 * A utility option's boolean value as PostgreSQL's defGetBoolean reads it (`FULL`, `FULL true`,
 * `FULL 1`, `FULL on` are on; `FULL false`, `FULL 0`, `FULL off` off): false when the option is
 * another one (or off), undefined when its value cannot be read.
 */
function optionIsOn(option: Node | undefined, name: string): boolean | undefined {
  const element = nodeOf(option, 'DefElem');
  if (element?.defname !== name) return false;
  if (element.arg === undefined) return true;
  const integer = nodeOf(element.arg, 'Integer');
  if (integer !== undefined) return integer.ival === 1 ? true : (integer.ival ?? 0) === 0 ? false : undefined;
  const boolean = nodeOf(element.arg, 'Boolean');
  if (boolean !== undefined) return boolean.boolval === true;
  const text = nodeOf(element.arg, 'String')?.sval?.toLowerCase();
  return text === 'true' || text === 'on' ? true : text === 'false' || text === 'off' ? false : undefined;
}
