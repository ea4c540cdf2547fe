import { describe, expect, it } from 'vitest';
import { classifySql, flags, LIGHT } from './cases.js';
import type { CaseOptions } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
}

// Observed in PGlite (test/fixtures/peer-migrations, squawk set-expression): a new relfilenode holding data.
describe('set-expression-rewrites-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: a generated column gets a new expression',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users ALTER COLUMN name_length SET EXPRESSION AS (length(email))",
      heaviness: flags(true, true, true),
      rules: ['set-expression-rewrites-table'],
    },
    {
      name: 'ok: the table was created earlier in the release',
      sql: 'ALTER TABLE users ALTER COLUMN name_length SET EXPRESSION AS (length(email))',
      options: { newTables: ['users'] },
      heaviness: LIGHT,
      rules: [],
    },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
  });

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages).toMatchInlineSnapshot(`
      [
        "set-expression-rewrites-table (advisory) line 2: SET EXPRESSION of users.name_length rewrites the table under ACCESS EXCLUSIVE",
      ]
    `);
  });
});
