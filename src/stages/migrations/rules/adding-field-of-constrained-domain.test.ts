import { describe, expect, it } from 'vitest';
import { classifySql, flags } from './cases.js';
import type { CaseOptions } from './cases.js';
import { mayAddColumnOfUserType } from './user-types.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
  breaksOldCode: boolean;
}

// Each flagged case was run in PGlite (PostgreSQL 18): the table's relfilenode changed (a rewrite); the quiet ones kept it.
const DOMAIN = 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);\n';
describe('adding-field-of-constrained-domain', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: domain with a CHECK',
      sql: `${DOMAIN}SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN score positive_int`,
      heaviness: flags(true, true, true),
      rules: ['adding-field-of-constrained-domain'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: domain with a CHECK, constant column default',
      sql: `${DOMAIN}SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN score positive_int DEFAULT 5`,
      heaviness: flags(true, true, true),
      rules: ['adding-field-of-constrained-domain'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: NOT NULL domain',
      sql: "CREATE DOMAIN required_text AS text NOT NULL;\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN label required_text DEFAULT 'x'",
      heaviness: flags(true, true, true),
      rules: ['adding-field-of-constrained-domain'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: domain with a volatile default',
      sql: "CREATE DOMAIN token AS uuid DEFAULT gen_random_uuid();\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN token token",
      heaviness: flags(true, true, true),
      rules: ['adding-field-of-constrained-domain'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: a type no migration read creates',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN score positive_int",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-of-constrained-domain', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: "unknown: information_schema's domains",
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN n information_schema.cardinal_number",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-of-constrained-domain', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: enum',
      sql: "CREATE TYPE mood AS ENUM ('calm');\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN mood mood",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: domain without constraints, with a stable default',
      sql: "CREATE DOMAIN stamp AS timestamptz DEFAULT now();\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seen stamp",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: array of a constrained domain',
      sql: `${DOMAIN}SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN scores positive_int[]`,
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: built-in and extension types',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN a int, ADD COLUMN b varchar(20), ADD COLUMN c jsonb, ADD COLUMN d citext, ADD COLUMN e geometry(Point, 4326), ADD COLUMN f pg_catalog.int8",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: "ok: extension types in their own schema (Supabase's `extensions`)",
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN embedding extensions.vector(384), ADD COLUMN email extensions.citext",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: "flagged: a domain a migration created under an extension type's name",
      sql: "CREATE DOMAIN citext AS text CHECK (VALUE = lower(VALUE));\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN email citext",
      heaviness: flags(true, true, true),
      rules: ['adding-field-of-constrained-domain'],
      breaksOldCode: false,
    },
    {
      name: 'ok: new table',
      sql: `${DOMAIN}ALTER TABLE users ADD COLUMN score positive_int`,
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
        "adding-field-of-constrained-domain (advisory) line 3: ADD COLUMN users.score of type positive_int: the domain has a CHECK or NOT NULL constraint or a volatile default, so the table is rewritten to check every row",
      ]
    `);
  });

  it.each([
    ['ALTER TABLE users ADD COLUMN score positive_int', true],
    ['alter table "users" add column "role" "Role" not null default \'USER\'', true],
    ['ALTER TABLE users ADD IF NOT EXISTS mood public.mood', true],
    ['ALTER TABLE users ADD COLUMN a integer, ADD COLUMN b character varying(20), ADD COLUMN c timestamp with time zone, ADD d citext', false],
    ['ALTER TABLE users ADD CONSTRAINT users_pk PRIMARY KEY (id), ADD PRIMARY KEY (id)', false],
    ['CREATE TABLE t (id int)', false],
  ])('the text test before parsing: %s → %s', (sql, expected) => {
    expect(mayAddColumnOfUserType(sql)).toBe(expected);
  });
});
