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

describe('column-type-changed-incompatibly', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: varchar shrinks',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN name TYPE varchar(100)",
      options: { columnTypes: { 'users.name': 'varchar(255)' } },
      heaviness: flags(true, true, true),
      rules: ['changing-column-type', 'column-type-changed-incompatibly'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: text → integer',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN code TYPE integer USING code::integer",
      options: { columnTypes: { 'users.code': 'text' } },
      heaviness: flags(true, true, true),
      rules: ['changing-column-type', 'column-type-changed-incompatibly'],
      breaksOldCode: true,
    },
    {
      name: 'ok: int → bigint widens',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN age TYPE bigint",
      options: { columnTypes: { 'users.age': 'int' } },
      heaviness: flags(true, true, true),
      rules: ['changing-column-type'],
      breaksOldCode: false,
    },
    {
      name: 'ok: previous type unknown (flags unknown instead)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN name TYPE varchar(10)",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['changing-column-type', 'lock-timeout-bounds-brief-lock'],
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
        "changing-column-type (advisory) line 2: ALTER COLUMN users.name TYPE varchar(100): rewrites the table and its indexes (varchar(255) → varchar(100) is not binary-coercible)",
        "column-type-changed-incompatibly (breaking) line 2: users.name changes from varchar(255) to varchar(100): old code may write or read values the new type does not fit",
      ]
    `);
  });
});
