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

describe('update-without-where', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: no WHERE',
      sql: "UPDATE users SET plan = 'free'",
      heaviness: flags(true, true, true),
      rules: ['update-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: broad WHERE',
      sql: "UPDATE users SET plan = 'free' WHERE plan IS NULL",
      heaviness: flags(true, true, true),
      rules: ['update-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: UPDATE inside a WITH clause',
      sql: "WITH changed AS (UPDATE users SET plan = 'free' RETURNING id) SELECT count(*) FROM changed",
      heaviness: flags(true, true, true),
      rules: ['update-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: WHERE on a foreign key (one organization may own every row)',
      sql: "UPDATE projects SET plan = 'free' WHERE organization_uuid = 'a1'",
      heaviness: flags(true, true, true),
      rules: ['update-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: the key of a joined table',
      sql: "UPDATE users SET plan = 'free' FROM orgs WHERE orgs.id = 5",
      heaviness: flags(true, true, true),
      rules: ['update-without-where'],
      breaksOldCode: false,
    },
    { name: 'ok: WHERE on a key', sql: "UPDATE users SET plan = 'free' WHERE id = 42", heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
    {
      name: 'ok: IN list on a uuid key, AND-ed',
      sql: "UPDATE users SET plan = 'free' WHERE user_uuid IN ('a', 'b') AND plan IS NULL",
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: "ok: the table's own key, named after it",
      sql: "UPDATE saved_queries SET name = 'x' WHERE saved_query_uuid = 'a1';\nUPDATE categories SET name = 'x' WHERE category_id = 2;\nUPDATE app.projects SET name = 'x' WHERE project_id = 3",
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: new table',
      sql: "UPDATE users SET plan = 'free'",
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
        "update-without-where (advisory) line 1: UPDATE users with no WHERE rewrites every row and locks them until commit",
      ]
    `);
  });
});
