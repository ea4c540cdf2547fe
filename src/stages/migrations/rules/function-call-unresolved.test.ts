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

describe('function-call-unresolved', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: function not in this migration',
      sql: 'SELECT refresh_everything()',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['function-call-unresolved'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CALL of an unknown procedure',
      sql: 'CALL backfill_users(100)',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['function-call-unresolved'],
      breaksOldCode: false,
    },
    { name: 'ok: built-in advisory lock', sql: 'SELECT pg_advisory_xact_lock(42)', heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
    {
      name: 'ok: function created and called in this migration',
      sql: "CREATE FUNCTION fix_one() RETURNS void LANGUAGE sql AS 'UPDATE users SET plan = ''free'' WHERE id = 1';\nSELECT fix_one()",
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: created function that is never called is light',
      sql: "CREATE FUNCTION backfill() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE users SET plan = 'free';\nEND $$",
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'flagged: the quoted function "Fix_one" is not fix_one',
      sql: 'CREATE FUNCTION "Fix_one"() RETURNS void LANGUAGE sql AS \'SELECT 1\';\nSELECT fix_one()',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['function-call-unresolved'],
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
        "function-call-unresolved (advisory) line 1: refresh_everything() is not defined in this migration nor a known built-in: its effect is unknown",
      ]
    `);
  });
});
