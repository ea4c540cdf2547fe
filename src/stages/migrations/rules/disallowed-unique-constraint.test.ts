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

describe('disallowed-unique-constraint', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: ADD UNIQUE',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE (email)",
      heaviness: flags(true, false, true),
      rules: ['constraint-rejects-old-code-writes', 'disallowed-unique-constraint'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: UNIQUE column',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN code text UNIQUE",
      heaviness: flags(true, false, true),
      rules: ['disallowed-unique-constraint'],
      breaksOldCode: false,
    },
    {
      name: 'ok: UNIQUE USING INDEX',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE USING INDEX users_email_idx",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
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
        "constraint-rejects-old-code-writes (breaking) line 2: UNIQUE users_email_key added to users: writes from old code that violate it start failing",
        "disallowed-unique-constraint (advisory) line 2: UNIQUE (email) on users builds a unique index while reads and writes are blocked",
      ]
    `);
  });
});
