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

describe('index-built-concurrently-scans-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: CONCURRENTLY still reads the table',
      sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)',
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['index-built-concurrently-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: on a new table',
      sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)',
      options: { inTransaction: false, newTables: ['users'] },
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
        "index-built-concurrently-scans-table (info) line 1: CREATE INDEX CONCURRENTLY users_email_idx on users reads the whole table twice (reads and writes continue)",
      ]
    `);
  });
});
