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

describe('detach-partition-not-concurrently', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DETACH PARTITION',
      sql: 'ALTER TABLE measurements DETACH PARTITION measurements_2020',
      heaviness: flags(true, false, false),
      rules: ['detach-partition-not-concurrently', 'require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'ok: CONCURRENTLY outside a transaction',
      sql: 'ALTER TABLE measurements DETACH PARTITION measurements_2020 CONCURRENTLY',
      options: { inTransaction: false },
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CONCURRENTLY before PostgreSQL 14 fails',
      sql: 'ALTER TABLE measurements DETACH PARTITION measurements_2020 CONCURRENTLY',
      options: { inTransaction: false, postgresVersion: 13 },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['detach-partition-not-concurrently'],
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
        "detach-partition-not-concurrently (advisory) line 1: DETACH PARTITION measurements_2020 from measurements takes ACCESS EXCLUSIVE on the partitioned table",
        "require-timeout-settings (advisory) line 1: ACCESS EXCLUSIVE on measurements without a lock_timeout: it can queue behind long queries and block every query behind it",
      ]
    `);
  });
});
