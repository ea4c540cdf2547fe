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

describe('adding-field-with-default', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: gen_random_uuid()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN token uuid DEFAULT gen_random_uuid()",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: random()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN score float8 DEFAULT random()",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: clock_timestamp()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seen timestamptz DEFAULT clock_timestamp()",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: uuid_generate_v4()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN ref uuid DEFAULT uuid_generate_v4()",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: bigserial',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seq bigserial",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: identity',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN n int GENERATED ALWAYS AS IDENTITY",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: stored generated column',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD COLUMN total numeric GENERATED ALWAYS AS (price * quantity) STORED",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: any default before PostgreSQL 11',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN active boolean DEFAULT true",
      options: { postgresVersion: 10 },
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: default calls an unknown function',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN code text DEFAULT make_code()",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-with-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: now()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN created_at timestamptz DEFAULT now()",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: CURRENT_TIMESTAMP, NOT NULL',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: constant',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN role text DEFAULT 'viewer'",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    // Issue 32: a built-in is judged by its signature: now(123) is a user's now(integer), public.now() a user's now().
    // Issue 32 (peer corpus squawk add-default-user-immutable-fn): PostgreSQL trusts the declared volatility (no rewrite) and evaluates the default once.
    {
      name: 'ok: an IMMUTABLE SQL function a released migration created, reading no table',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN doc jsonb DEFAULT empty_doc()",
      options: { released: "CREATE FUNCTION empty_doc() RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$ SELECT '{}'::jsonb $$;" },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: a STABLE SQL function created earlier in the same migration',
      sql: "SET lock_timeout = '5s';\nCREATE FUNCTION empty_doc() RETURNS jsonb LANGUAGE sql STABLE AS $$ SELECT '{}'::jsonb $$;\nALTER TABLE users ADD COLUMN doc jsonb DEFAULT empty_doc()",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: a released function without a declared volatility (VOLATILE)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN doc jsonb DEFAULT empty_doc()",
      options: { released: "CREATE FUNCTION empty_doc() RETURNS jsonb LANGUAGE sql AS $$ SELECT '{}'::jsonb $$;" },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-with-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: a released IMMUTABLE function that reads a table',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN doc jsonb DEFAULT first_doc()",
      options: { released: 'CREATE FUNCTION first_doc() RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$ SELECT doc FROM templates LIMIT 1 $$;' },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-with-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: a released function altered afterwards (its volatility may have changed)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN doc jsonb DEFAULT empty_doc()",
      options: {
        released: "CREATE FUNCTION empty_doc() RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$ SELECT '{}'::jsonb $$;\nALTER FUNCTION empty_doc() VOLATILE;",
      },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-with-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: now(123) is not the built-in now()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seen_at timestamptz DEFAULT now(123)",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-with-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: public.now() is a user function',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seen_at timestamptz DEFAULT public.now()",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['adding-field-with-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: pg_catalog.now()',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seen_at timestamptz DEFAULT pg_catalog.now()",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: now() AT TIME ZONE',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN seen_utc timestamp DEFAULT (now() AT TIME ZONE 'utc')",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: typed empty array and jsonb',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN tags text[] NOT NULL DEFAULT '{}', ADD COLUMN meta jsonb DEFAULT '{}'::jsonb",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: nullable without default',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN nickname text",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: new table',
      sql: 'ALTER TABLE users ADD COLUMN token uuid DEFAULT gen_random_uuid()',
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
        "adding-field-with-default (advisory) line 2: ADD COLUMN users.token rewrites the table: volatile default gen_random_uuid()",
      ]
    `);
  });
});
