import { SyntaxKind, type Node, type SourceFile } from '../../../typescript/ts-morph.js';
import type { OrmSqlSpec } from './orm-sql.js';

/** Where each ORM keeps `up`, its database handle and its raw-SQL calls, and when it runs a migration in a transaction. */

/** A class member `name = value` or a method returning a literal (`isTransactional() { return false; }`). */
function classSaysFalse(file: SourceFile, member: string): boolean {
  for (const declaration of file.getClasses()) {
    const property = declaration.getProperty(member);
    if (property?.getInitializer()?.getKind() === SyntaxKind.FalseKeyword) return true;
    const method = declaration.getMethod(member);
    const returned = method?.getDescendantsOfKind(SyntaxKind.ReturnStatement)[0]?.getExpression();
    if (returned?.getKind() === SyntaxKind.FalseKeyword) return true;
  }
  return false;
}

function callsIn(up: Node, pattern: RegExp): boolean {
  return up.getDescendantsOfKind(SyntaxKind.CallExpression).some((call) => pattern.test(call.getExpression().getText()));
}

export const ORM_SQL_SPECS: Record<'typeorm' | 'mikro-orm' | 'sequelize' | 'kysely' | 'node-pg-migrate', OrmSqlSpec> = {
  /** TypeORM runs every migration in a transaction unless the class sets `transaction = false`. */
  typeorm: { label: 'TypeORM', up: 'class-method', handle: 'first-parameter', sqlCalls: ['query'], inTransaction: (file) => !classSaysFalse(file, 'transaction') },
  /** MikroORM wraps each migration in a transaction unless `isTransactional()` returns false. */
  'mikro-orm': { label: 'MikroORM', up: 'class-method', handle: 'this', sqlCalls: ['addSql', 'execute'], inTransaction: (file) => !classSaysFalse(file, 'isTransactional') },
  /** sequelize-cli runs a migration outside a transaction unless it opens one itself. */
  sequelize: {
    label: 'Sequelize',
    up: 'export',
    handle: 'first-parameter',
    sqlCalls: ['sequelize.query'],
    harmlessCalls: ['sequelize.transaction'],
    inTransaction: (_file, up) => callsIn(up, /\.sequelize\.transaction$/),
  },
  /** kysely's Migrator runs each migration in a transaction on PostgreSQL. */
  kysely: { label: 'kysely', up: 'export', handle: 'first-parameter', sqlCalls: [], sqlTemplates: true, inTransaction: () => true },
  /** node-pg-migrate runs each migration in a transaction unless it calls `pgm.noTransaction()`. */
  'node-pg-migrate': { label: 'node-pg-migrate', up: 'export', handle: 'first-parameter', sqlCalls: ['sql'], harmlessCalls: ['noTransaction'], inTransaction: (_file, up) => !callsIn(up, /\.noTransaction$/) },
};
