import { describe, expect, it } from 'vitest';
import { classifySql, flags } from './cases.js';
import type { CaseOptions } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
  breaksOldCode: boolean;
}

describe('ban-concurrent-index-creation-in-transaction', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: CREATE INDEX CONCURRENTLY in a transaction',
      sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)',
      heaviness: flags('unknown', 'unknown', true),
      rules: ['ban-concurrent-index-creation-in-transaction', 'index-built-concurrently-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: DROP INDEX CONCURRENTLY in a transaction',
      sql: 'DROP INDEX CONCURRENTLY users_email_idx',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['ban-concurrent-index-creation-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: REINDEX CONCURRENTLY in a transaction',
      sql: 'REINDEX INDEX CONCURRENTLY users_email_idx',
      heaviness: flags('unknown', true, true),
      rules: ['ban-concurrent-index-creation-in-transaction', 'reindex-rebuilds-index'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: even on a new table',
      sql: 'CREATE TABLE t (a int);\nCREATE INDEX CONCURRENTLY t_a_idx ON t (a)',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['ban-concurrent-index-creation-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'ok: outside a transaction',
      sql: 'DROP INDEX CONCURRENTLY users_email_idx',
      options: { inTransaction: false },
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules, breaksOldCode }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages).toMatchInlineSnapshot(`
      [
        "ban-concurrent-index-creation-in-transaction (advisory) line 1: CREATE INDEX CONCURRENTLY cannot run inside a transaction: the migration fails",
        "index-built-concurrently-scans-table (info) line 1: CREATE INDEX CONCURRENTLY users_email_idx on users reads the whole table twice (reads and writes continue)",
      ]
    `);
  });
});
