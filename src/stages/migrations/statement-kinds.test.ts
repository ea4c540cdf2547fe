import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyMigration } from './classify.js';
import { LIGHT_STATEMENTS, RULED_STATEMENTS, statementOperations } from './rules/operations.js';
import { loadParser, parseStatements } from './sql.js';
import type { Node } from 'libpg-query';

/**
 * The audit of every statement kind the grammar has (libpg-query's AST types): each is judged by a
 * branch with rules, or on the reviewed light allow-list with a reason and an example, or unknown —
 * never light by omission.
 */

const require = createRequire(import.meta.url);
const typesFile = join(dirname(require.resolve('@pgsql/types/package.json')), 'types.d.ts');
const GRAMMAR_STATEMENT_KINDS = [...readFileSync(typesFile, 'utf8').matchAll(/^export interface (\w+Stmt) \{/gm)]
  .map((match) => match[1]!)
  .filter((kind) => kind !== 'RawStmt' && kind !== 'PLAssignStmt' && kind !== 'ReturnStmt');

/** One real statement per allow-listed kind: classified light. */
const LIGHT_EXAMPLES: Readonly<Record<string, string>> = {
  CommentStmt: "COMMENT ON TABLE users IS 'people'",
  CreateExtensionStmt: 'CREATE EXTENSION IF NOT EXISTS pgcrypto',
  CreateEnumStmt: "CREATE TYPE mood AS ENUM ('ok', 'sad')",
  CompositeTypeStmt: 'CREATE TYPE pair AS (a int, b int)',
  CreateDomainStmt: 'CREATE DOMAIN email AS text',
  DefineStmt: 'CREATE AGGREGATE my_sum (int) (sfunc = int4pl, stype = int)',
  CreateRangeStmt: 'CREATE TYPE float_range AS RANGE (subtype = float8)',
  CreateSchemaStmt: 'CREATE SCHEMA IF NOT EXISTS reporting',
  CreateSeqStmt: 'CREATE SEQUENCE invoice_numbers',
  ViewStmt: 'CREATE VIEW active_users AS SELECT 1 AS one',
  AlterFunctionStmt: 'ALTER FUNCTION normalize_email(text) STABLE',
  CreateRoleStmt: 'CREATE ROLE reader',
  AlterDefaultPrivilegesStmt: 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO reader',
  CreateCastStmt: 'CREATE CAST (text AS mood) WITH INOUT',
  NotifyStmt: "NOTIFY migrations, 'done'",
  VariableSetStmt: "SET statement_timeout = '1min'",
  VariableShowStmt: 'SHOW lock_timeout',
  TransactionStmt: 'SAVEPOINT before_change',
  CreateEventTrigStmt: 'CREATE EVENT TRIGGER audit_ddl ON ddl_command_end EXECUTE FUNCTION audit_ddl()',
  AlterEventTrigStmt: 'ALTER EVENT TRIGGER audit_ddl DISABLE',
  CreateFunctionStmt: "CREATE FUNCTION one() RETURNS int LANGUAGE sql AS 'SELECT 1'",
};

const NO_LOOKUPS = {
  columnType: () => undefined,
  indexTable: () => undefined,
  tablesUsingType: () => [],
  isNewObject: () => false,
  disabledInThisMigration: () => false,
  onlyThisMigrationDisabledTriggers: () => false,
  isNewTable: () => false,
};

describe('every statement kind of the grammar', () => {
  beforeAll(async () => {
    await loadParser();
  });

  it('reads the full list from libpg-query', () => {
    expect(GRAMMAR_STATEMENT_KINDS.length).toBeGreaterThan(100);
    for (const kind of ['AlterTableStmt', 'LockStmt', 'MergeStmt', 'DropStmt', 'SecLabelStmt']) expect(GRAMMAR_STATEMENT_KINDS).toContain(kind);
  });

  it('lists only kinds the grammar has, each once, each with a reason', () => {
    for (const [kind, reason] of [...Object.entries(LIGHT_STATEMENTS), ...Object.entries(RULED_STATEMENTS)]) {
      expect(GRAMMAR_STATEMENT_KINDS, kind).toContain(kind);
      expect(reason.trim(), kind).not.toBe('');
    }
    expect(Object.keys(LIGHT_STATEMENTS).filter((kind) => kind in RULED_STATEMENTS)).toEqual([]);
  });

  it.each(GRAMMAR_STATEMENT_KINDS.filter((kind) => !(kind in LIGHT_STATEMENTS) && !(kind in RULED_STATEMENTS)))(
    '%s without a rule is unknown, never light',
    (kind) => {
      expect(statementOperations({ [kind]: {} } as unknown as Node, NO_LOOKUPS)).toBeUndefined();
    },
  );

  it.each(Object.keys(LIGHT_STATEMENTS))('allow-listed %s: its example is light', (kind) => {
    const sql = LIGHT_EXAMPLES[kind];
    expect(sql, `an example for ${kind}`).toBeDefined();
    const [statement] = parseStatements(sql!);
    expect(Object.keys(statement!.node)[0]).toBe(kind);
    const result = classifyMigration(
      { file: 'm.sql', statements: [{ sql: sql!, line: 1, origin: 'sql-file' }], unresolved: [], inTransaction: true },
      { postgresVersion: 16 },
    );
    expect(result.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
    expect(result.findings).toEqual([]);
    expect(result.breaksOldCode).toBe(false);
  });

  it('classifies an unknown kind through the classifier as unknown (LOCK, MERGE, SECURITY LABEL, ALTER FUNCTION … SET SCHEMA)', () => {
    for (const sql of [
      'LOCK TABLE users',
      'MERGE INTO users u USING incoming i ON u.id = i.id WHEN MATCHED THEN UPDATE SET name = i.name',
      "SECURITY LABEL ON TABLE users IS 'secret'",
      'ALTER FUNCTION touch() SET SCHEMA archive',
    ]) {
      const result = classifyMigration(
        { file: 'm.sql', statements: [{ sql, line: 1, origin: 'sql-file' }], unresolved: [], inTransaction: true },
        { postgresVersion: 16 },
      );
      expect(result.heaviness, sql).toEqual({ locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' });
    }
  });
});
