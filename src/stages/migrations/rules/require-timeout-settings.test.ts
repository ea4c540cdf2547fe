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

describe("require-timeout-settings", () => {
  const cases: RuleCase[] = [
    { name: "flagged: SET DEFAULT without lock_timeout", sql: "ALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'", heaviness: flags(true, false, false), rules: ["require-timeout-settings"], breaksOldCode: false },
    { name: "flagged: CREATE TRIGGER", sql: "CREATE TRIGGER users_audit AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION audit()", heaviness: flags(true, false, false), rules: ["require-timeout-settings"], breaksOldCode: false },
    { name: "flagged: lock_timeout reset to 0", sql: "SET lock_timeout = '5s';\nSET lock_timeout = 0;\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT", heaviness: flags(true, false, false), rules: ["require-timeout-settings"], breaksOldCode: false },
    { name: "flagged: once per table", sql: "ALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan DROP NOT NULL", heaviness: flags(true, false, false), rules: ["require-timeout-settings"], breaksOldCode: false },
    { name: "ok: SET LOCAL lock_timeout", sql: "SET LOCAL lock_timeout = '3s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT", heaviness: flags(false, false, false), rules: ["lock-timeout-bounds-brief-lock"], breaksOldCode: false },
    { name: "ok: set_config lock_timeout", sql: "SELECT set_config('lock_timeout', '2s', true);\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT", heaviness: flags(false, false, false), rules: ["lock-timeout-bounds-brief-lock"], breaksOldCode: false },
    { name: "ok: CREATE TABLE without references", sql: "CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL)", heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
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
