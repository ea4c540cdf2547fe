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

describe('trigger-on-existing-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: a trigger whose function is not in the migration',
      sql: "SET lock_timeout = '5s';\nCREATE TRIGGER users_audit AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION audit()",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: "flagged: a function that can reject old code's writes",
      sql: "SET lock_timeout = '5s';\nCREATE FUNCTION guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.email IS NULL THEN RAISE EXCEPTION 'email'; END IF; RETURN NEW; END $$;\nCREATE TRIGGER users_guard BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION guard()",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a function that reads a table',
      sql: "SET lock_timeout = '5s';\nCREATE FUNCTION copy_org() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.org_name := (SELECT name FROM orgs WHERE id = NEW.org_id); RETURN NEW; END $$;\nCREATE TRIGGER users_org BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION copy_org()",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: "flagged: RETURN NULL drops old code's writes",
      sql: "SET lock_timeout = '5s';\nCREATE FUNCTION skip() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;\nCREATE TRIGGER users_skip BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION skip()",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: BEFORE ROW, NEW.updated_at := now(); RETURN NEW',
      sql: "SET lock_timeout = '5s';\nCREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.updated_at := now();\n  NEW.email = lower(NEW.email);\n  RETURN NEW;\nEND $$;\nCREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch()",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    // Issue 32 (peer corpus strong_migrations create-trigger): the function was created by a released migration.
    {
      name: 'ok: BEFORE ROW trigger on a harmless function a released migration created',
      sql: "SET lock_timeout = '5s';\nCREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch()",
      options: { released: 'CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.updated_at := now();\n  RETURN NEW;\nEND $$;' },
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: the released function was replaced by one that can reject writes',
      sql: "SET lock_timeout = '5s';\nCREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch()",
      options: {
        released:
          "CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.updated_at := now();\n  RETURN NEW;\nEND $$;\nCREATE OR REPLACE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$;",
      },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a later released migration holds dynamic SQL (it may have replaced the function)',
      sql: "SET lock_timeout = '5s';\nCREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch()",
      options: {
        released:
          "CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.updated_at := now();\n  RETURN NEW;\nEND $$;\nDO $$ BEGIN EXECUTE current_setting('app.ddl'); END $$;",
      },
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-on-existing-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE notes (id int);\nCREATE TRIGGER notes_audit AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION audit()',
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
});
