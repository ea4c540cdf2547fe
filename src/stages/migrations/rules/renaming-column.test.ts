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

describe('renaming-column', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: RENAME COLUMN',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users RENAME COLUMN name TO full_name",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'renaming-column'],
      breaksOldCode: true,
    },
    {
      name: 'ok: new table',
      sql: 'ALTER TABLE users RENAME COLUMN name TO full_name',
      options: { newTables: ['users'] },
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
        "lock-timeout-bounds-brief-lock (info) line 2: ACCESS EXCLUSIVE on users is catalog-only and bounded by the lock_timeout set earlier",
        "renaming-column (breaking) line 2: RENAME COLUMN users.name to full_name: old code still uses name",
      ]
    `);
  });
});
