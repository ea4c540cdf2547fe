/**
 * The operation table: one parsed statement → the operations it performs, each with the table it
 * touches and the lock it takes (migration-facts.md). Rules judge operations, never raw statements.
 * Statements that change only the catalog and touch no table are `light`; anything not listed
 * here is `unknown` (the classifier fails closed on it).
 */
import type { AlterTableCmd, AlterTableType, ColumnDef, Constraint, Node, SelectStmt } from 'libpg-query';
import { columnType, cteNames, dottedName, isCatalogTable, nodeOf, tableName, tablesRead } from './ast.js';
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
}

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
  AT_EnableRowSecurity: 'ACCESS EXCLUSIVE',
  AT_DisableRowSecurity: 'ACCESS EXCLUSIVE',
  AT_ForceRowSecurity: 'ACCESS EXCLUSIVE',
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
  AT_EnableTrig: 'SHARE ROW EXCLUSIVE',
  AT_DisableTrig: 'SHARE ROW EXCLUSIVE',
  AT_EnableAlwaysTrig: 'SHARE ROW EXCLUSIVE',
  AT_EnableReplicaTrig: 'SHARE ROW EXCLUSIVE',
  AT_EnableTrigAll: 'SHARE ROW EXCLUSIVE',
  AT_DisableTrigAll: 'SHARE ROW EXCLUSIVE',
  AT_EnableTrigUser: 'SHARE ROW EXCLUSIVE',
  AT_DisableTrigUser: 'SHARE ROW EXCLUSIVE',
};

/** Statements that change neither a table's data nor its locks (types, functions, grants, comments, …). */
// Not ALTER EXTENSION … UPDATE: it runs the extension's upgrade script, which may alter its tables.
const LIGHT_STATEMENTS = new Set([
  'CommentStmt', 'GrantStmt', 'GrantRoleStmt', 'CreateExtensionStmt', 'CreateEnumStmt',
  'CompositeTypeStmt', 'CreateDomainStmt', 'DefineStmt', 'CreateSchemaStmt', 'CreateSeqStmt', 'AlterSeqStmt',
  'ViewStmt', 'AlterOwnerStmt', 'AlterFunctionStmt', 'CreateRoleStmt', 'AlterRoleStmt', 'DropRoleStmt',
  'AlterDefaultPrivilegesStmt', 'CreateCastStmt', 'NotifyStmt', 'CreateFunctionStmt', 'VariableSetStmt',
  'VariableShowStmt', 'TransactionStmt', 'CreateRangeStmt', 'CreateEventTrigStmt', 'AlterEventTrigStmt',
]);

/** Objects whose DROP touches no table (catalog only). */
const LIGHT_DROPS = new Set([
  'OBJECT_FUNCTION', 'OBJECT_PROCEDURE', 'OBJECT_TYPE', 'OBJECT_DOMAIN', 'OBJECT_SEQUENCE', 'OBJECT_EXTENSION',
  'OBJECT_SCHEMA', 'OBJECT_VIEW', 'OBJECT_MATVIEW', 'OBJECT_AGGREGATE', 'OBJECT_CAST', 'OBJECT_EVENT_TRIGGER',
]);
/**
 * With CASCADE these drops reach into tables: columns of a dropped type or domain, defaults using a
 * dropped sequence or function, triggers, the tables of a dropped schema. What they touch is not known here.
 */
