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

describe('require-timeout-settings', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: SET DEFAULT without lock_timeout',
      sql: "ALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CREATE TRIGGER',
      sql: 'CREATE TRIGGER users_audit AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION audit()',
      heaviness: flags(true, 'unknown', 'unknown'),
      rules: ['require-timeout-settings', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: lock_timeout reset to 0',
      sql: "SET lock_timeout = '5s';\nSET lock_timeout = 0;\nALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: once per table',
      sql: 'ALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan DROP NOT NULL',
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'ok: SET LOCAL lock_timeout',
      sql: "SET LOCAL lock_timeout = '3s';\nALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: set_config lock_timeout',
      sql: "SELECT set_config('lock_timeout', '2s', true);\nALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: CREATE TABLE without references',
      sql: 'CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL)',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'flagged: SET LOCAL of a transaction that already committed',
      sql: "BEGIN;\nSET LOCAL lock_timeout = '5s';\nCOMMIT;\nALTER TABLE users ADD COLUMN nickname text",
      options: { inTransaction: false },
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: "flagged: SET LOCAL ends with the runner's transaction when the migration commits it",
      sql: "SET LOCAL lock_timeout = '5s';\nCOMMIT;\nALTER TABLE users ADD COLUMN nickname text",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: SET LOCAL outside a transaction has no effect',
      sql: "SET LOCAL lock_timeout = '5s';\nALTER TABLE users ADD COLUMN nickname text",
      options: { inTransaction: false },
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: set_config(…, true) outside a transaction has no effect on the next statement',
      sql: "SELECT set_config('lock_timeout', '2s', true);\nALTER TABLE users ADD COLUMN nickname text",
      options: { inTransaction: false },
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: SET of a rolled-back transaction is undone',
      sql: "BEGIN;\nSET lock_timeout = '5s';\nROLLBACK;\nALTER TABLE users ADD COLUMN nickname text",
      options: { inTransaction: false },
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a lock_timeout of 24 days is above the 10 s ceiling',
      sql: "SET lock_timeout = '24d';\nALTER TABLE users ADD COLUMN nickname text",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: 2073600000 ms is above the ceiling',
      sql: 'SET lock_timeout = 2073600000;\nALTER TABLE users ADD COLUMN nickname text',
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: 11s, 1min and 1h are above the ceiling',
      sql: "SET lock_timeout = '11s';\nALTER TABLE a ADD COLUMN n text;\nSET lock_timeout = '1min';\nALTER TABLE b ADD COLUMN n text;\nSELECT set_config('lock_timeout', '1h', false);\nALTER TABLE c ADD COLUMN n text",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings', 'require-timeout-settings', 'require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: RESET and DEFAULT switch it off',
      sql: "SET lock_timeout = '5s';\nRESET lock_timeout;\nALTER TABLE a ADD COLUMN n text;\nSET lock_timeout = '5s';\nSET lock_timeout TO DEFAULT;\nALTER TABLE b ADD COLUMN n text",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings', 'require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a value that is not a duration',
      sql: "SET lock_timeout = 'soon';\nALTER TABLE users ADD COLUMN nickname text",
      heaviness: flags(true, false, false),
      rules: ['require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'ok: plain SET lasts for the session after COMMIT',
      sql: "BEGIN;\nSET lock_timeout = '5s';\nCOMMIT;\nALTER TABLE users ADD COLUMN nickname text",
      options: { inTransaction: false },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: 10s (the ceiling), 500ms and 5000 are bounded',
      sql: "SET lock_timeout = '10s';\nALTER TABLE a ADD COLUMN n text;\nSET lock_timeout = '500ms';\nALTER TABLE b ADD COLUMN n text;\nSET lock_timeout = 5000;\nALTER TABLE c ADD COLUMN n text",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'lock-timeout-bounds-brief-lock', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: SET LOCAL inside an explicit transaction',
      sql: "BEGIN;\nSET LOCAL lock_timeout = '5s';\nALTER TABLE users ADD COLUMN nickname text;\nCOMMIT",
      options: { inTransaction: false },
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
        "require-timeout-settings (advisory) line 1: ACCESS EXCLUSIVE on users without a lock_timeout: it can queue behind long queries and block every query behind it",
      ]
    `);
  });
});
