import { walk } from '../../../syntax/parse.js';
import { classesOf, classMethod, type OrmSqlSpec } from './orm-sql.js';
import { isCall, textOf, type Node, type SourceFile } from './source.js';

/** Where each ORM keeps `up`, its database handle and its raw-SQL calls, and when it runs a migration in a transaction. */

/** A class member `name = value` or a method returning a literal (`isTransactional() { return false; }`). */
function classSaysFalse(file: SourceFile, member: string): boolean {
  for (const declaration of classesOf(file)) {
    const property = declaration.body.body.find((m) => m.type === 'ClassProperty' && !m.computed && m.key.type === 'Identifier' && m.key.name === member);
    if (property?.type === 'ClassProperty' && property.value?.type === 'BooleanLiteral' && !property.value.value) return true;
    const method = classMethod(declaration, member);
    let returned: Node | null | undefined;
    if (method) {
      walk(method, (node) => {
        if (returned !== undefined) return false;
        if (node.type === 'ReturnStatement') returned = node.argument;
        return undefined;
      });
    }
    if (returned?.type === 'BooleanLiteral' && !returned.value) return true;
  }
  return false;
}

function callsIn(up: Node, pattern: RegExp): boolean {
  let found = false;
  walk(up, (node) => {
    if (found) return false;
    if (isCall(node) && pattern.test(textOf(node.callee))) found = true;
    return undefined;
  });
  return found;
}

export const ORM_SQL_SPECS: Record<'typeorm' | 'mikro-orm' | 'sequelize' | 'kysely' | 'node-pg-migrate', OrmSqlSpec> = {
  /**
   * TypeORM runs every migration in a transaction unless the class sets `transaction = false`.
   * `hasTable`/`hasColumn`/`getTable` only read the catalog (a guard around a builder call: the call
   * is read as if it runs, the larger of the two outcomes).
   */
  typeorm: {
    label: 'TypeORM',
    up: 'class-method',
    handle: 'first-parameter',
    sqlCalls: ['query'],
    harmlessCalls: ['hasTable', 'hasColumn', 'getTable'],
    builder: 'typeorm',
    inTransaction: (file) => !classSaysFalse(file, 'transaction'),
  },
  /** MikroORM wraps each migration in a transaction unless `isTransactional()` returns false. */
  'mikro-orm': {
    label: 'MikroORM',
    up: 'class-method',
    handle: 'this',
    sqlCalls: ['addSql', 'execute'],
    inTransaction: (file) => !classSaysFalse(file, 'isTransactional'),
  },
  /** sequelize-cli runs a migration outside a transaction unless it opens one itself. */
  sequelize: {
    label: 'Sequelize',
    up: 'export',
    handle: 'first-parameter',
    sqlCalls: ['sequelize.query'],
    harmlessCalls: ['sequelize.transaction'],
    builder: 'sequelize',
    inTransaction: (_file, up) => callsIn(up, /\.sequelize\.transaction$/),
  },
  /** kysely's Migrator runs each migration in a transaction on PostgreSQL. */
  kysely: { label: 'kysely', up: 'export', handle: 'first-parameter', sqlCalls: [], sqlTemplates: true, schemaBuilder: 'kysely', inTransaction: () => true },
  /** node-pg-migrate runs each migration in a transaction unless it calls `pgm.noTransaction()`. */
  'node-pg-migrate': {
    label: 'node-pg-migrate',
    up: 'export',
    handle: 'first-parameter',
    sqlCalls: ['sql'],
    harmlessCalls: ['noTransaction', 'func'],
    builder: 'node-pg-migrate',
    inTransaction: (_file, up) => !callsIn(up, /\.noTransaction$/),
  },
};