const CASCADE_REACHES_TABLES = new Set([...LIGHT_DROPS].filter((type) => type !== 'OBJECT_VIEW' && type !== 'OBJECT_MATVIEW'));
/** DROP of objects hanging off a table: a brief ACCESS EXCLUSIVE on that table. */
const TABLE_CHILD_DROPS = new Set(['OBJECT_TRIGGER', 'OBJECT_POLICY', 'OBJECT_RULE']);

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
      return [{ kind: 'alter-column-type', table, column, to: columnType(def?.typeName), from: lookups.columnType(table, column), using: def?.raw_default, collate: def?.collClause !== undefined, lock: 'ACCESS EXCLUSIVE' }];
    }
    case 'AT_SetNotNull':
      return [{ kind: 'set-not-null', table, column, lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_AddConstraint': {
      const constraint = nodeOf(cmd.def, 'Constraint') ?? {};
      const lock: LockMode = constraint.contype === 'CONSTR_FOREIGN' ? 'SHARE ROW EXCLUSIVE' : 'ACCESS EXCLUSIVE';
      // An exclusion constraint builds its index under ACCESS EXCLUSIVE; no heaviness rule judges that, so it stays unknown.
      const indexBuild: Operation[] = constraint.contype === 'CONSTR_EXCLUSION' ? [{ kind: 'unclassified', statement: 'ALTER TABLE … ADD CONSTRAINT … EXCLUDE', lock: 'none' }] : [];
      return [{ kind: 'add-constraint', table, constraint, lock }, ...indexBuild, ...referenceLocks([constraint], 'FOREIGN KEY')];
    }
    case 'AT_ValidateConstraint':
      return [{ kind: 'validate-constraint', table, constraint: column, lock: 'SHARE UPDATE EXCLUSIVE' }];
    case 'AT_DropColumn':
      return [{ kind: 'drop-column', table, column, lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_SetLogged':
    case 'AT_SetUnLogged':
      return [{ kind: 'set-logged', table, logged: cmd.subtype === 'AT_SetLogged', lock: 'ACCESS EXCLUSIVE' }];
    case 'AT_DetachPartition': {
      const partition = nodeOf(cmd.def, 'PartitionCmd');
      return [{ kind: 'detach-partition', table, partition: tableName(partition?.name) ?? '?', concurrent: partition?.concurrent === true, lock: partition?.concurrent === true ? 'SHARE UPDATE EXCLUSIVE' : 'ACCESS EXCLUSIVE' }];
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
  const own = (nodeOf(node, 'SelectStmt') ?? nodeOf(node, 'InsertStmt') ?? nodeOf(node, 'UpdateStmt') ?? nodeOf(node, 'DeleteStmt') ?? nodeOf(node, 'MergeStmt'))?.withClause;
  const inner = nodeOf(nodeOf(node, 'InsertStmt')?.selectStmt ?? nodeOf(node, 'CreateTableAsStmt')?.query, 'SelectStmt')?.withClause;
  return [own, inner].flatMap((clause) => (clause?.ctes ?? []).map((cte) => nodeOf(cte, 'CommonTableExpr')?.ctequery).filter((query): query is Node => query !== undefined));
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
  return { operations: unknownClauses.map((subtype) => ({ kind: 'unclassified', statement: `ALTER ${object} … ${subtype ?? '?'}`, lock: 'none' }) as const), tables: [] };
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
  const rename = nodeOf(node, 'RenameStmt');
  if (rename !== undefined) {
    const table = tableName(rename.relation);
    if (rename.renameType === 'OBJECT_COLUMN' && rename.relationType === 'OBJECT_TABLE' && table !== undefined) {
      return { operations: [{ kind: 'rename-column', table, column: rename.subname ?? '?', newName: rename.newname ?? '?', lock: 'ACCESS EXCLUSIVE' }], tables: [table] };
    }
    if (rename.renameType === 'OBJECT_TABLE' && table !== undefined) {
      const newName = rename.relation?.schemaname === undefined ? (rename.newname ?? '?') : `${rename.relation.schemaname}.${rename.newname ?? '?'}`;
      return { operations: [{ kind: 'rename-table', table, newName, lock: 'ACCESS EXCLUSIVE' }], tables: [table, newName] };
    }
    if ((rename.renameType === 'OBJECT_TABCONSTRAINT' || rename.renameType === 'OBJECT_TRIGGER' || rename.renameType === 'OBJECT_POLICY') && table !== undefined) {
      return { operations: [{ kind: 'catalog-only', statement: `RENAME ${rename.renameType}`, table, lock: 'ACCESS EXCLUSIVE' }], tables: [table] };
    }
    return 'light';
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
        const operation: Operation = { kind: 'drop-index', index: name, concurrent: drop.concurrent === true, lock: drop.concurrent === true ? 'SHARE UPDATE EXCLUSIVE' : 'ACCESS EXCLUSIVE' };
        return table === undefined ? operation : { ...operation, table };
      });
      return { operations, tables: operations.flatMap((operation) => (operation.table === undefined ? [] : [operation.table])) };
    }
    if (drop.behavior === 'DROP_CASCADE' && drop.removeType !== undefined && CASCADE_REACHES_TABLES.has(drop.removeType)) {
      return { operations: [{ kind: 'unclassified', statement: `DROP ${drop.removeType.replace('OBJECT_', '')} … CASCADE`, lock: 'none' }], tables: [] };
    }
    if (drop.removeType !== undefined && TABLE_CHILD_DROPS.has(drop.removeType)) {
      const tables = (drop.objects ?? []).map((object) => dottedName(nodeOf(object, 'List')?.items?.slice(0, -1)) ?? '?');
      return { operations: tables.map((table) => ({ kind: 'catalog-only', statement: `DROP ${drop.removeType ?? ''}`, table, lock: 'ACCESS EXCLUSIVE' }) as const), tables };
    }
    return drop.removeType !== undefined && LIGHT_DROPS.has(drop.removeType) ? 'light' : undefined;
  }
  const create = nodeOf(node, 'CreateStmt');
  if (create !== undefined) {
    const table = tableName(create.relation) ?? '?';
    const columnConstraints = (create.tableElts ?? []).flatMap((element) => constraintsOf(nodeOf(element, 'ColumnDef')?.constraints));
    const tableConstraints = constraintsOf(create.tableElts);
    const operations: Operation[] = referenceLocks([...columnConstraints, ...tableConstraints], 'REFERENCES from a new table');
    if (create.partbound !== undefined) {
      for (const parent of relationsOf(create.inhRelations)) operations.push({ kind: 'catalog-only', statement: 'PARTITION OF', table: parent, lock: 'ACCESS EXCLUSIVE' });
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
    return { operations: [{ kind: 'catalog-only', statement: 'CREATE TRIGGER', table, lock: 'SHARE ROW EXCLUSIVE' }], tables: [table] };
  }
  const policy = nodeOf(node, 'CreatePolicyStmt') ?? nodeOf(node, 'AlterPolicyStmt');
  if (policy !== undefined) {
    const table = tableName(policy.table) ?? '?';
    return { operations: [{ kind: 'catalog-only', statement: kind, table, lock: 'ACCESS EXCLUSIVE' }], tables: [table] };
  }
  const truncate = nodeOf(node, 'TruncateStmt');
  if (truncate !== undefined) {
    const tables = relationsOf(truncate.relations);
    return { operations: tables.map((table) => ({ kind: 'truncate', table, lock: 'ACCESS EXCLUSIVE' }) as const), tables };
  }
  const alterEnum = nodeOf(node, 'AlterEnumStmt');
  if (alterEnum !== undefined) {
    if (alterEnum.oldVal === undefined) return 'light';
    return { operations: [{ kind: 'rename-enum-value', type: dottedName(alterEnum.typeName) ?? '?', from: alterEnum.oldVal, to: alterEnum.newVal ?? '?', lock: 'none' }], tables: [] };
  }
  const update = nodeOf(node, 'UpdateStmt');
  if (update !== undefined) {
    const table = tableName(update.relation) ?? '?';
    return { operations: [{ kind: 'update', table, where: update.whereClause, lock: 'ROW EXCLUSIVE' }], tables: [table, ...relationsOf(update.fromClause, ctes)] };
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
    const full = (vacuum.options ?? []).some((option) => nodeOf(option, 'DefElem')?.defname === 'full');
    return { operations: tables.map((table) => ({ kind: 'vacuum', table, full, lock: full ? 'ACCESS EXCLUSIVE' : 'SHARE UPDATE EXCLUSIVE' }) as const), tables };
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
    const concurrent = (reindex.params ?? []).some((param) => nodeOf(param, 'DefElem')?.defname === 'concurrently');
    const relation = tableName(reindex.relation);
    const target = `${(reindex.kind ?? '').replace('REINDEX_OBJECT_', '')} ${relation ?? reindex.name ?? '?'}`;
    const tables = reindex.kind === 'REINDEX_OBJECT_TABLE' && relation !== undefined ? [relation] : [];
    return { operations: [{ kind: 'reindex', target, concurrent, lock: concurrent ? 'SHARE UPDATE EXCLUSIVE' : 'SHARE', ...(tables[0] === undefined ? {} : { table: tables[0] }) }], tables };
  }
  return LIGHT_STATEMENTS.has(kind) ? 'light' : undefined;
}
