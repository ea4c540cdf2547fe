import { recordLiteral } from './builder-args.js';
import type { StaticEvaluator } from './constants.js';
import { excerpt } from './constants.js';
import { fileOf, identifiersNamed, isCall, isMember, isPropertyName, memberName, parentOf, type Node } from './source.js';
import { TYPEORM_BUILDER_METHODS } from './builder-methods.js';

/**
 * TypeORM `queryRunner` schema-builder calls compiled by TypeORM itself: `await queryRunner.addColumn(
 * 'users', new TableColumn({ name: 'nick', type: 'varchar', isNullable: true }))` is recorded as data
 * (the method, constant arguments, `new TableColumn({…})` and the other schema classes imported from
 * `typeorm`), then replayed on TypeORM 0.3's own PostgresQueryRunner in SQL-memory mode (its
 * `enableSqlMemory()`: the queries are kept, never sent). No connection is opened: every method the
 * runner would answer from the database is replaced (see {@link compileTypeormCall}). The migration's
 * code never runs; only recorded names and values reach TypeORM. `down` is never read.
 */

/** The schema classes of `typeorm` a builder call's arguments may construct. */
export const TYPEORM_SCHEMA_CLASSES = ['Table', 'TableColumn', 'TableIndex', 'TableForeignKey', 'TableUnique', 'TableCheck', 'TableExclusion'] as const;
export type TypeormSchemaClass = (typeof TYPEORM_SCHEMA_CLASSES)[number];
const SCHEMA_CLASS_SET: ReadonlySet<string> = new Set(TYPEORM_SCHEMA_CLASSES);

export type TypeormArg =
  | { kind: 'value'; value: unknown }
  | { kind: 'new'; className: TypeormSchemaClass; args: TypeormArg[] }
  | { kind: 'object'; entries: Array<[string, TypeormArg]> }
  | { kind: 'array'; items: TypeormArg[] };

/** How `typeorm`'s schema classes are named in a file: imported names, and namespaces (`import * as typeorm`, compiled `typeorm_1`). */
export interface TypeormNames {
  classes: ReadonlyMap<string, TypeormSchemaClass>;
  namespaces: ReadonlySet<string>;
}

const FROM_TYPEORM = String.raw`(?:from\s*['"]typeorm['"]|=\s*require\(\s*['"]typeorm['"]\s*\))`;

/** The local names of TypeORM's schema classes in a migration file (named imports and requires), and its namespace names. */
export function typeormNamesOf(fileText: string): TypeormNames {
  const classes = new Map<string, TypeormSchemaClass>();
  const namespaces = new Set<string>();
  for (const match of fileText.matchAll(new RegExp(String.raw`\b(?:import|const|let|var)\s*(?:type\s*)?\{([^}]*)\}\s*${FROM_TYPEORM}`, 'g'))) {
    for (const part of match[1]!.split(',')) {
      const [imported, local = imported] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+|\s*:\s*/)
        .map((name) => name.trim());
      if (imported && local && SCHEMA_CLASS_SET.has(imported)) classes.set(local, imported as TypeormSchemaClass);
    }
  }
  for (const match of fileText.matchAll(
    new RegExp(String.raw`\bimport\s*\*\s*as\s+(\w+)\s*from\s*['"]typeorm['"]|\b(?:const|let|var)\s+(\w+)\s*=\s*require\(\s*['"]typeorm['"]\s*\)`, 'g'),
  ))
    namespaces.add((match[1] ?? match[2])!);
  return { classes, namespaces };
}

function schemaClassOf(callee: Node, names: TypeormNames): TypeormSchemaClass | undefined {
  if (callee.type === 'Identifier') return names.classes.get(callee.name);
  if (isMember(callee) && callee.object.type === 'Identifier' && names.namespaces.has(callee.object.name)) {
    const name = memberName(callee);
    return name !== undefined && SCHEMA_CLASS_SET.has(name) ? (name as TypeormSchemaClass) : undefined;
  }
  return undefined;
}

/**
 * `const table = new Table({…})` (in `up` or at the top of the file) for an argument `table`: the
 * `new` expression, when that is the name's only declaration in the file and every other use of the
 * name is an argument of a call (`queryRunner.createTable(table)`, `createIndex(table, …)`). A name
 * also used otherwise (`table.columns.push(…)`, `index.isUnique = true`) may be changed before the
 * call: not followed.
 */
