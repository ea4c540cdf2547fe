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

describe("update-without-where", () => {
  const cases: RuleCase[] = [
    { name: "flagged: no WHERE", sql: "UPDATE users SET plan = 'free'", heaviness: flags(true, true, true), rules: ["update-without-where"], breaksOldCode: false },
    { name: "flagged: broad WHERE", sql: "UPDATE users SET plan = 'free' WHERE plan IS NULL", heaviness: flags(true, true, true), rules: ["update-without-where"], breaksOldCode: false },
    { name: "ok: WHERE on a key", sql: "UPDATE users SET plan = 'free' WHERE id = 42", heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
    { name: "ok: IN list on a uuid key, AND-ed", sql: "UPDATE users SET plan = 'free' WHERE user_uuid IN ('a', 'b') AND plan IS NULL", heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
    { name: "ok: new table", sql: "UPDATE users SET plan = 'free'", options: { newTables: ["users"] }, heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
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
        "update-without-where (advisory) line 1: UPDATE users with no WHERE rewrites every row and locks them until commit",
      ]
    `);
  });
});
