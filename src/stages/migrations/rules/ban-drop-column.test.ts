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

describe('ban-drop-column', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP COLUMN',
      sql: 'ALTER TABLE users DROP COLUMN legacy_flag',
      heaviness: flags(true, false, false),
      rules: ['ban-drop-column', 'require-timeout-settings'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP COLUMN with lock_timeout',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users DROP COLUMN IF EXISTS legacy_flag",
      heaviness: flags(false, false, false),
      rules: ['ban-drop-column', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: new table',
      sql: 'ALTER TABLE users DROP COLUMN legacy_flag',
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
        "ban-drop-column (breaking) line 1: DROP COLUMN users.legacy_flag: old code still reads or writes it",
        "require-timeout-settings (advisory) line 1: ACCESS EXCLUSIVE on users without a lock_timeout: it can queue behind long queries and block every query behind it",
      ]
    `);
  });
});
