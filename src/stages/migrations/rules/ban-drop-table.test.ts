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

describe('ban-drop-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP TABLE',
      sql: "SET lock_timeout = '5s';\nDROP TABLE IF EXISTS legacy_events, audit.old_log CASCADE",
      heaviness: flags(false, false, false),
      rules: ['ban-drop-table', 'ban-drop-table', 'lock-timeout-bounds-brief-lock', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE tmp (a int);\nDROP TABLE tmp',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a quoted "Orders" created here is not the existing orders',
      sql: 'CREATE TABLE "Orders" (a int);\nDROP TABLE orders',
      heaviness: flags(true, false, false),
      rules: ['ban-drop-table', 'require-timeout-settings'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: Orders created earlier in the release (quoted) is not orders',
      sql: 'DROP TABLE orders',
      options: { newTables: ['Orders'] },
      heaviness: flags(true, false, false),
      rules: ['ban-drop-table', 'require-timeout-settings'],
      breaksOldCode: true,
    },
    {
      name: 'ok: unquoted Orders folds to orders',
      sql: 'CREATE TABLE Orders (a int);\nDROP TABLE "orders"',
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
        "ban-drop-table (breaking) line 2: DROP TABLE legacy_events: old code still uses it",
        "ban-drop-table (breaking) line 2: DROP TABLE audit.old_log: old code still uses it",
        "lock-timeout-bounds-brief-lock (info) line 2: ACCESS EXCLUSIVE on legacy_events is catalog-only and bounded by the lock_timeout set earlier",
        "lock-timeout-bounds-brief-lock (info) line 2: ACCESS EXCLUSIVE on audit.old_log is catalog-only and bounded by the lock_timeout set earlier",
      ]
    `);
  });
});
