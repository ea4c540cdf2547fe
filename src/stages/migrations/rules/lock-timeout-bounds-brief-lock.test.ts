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

describe('lock-timeout-bounds-brief-lock', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: brief lock after SET lock_timeout',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN nickname text",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: without lock_timeout the lock counts',
      sql: 'ALTER TABLE users ADD COLUMN nickname text',
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
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
        "lock-timeout-bounds-brief-lock (info) line 2: ACCESS EXCLUSIVE on users is catalog-only and bounded by the lock_timeout set earlier",
      ]
    `);
  });
});
