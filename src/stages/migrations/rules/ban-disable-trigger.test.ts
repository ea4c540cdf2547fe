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

// PostgreSQL: ALTER TABLE … ENABLE/DISABLE TRIGGER takes SHARE ROW EXCLUSIVE and changes only the
// catalog (src/test/isolation/specs/alter-table-3.spec; docs, ALTER TABLE). ALL includes the internal
// foreign-key triggers. Issue 32: the peer case squawk/disable-trigger@timeout is light, and decided.
describe('ban-disable-trigger', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DISABLE TRIGGER ALL left disabled (squawk ban-disable-trigger), light with a lock_timeout',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL",
      heaviness: flags(false, false, false),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: without a lock_timeout the SHARE ROW EXCLUSIVE wait also locks the table',
      sql: 'ALTER TABLE users DISABLE TRIGGER ALL',
      heaviness: flags(true, false, false),
      rules: ['ban-disable-trigger', 'require-timeout-settings'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: a named trigger left disabled',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit",
      heaviness: flags(false, false, false),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: ENABLE TRIGGER USER leaves the foreign-key triggers of DISABLE ALL off',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL;\nALTER TABLE users ENABLE TRIGGER USER",
      heaviness: flags(false, false, false),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: outside a transaction other sessions write while it is off',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nUPDATE users SET plan = 'free' WHERE id = 1;\nALTER TABLE users ENABLE TRIGGER users_audit",
      options: { inTransaction: false },
      heaviness: flags(false, false, false),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: a COMMIT before the ENABLE exposes the disabled trigger',
      sql: "SET lock_timeout = '2s';\nBEGIN;\nALTER TABLE users DISABLE TRIGGER users_audit;\nCOMMIT;\nALTER TABLE users ENABLE TRIGGER users_audit",
      options: { inTransaction: false },
      heaviness: flags(false, false, false),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: re-enabled by name in the same transaction (advisory only)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nUPDATE users SET plan = 'free' WHERE id = 1;\nALTER TABLE users ENABLE TRIGGER users_audit",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'ok: DISABLE TRIGGER ALL … ENABLE TRIGGER ALL in one transaction (the released migrations left no trigger disabled)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL;\nINSERT INTO users (id, email) VALUES (1, 'a@example.com');\nALTER TABLE users ENABLE TRIGGER ALL",
      options: { released: 'CREATE TABLE users (id int PRIMARY KEY, email text)' },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: ENABLE TRIGGER ALL would also enable the trigger a released migration left disabled',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL;\nALTER TABLE users ENABLE TRIGGER ALL",
      options: { released: 'CREATE TABLE users (id int PRIMARY KEY, email text);\nALTER TABLE users DISABLE TRIGGER users_audit' },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction', 'unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'ok: a released migration disabled a trigger and re-enabled it: all enabled before',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL;\nALTER TABLE users ENABLE TRIGGER ALL",
      options: {
        released: 'CREATE TABLE users (id int PRIMARY KEY, email text);\nALTER TABLE users DISABLE TRIGGER users_audit;\nALTER TABLE users ENABLE TRIGGER ALL',
      },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: a released migration ran SQL that could not be followed (it may have disabled a trigger)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL;\nALTER TABLE users ENABLE TRIGGER ALL",
      options: { released: "CREATE TABLE users (id int PRIMARY KEY, email text);\nDO $$ BEGIN EXECUTE current_setting('app.ddl'); END $$;" },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction', 'unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'unknown: enabling a trigger this migration did not disable',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users ENABLE TRIGGER users_audit",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a scan while the DISABLE holds its lock blocks writes throughout',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nUPDATE users SET plan = 'free';\nALTER TABLE users ENABLE TRIGGER users_audit",
      heaviness: flags(true, true, true),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction', 'update-without-where'],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE notes (id int);\nALTER TABLE notes DISABLE TRIGGER ALL;\nALTER TABLE notes ENABLE TRIGGER ALL;\nALTER TABLE notes DISABLE TRIGGER USER',
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

  it('says what stays off and until when', async () => {
    const left = await classifySql("SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER ALL");
    expect(left.messages.find((m) => m.includes('ban-disable-trigger'))).toContain(
      "DISABLE TRIGGER ALL on users (left disabled after the migration): running instances' writes skip every trigger of the table, the internal ones that enforce foreign keys and deferrable unique and exclusion constraints included",
    );
    const outside = await classifySql('ALTER TABLE users DISABLE TRIGGER users_audit;\nALTER TABLE users ENABLE TRIGGER users_audit', { inTransaction: false });
    expect(outside.messages.find((m) => m.includes('ban-disable-trigger'))).toContain(
      "DISABLE TRIGGER users_audit on users (off outside a transaction until line 2): running instances' writes skip trigger users_audit",
    );
  });
});
