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

describe('renaming-enum-value', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: RENAME VALUE',
      sql: "ALTER TYPE order_status RENAME VALUE 'shipped' TO 'dispatched'",
      heaviness: flags(false, false, false),
      rules: ['renaming-enum-value'],
      breaksOldCode: true,
    },
    {
      name: 'ok: ADD VALUE',
      sql: "ALTER TYPE order_status ADD VALUE IF NOT EXISTS 'returned'",
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
        "renaming-enum-value (breaking) line 1: enum order_status renames value shipped to dispatched: old code still writes shipped",
      ]
    `);
  });
});
