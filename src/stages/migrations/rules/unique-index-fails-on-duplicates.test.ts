import { describe, expect, it } from 'vitest';
import { classifySql, LIGHT } from './cases.js';

const oldCode = { 'src/users.ts': "import knex from 'knex';\nexport const all = () => knex('users').select('id');" };

describe('unique-index-fails-on-duplicates', () => {
  const cases = [
    {
      name: 'flagged: CONCURRENTLY, old code read: light, advisory only',
      sql: 'CREATE UNIQUE INDEX CONCURRENTLY users_email_key ON users (email)',
      oldCode,
      rules: ['index-built-concurrently-scans-table', 'unique-index-fails-on-duplicates'],
    },
    { name: 'ok: not unique', sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)', oldCode, rules: ['index-built-concurrently-scans-table'] },
    {
      name: 'ok: old code not read',
      sql: 'CREATE UNIQUE INDEX CONCURRENTLY users_email_key ON users (email)',
      oldCode: undefined,
      rules: ['index-built-concurrently-scans-table'],
    },
    { name: 'ok: new table', sql: 'CREATE TABLE t (a int);\nCREATE UNIQUE INDEX CONCURRENTLY t_a ON t (a)', oldCode, rules: [] },
  ];
  it.each(cases)('$name', async ({ sql, oldCode: code, rules }) => {
    const outcome = await classifySql(sql, { inTransaction: false, ...(code ? { oldCode: code } : {}) });
    expect(outcome.rules).toEqual(rules);
    // Advisory only: the heaviness is what the index build alone makes it.
    expect(outcome.heaviness).toEqual(rules.length > 0 ? { ...LIGHT, scansTable: true } : LIGHT);
    expect(outcome.breaksOldCode).toBe(false);
  });
  it('renders', async () => {
    expect((await classifySql(cases[0]!.sql, { inTransaction: false, oldCode })).messages).toMatchInlineSnapshot(`
      [
        "index-built-concurrently-scans-table (info) line 1: CREATE INDEX CONCURRENTLY users_email_key on users reads the whole table twice (reads and writes continue)",
        "unique-index-fails-on-duplicates (advisory) line 1: unique index on users (email): the migration fails if existing rows hold duplicates",
      ]
    `);
  });
});
