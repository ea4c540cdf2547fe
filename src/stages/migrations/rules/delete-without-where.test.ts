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

describe('delete-without-where', () => {
  const cases: RuleCase[] = [
    { name: 'flagged: no WHERE', sql: 'DELETE FROM sessions', heaviness: flags(true, true, true), rules: ['delete-without-where'], breaksOldCode: false },
    {
      name: 'flagged: broad WHERE',
      sql: 'DELETE FROM sessions WHERE expires_at < now()',
      heaviness: flags(true, true, true),
      rules: ['delete-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: DELETE inside a WITH clause',
      sql: 'WITH gone AS (DELETE FROM sessions RETURNING *) INSERT INTO sessions_archive SELECT * FROM gone',
      heaviness: flags(true, true, true),
      rules: ['delete-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'ok: WHERE on a key',
      sql: "DELETE FROM sessions WHERE session_id = 'abc'",
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
        "delete-without-where (advisory) line 1: DELETE FROM sessions with no WHERE touches every row and locks them until commit",
      ]
    `);
  });
});
