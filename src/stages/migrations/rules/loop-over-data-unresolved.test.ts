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

describe('loop-over-data-unresolved', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: row-by-row backfill (the UPDATE by row key inside counts as a full one)',
      sql: "DO $$\nDECLARE r record;\nBEGIN\n  FOR r IN SELECT id FROM orgs LOOP\n    UPDATE users SET org_name = 'x' WHERE id = r.id;\n  END LOOP;\nEND $$",
      heaviness: flags(true, true, true),
      rules: ['loop-over-data-unresolved', 'select-scans-table', 'update-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'ok: static statements in a DO block',
      sql: "DO $$\nBEGIN\n  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'x') THEN\n    UPDATE users SET plan = 'free' WHERE id = 1;\n  END IF;\nEND $$",
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
        "loop-over-data-unresolved (advisory) line 4: FOR … IN query LOOP runs its body a data-dependent number of times",
        "select-scans-table (advisory) line 4: SELECT reads the whole table orgs",
        "update-without-where (advisory) line 5: UPDATE users with a WHERE not limited to key values rewrites every row and locks them until commit",
      ]
    `);
  });
});
