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

describe('constraint-missing-not-valid', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: CHECK validated at once',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT amount_positive CHECK (amount > 0)",
      heaviness: flags(true, false, true),
      rules: ['constraint-missing-not-valid', 'constraint-rejects-old-code-writes'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: CHECK on a new column',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD COLUMN qty int CHECK (qty > 0)",
      heaviness: flags(true, false, true),
      rules: ['constraint-missing-not-valid'],
      breaksOldCode: false,
    },
    {
      name: 'ok: NOT VALID',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT amount_positive CHECK (amount > 0) NOT VALID",
      heaviness: flags(false, false, false),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
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
        "constraint-missing-not-valid (advisory) line 2: amount_positive on orders is validated against every row under ACCESS EXCLUSIVE",
        "constraint-rejects-old-code-writes (breaking) line 2: CHECK amount_positive added to orders: writes from old code that violate it start failing",
      ]
    `);
  });
});
