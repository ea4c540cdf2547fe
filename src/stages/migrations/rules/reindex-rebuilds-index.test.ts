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

describe('reindex-rebuilds-index', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: REINDEX TABLE',
      sql: 'REINDEX TABLE events',
      heaviness: flags(true, true, true),
      rules: ['reindex-rebuilds-index'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: REINDEX CONCURRENTLY outside a transaction',
      sql: 'REINDEX TABLE CONCURRENTLY events',
      options: { inTransaction: false },
      heaviness: flags(false, true, true),
      rules: ['reindex-rebuilds-index'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CONCURRENTLY before PostgreSQL 12 fails',
      sql: 'REINDEX TABLE CONCURRENTLY events',
      options: { inTransaction: false, postgresVersion: 11 },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['reindex-rebuilds-index'],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE t (a int);\nREINDEX TABLE t',
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
        "reindex-rebuilds-index (advisory) line 1: REINDEX TABLE events rebuilds from a full scan, blocking writes (SHARE)",
      ]
    `);
  });
});
