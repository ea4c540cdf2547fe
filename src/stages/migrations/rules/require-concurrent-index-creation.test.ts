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

describe('require-concurrent-index-creation', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: CREATE INDEX on an existing table',
      sql: 'CREATE INDEX users_email_idx ON users (email)',
      heaviness: flags(true, false, true),
      rules: ['require-concurrent-index-creation'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CREATE UNIQUE INDEX',
      sql: 'CREATE UNIQUE INDEX users_email_key ON public.users (lower(email))',
      heaviness: flags(true, false, true),
      rules: ['require-concurrent-index-creation'],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created earlier in the migration',
      sql: 'CREATE TABLE events (id bigint, kind text);\nCREATE INDEX events_kind_idx ON events (kind)',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created earlier in the release',
      sql: 'CREATE INDEX users_email_idx ON users (email)',
      options: { newTables: ['users'] },
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: CONCURRENTLY outside a transaction',
      sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)',
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['index-built-concurrently-scans-table'],
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
        "require-concurrent-index-creation (advisory) line 1: CREATE INDEX users_email_idx on users without CONCURRENTLY blocks writes while the whole table is read",
      ]
    `);
  });
});
