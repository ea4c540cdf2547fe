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

describe('migration-part-unresolved', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: unresolved part makes its flags unknown',
      sql: 'CREATE TABLE t (a int)',
      options: {
        unresolved: [{ line: 7, reason: 'table name comes from a function parameter', affects: ['scansTable'], evidence: 'knex(tableName).update(...)' }],
      },
      heaviness: flags(false, false, 'unknown'),
      rules: ['migration-part-unresolved'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a flag already true stays true',
      sql: "UPDATE users SET plan = 'free'",
      options: { unresolved: [{ line: 9, reason: 'SQL built by helper', affects: ['locksTable', 'rewritesTable', 'scansTable'] }] },
      heaviness: flags(true, true, true),
      rules: ['update-without-where', 'migration-part-unresolved'],
      breaksOldCode: false,
    },
    { name: 'ok: nothing unresolved', sql: 'CREATE TABLE t (a int)', heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
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
        "migration-part-unresolved (advisory) line 7: not resolved statically: table name comes from a function parameter (unknown: scansTable)",
      ]
    `);
  });
});
