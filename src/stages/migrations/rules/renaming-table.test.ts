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

describe('renaming-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: RENAME TO',
      sql: 'ALTER TABLE public.users RENAME TO accounts',
      heaviness: flags(true, false, false),
      rules: ['renaming-table', 'require-timeout-settings'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: SET SCHEMA moves the table',
      sql: "SET lock_timeout = '2s';\nALTER TABLE events SET SCHEMA archive",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'renaming-table'],
      breaksOldCode: true,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE tmp (a int);\nALTER TABLE tmp RENAME TO final;\nCREATE INDEX final_a_idx ON final (a)',
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
        "renaming-table (breaking) line 1: RENAME TABLE public.users to public.accounts: old code still uses public.users",
        "require-timeout-settings (advisory) line 1: ACCESS EXCLUSIVE on public.users without a lock_timeout: it can queue behind long queries and block every query behind it",
      ]
    `);
  });
});
