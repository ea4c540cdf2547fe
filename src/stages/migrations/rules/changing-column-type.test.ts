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

describe('changing-column-type', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: int → bigint',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN age TYPE bigint",
      options: { columnTypes: { 'users.age': 'integer' } },
      heaviness: flags(true, true, true),
      rules: ['changing-column-type'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: text[] → varchar[] (elements coerced one by one: PostgreSQL rewrites, observed in PGlite)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN tags TYPE varchar[]",
      options: { columnTypes: { 'users.tags': 'text[]' } },
      heaviness: flags(true, true, true),
      rules: ['changing-column-type'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a USING expression',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN age TYPE bigint USING (age * 2)",
      options: { columnTypes: { 'users.age': 'integer' } },
      heaviness: flags(true, true, true),
      rules: ['changing-column-type'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: previous type not known',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN name TYPE text",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['changing-column-type', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: "unknown: a new collation (the column's indexes are rebuilt)",
      sql: 'SET lock_timeout = \'5s\';\nALTER TABLE users ALTER COLUMN name TYPE text COLLATE "C"',
      options: { columnTypes: { 'users.name': 'text' } },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['changing-column-type', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: varchar(255) → text, but an expression index reads the column (rebuilt with a full scan)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN email TYPE text",
      options: { columnTypes: { 'users.email': 'varchar(255)' }, recheckedColumns: { users: ['email'] } },
      heaviness: flags(true, false, true),
      rules: ['changing-column-type'],
      breaksOldCode: false,
    },
    {
      name: "unknown: varchar(255) → text, the table's indexes and checks not known",
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN email TYPE text",
      options: { columnTypes: { 'users.email': 'varchar(255)' } },
      heaviness: flags('unknown', false, 'unknown'),
      rules: ['changing-column-type', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: varchar(255) → text as knex emits it',
      sql: 'SET lock_timeout = \'5s\';\nALTER TABLE "users" ALTER COLUMN "name" TYPE text USING ("name"::text)',
      options: { recheckedColumns: { users: [] }, columnTypes: { 'users.name': 'varchar(255)' } },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: varchar(100) → varchar(200)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN name TYPE varchar(200)",
      options: { recheckedColumns: { users: [] }, columnTypes: { 'users.name': 'varchar(100)' } },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: numeric(10,2) → numeric(12,2)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ALTER COLUMN price TYPE numeric(12,2)",
      options: { recheckedColumns: { orders: [] }, columnTypes: { 'orders.price': 'numeric(10,2)' } },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: type declared earlier in the migration',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN nick varchar(50);\nALTER TABLE users ALTER COLUMN nick TYPE varchar(100)",
      options: { recheckedColumns: { users: [] } },
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
        "changing-column-type (advisory) line 2: ALTER COLUMN users.age TYPE int8: rewrites the table and its indexes (int4 → int8 is not binary-coercible)",
      ]
    `);
  });
});