function constructedConstant(identifier: Node & { type: 'Identifier' }): Node | undefined {
  let declaration: Node | undefined;
  for (const use of identifiersNamed(fileOf(identifier), identifier.name)) {
    if (isPropertyName(use)) continue;
    const parent = parentOf(use);
    if (parent?.type === 'VariableDeclarator' && parent.id === use) {
      const statement = parentOf(parent);
      if (declaration || statement?.type !== 'VariableDeclaration' || statement.kind !== 'const' || parent.init?.type !== 'NewExpression') return undefined;
      declaration = parent.init;
      continue;
    }
    if (isCall(parent) && (parent.arguments as Node[]).includes(use)) continue;
    if (parent?.type === 'ImportSpecifier' || parent?.type === 'ImportDefaultSpecifier') return undefined;
    return undefined;
  }
  return declaration;
}

/** Records one argument of a builder call; a string is the reason it cannot be. */
export function recordTypeormArg(node: Node, evaluator: StaticEvaluator, names: TypeormNames): TypeormArg | string {
  if (node.type === 'Identifier') {
    const constructed = constructedConstant(node);
    if (constructed) return recordTypeormArg(constructed, evaluator, names);
  }
  if (node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSSatisfiesExpression')
    return recordTypeormArg(node.expression, evaluator, names);
  if (node.type === 'NewExpression') {
    const className = schemaClassOf(node.callee as Node, names);
    if (!className) return `\`${excerpt(node, 60)}\` is not a TypeORM schema class (Table, TableColumn, TableIndex, …) imported from \`typeorm\``;
    const args: TypeormArg[] = [];
    for (const argument of node.arguments as Node[]) {
      const recorded = recordTypeormArg(argument, evaluator, names);
      if (typeof recorded === 'string') return recorded;
      args.push(recorded);
    }
    return { kind: 'new', className, args };
  }
  const literal = recordLiteral(node, (member) => recordTypeormArg(member, evaluator, names), 'TypeORM');
  if (literal !== undefined) return literal;
  const value = evaluator.evaluate(node);
  if (!value.ok) return `a TypeORM builder argument is not a constant: ${value.reason}`;
  return { kind: 'value', value: value.value };
}

type Constructor = new (options: Record<string, unknown>) => Record<string, unknown>;

interface TypeormModules {
  PostgresDriver: new (connection: unknown) => Record<string, unknown>;
  PostgresQueryRunner: new (
    driver: unknown,
    mode: 'master',
  ) => Record<string, unknown> & {
    enableSqlMemory(): void;
    getMemorySql(): { upQueries: Array<{ query: string; parameters?: unknown[] }> };
  };
  DefaultNamingStrategy: new () => unknown;
  classes: Record<TypeormSchemaClass, Constructor>;
}

let loaded: Promise<TypeormModules> | undefined;

/**
 * TypeORM 0.3's PostgreSQL driver, query runner and schema classes, loaded once, only when a TypeORM
 * builder call is read. Deep imports: the package's index loads every driver and the whole ORM.
 */
async function typeormModules(): Promise<TypeormModules> {
  loaded ??= (async () => {
    const [driver, runner, naming, table, column, index, foreignKey, unique, check, exclusion] = await Promise.all([
      import('typeorm/driver/postgres/PostgresDriver.js'),
      import('typeorm/driver/postgres/PostgresQueryRunner.js'),
      import('typeorm/naming-strategy/DefaultNamingStrategy.js'),
      import('typeorm/schema-builder/table/Table.js'),
      import('typeorm/schema-builder/table/TableColumn.js'),
      import('typeorm/schema-builder/table/TableIndex.js'),
      import('typeorm/schema-builder/table/TableForeignKey.js'),
      import('typeorm/schema-builder/table/TableUnique.js'),
      import('typeorm/schema-builder/table/TableCheck.js'),
      import('typeorm/schema-builder/table/TableExclusion.js'),
    ]);
    return {
      PostgresDriver: driver.PostgresDriver as unknown as TypeormModules['PostgresDriver'],
      PostgresQueryRunner: runner.PostgresQueryRunner as unknown as TypeormModules['PostgresQueryRunner'],
      DefaultNamingStrategy: naming.DefaultNamingStrategy,
      classes: {
        Table: table.Table as unknown as Constructor,
        TableColumn: column.TableColumn as unknown as Constructor,
        TableIndex: index.TableIndex as unknown as Constructor,
        TableForeignKey: foreignKey.TableForeignKey as unknown as Constructor,
        TableUnique: unique.TableUnique as unknown as Constructor,
        TableCheck: check.TableCheck as unknown as Constructor,
        TableExclusion: exclusion.TableExclusion as unknown as Constructor,
      },
    };
  })();
  return loaded;
}

function replay(arg: TypeormArg, modules: TypeormModules): unknown {
  switch (arg.kind) {
    case 'value':
      return arg.value;
    case 'array':
      return arg.items.map((item) => replay(item, modules));
    case 'object':
      return Object.fromEntries(arg.entries.map(([key, value]) => [key, replay(value, modules)]));
    case 'new': {
      const [options, ...rest] = arg.args.map((item) => replay(item, modules));
      if (rest.length > 0 || options === null || typeof options !== 'object') throw new Error(`\`new ${arg.className}(…)\` takes one options object`);
      return new modules.classes[arg.className](options as Record<string, unknown>);
    }
  }
}

/** Why a call's SQL depends on the table as the database has it (TypeORM reads it first), or undefined when the call's own arguments fix it. */
function dependsOnTheDatabase(method: string, args: readonly TypeormArg[]): string | undefined {
  const isNew = (arg: TypeormArg | undefined, className: TypeormSchemaClass) => arg?.kind === 'new' && arg.className === className;
  const columnOptions = (arg: TypeormArg | undefined) =>
    arg?.kind === 'new' && arg.args[0]?.kind === 'object' ? new Map(arg.args[0].entries.map(([key, value]) => [key, value])) : undefined;
  const [, second, third] = args;
  if (method === 'changeColumn' && !isNew(second, 'TableColumn'))
    return 'TypeORM compares the new column with the old one as the database has it (a type change drops and re-adds the column): the old column is given by name';
  if (method === 'changeColumns') return 'TypeORM compares each new column with the old one as the database has it';
  if (method === 'changeColumn' || (method === 'renameColumn' && isNew(second, 'TableColumn') && isNew(third, 'TableColumn'))) {
    const flag = (column: TypeormArg | undefined, name: string) => {
      const value = columnOptions(column)?.get(name);
      return value?.kind === 'value' ? value.value === true : value !== undefined ? 'unknown' : false;
    };
    for (const name of ['isPrimary', 'isUnique'])
      if (flag(second, name) !== flag(third, name))
        return `the column's ${name === 'isPrimary' ? 'primary key' : 'unique constraint'} changes: TypeORM rebuilds or drops it from the table's constraints as the database has them`;
  }
  if (method === 'renameColumn' && isNew(third, 'TableColumn') && !isNew(second, 'TableColumn'))
    return 'a rename to a TableColumn is a column change, compared with the old column as the database has it';
  if (method === 'addColumn' || method === 'addColumns') {
    const columns = method === 'addColumn' ? [second] : second?.kind === 'array' ? second.items : [];
    for (const column of columns) {
      const isPrimary = columnOptions(column)?.get('isPrimary');
      if (isPrimary && !(isPrimary.kind === 'value' && isPrimary.value === false))
        return "a primary-key column: TypeORM rebuilds the table's primary key from its current primary columns";
    }
  }
  return undefined;
}

/**
 * A table holding what the call names by string: `dropColumn('users', 'phone')` looks the column up
 * in the table TypeORM loads from the database; the replay gives it a table holding just that column
 * (its type is not needed to drop or rename it). Indices, constraints and foreign keys named in a drop
 * likewise. What PostgreSQL drops with a column (its indices and constraints) TypeORM would also drop
 * explicitly first when it knows of them; the column's own statement is what the replay emits.
 */
function tableFor(
  name: string,
  method: string,
  args: readonly unknown[],
  modules: TypeormModules,
  isInstance: (value: unknown, className: TypeormSchemaClass) => boolean,
) {
  const [, second] = args;
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const columns: unknown[] = [];
  const indices: unknown[] = [];
  const foreignKeys: unknown[] = [];
  const uniques: unknown[] = [];
  const checks: unknown[] = [];
  const exclusions: unknown[] = [];
  switch (method) {
    case 'dropColumn':
    case 'dropColumns':
    case 'renameColumn':
      for (const column of strings(second)) columns.push({ name: column, type: 'unknown' });
      break;
    case 'changeColumn':
      if (isInstance(second, 'TableColumn')) columns.push(second);
      break;
    case 'dropIndex':
    case 'dropIndices':
      for (const index of strings(second)) indices.push({ name: index, columnNames: [] });
      break;
    case 'dropForeignKey':
    case 'dropForeignKeys':
      for (const key of strings(second)) foreignKeys.push({ name: key, columnNames: [], referencedTableName: 'unknown', referencedColumnNames: [] });
      break;
    case 'dropUniqueConstraint':
    case 'dropUniqueConstraints':
      for (const unique of strings(second)) uniques.push({ name: unique, columnNames: [] });
      break;
    case 'dropCheckConstraint':
    case 'dropCheckConstraints':
      for (const check of strings(second)) checks.push({ name: check, expression: 'true' });
      break;
    case 'dropExclusionConstraint':
    case 'dropExclusionConstraints':
      for (const exclusion of strings(second)) exclusions.push({ name: exclusion, expression: 'true' });
      break;
  }
  const table = new modules.classes.Table({ name, indices, foreignKeys, uniques, checks, exclusions });
  // Table's constructor copies column options into TableColumns; a TableColumn given by the call is kept as it is.
  (table as { columns: unknown[] }).columns = columns.map((column) =>
    isInstance(column, 'TableColumn') ? column : new modules.classes.TableColumn(column as Record<string, unknown>),
  );
  return table;
}

let driverOnce: { modules: TypeormModules; driver: unknown } | undefined;

/**
 * One PostgresDriver for every replay: a stand-in connection (naming strategy, no metadata) and a
 * stand-in `pg` that is never used (no pool is made). The driver keeps no state a replay changes:
 * each call gets a query runner of its own.
 */
function offlineDriver(modules: TypeormModules): unknown {
  if (driverOnce?.modules === modules) return driverOnce.driver;
  const connection: Record<string, unknown> = {
    options: { type: 'postgres', driver: { defaults: {} } },
    namingStrategy: new modules.DefaultNamingStrategy(),
    entityMetadatas: [],
    hasMetadata: () => false,
    createQueryBuilder: () => {
      throw new Error('TypeORM would record the column in its metadata table (a generated column): not replayed');
    },
  };
  const driver = new modules.PostgresDriver(connection);
  connection.driver = driver;
  driverOnce = { modules, driver };
  return driver;
}

/**
 * The SQL TypeORM's PostgresQueryRunner runs for `queryRunner.<method>(…args)` (its `up` queries in
 * SQL-memory mode). Nothing reaches a database: the driver gets a stand-in `pg` (never used: no pool
 * is made), and what the runner would ask the database is answered from the call itself —
 * the table it loads holds what the call names ({@link tableFor}); `createTable(…, true)` finds no
 * table (the CREATE runs when the table is new) and `dropTable(…, true)` finds one; an enum type is
 * not there yet (it is created). An enum column's existing type name, and any other query, cannot be
 * answered: the call is then not compiled (the reader reports it unknown).
 */
export async function compileTypeormCall(method: string, args: readonly TypeormArg[]): Promise<string[]> {
  if (!TYPEORM_BUILDER_METHODS.has(method)) throw new Error(`queryRunner.${method} is not replayed`);
  const needsDatabase = dependsOnTheDatabase(method, args);
  if (needsDatabase) throw new Error(needsDatabase);
  const modules = await typeormModules();
  const driver = offlineDriver(modules);
  const runner = new modules.PostgresQueryRunner(driver, 'master');
  const replayed = args.map((arg) => replay(arg, modules));
  const isInstance = (value: unknown, className: TypeormSchemaClass) => value instanceof modules.classes[className];
  const database = (what: string) => () => Promise.reject(new Error(`TypeORM asks the database ${what}: not replayed`));
  Object.assign(runner, {
    query: database('a query'),
    loadTables: database('for tables'),
    getCachedTable: (name: string) => Promise.resolve(tableFor(name, method, replayed, modules, isInstance)),
    hasTable: () => Promise.resolve(method !== 'createTable'),
    hasEnumType: () => Promise.resolve(false),
    getUserDefinedTypeName: database("for an enum column's type name"),
  });
  runner.enableSqlMemory();
  const call = runner[method] as (...values: unknown[]) => Promise<unknown>;
  await call.apply(runner, replayed);
  const queries = runner.getMemorySql().upQueries;
  for (const query of queries) if (query.parameters && query.parameters.length > 0) throw new Error('TypeORM sends values with the SQL: not replayed');
  return queries.map((query) => query.query);
}
