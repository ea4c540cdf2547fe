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

describe('trigger-disabled-in-transaction', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: disabled by name and re-enabled before COMMIT (the lock kept other writers out)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nUPDATE users SET plan = 'free' WHERE id = 1;\nALTER TABLE users ENABLE TRIGGER users_audit",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: USER re-enables a named trigger',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nALTER TABLE users ENABLE TRIGGER USER",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'trigger-disabled-in-transaction'],
      breaksOldCode: false,
    },
    {
      name: 'ok: left disabled (ban-disable-trigger instead)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit",
      heaviness: flags(false, false, false),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: another trigger re-enabled (not this rule)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nALTER TABLE users ENABLE TRIGGER users_touch",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['ban-disable-trigger', 'lock-timeout-bounds-brief-lock', 'unclassified-statement'],
      breaksOldCode: true,
    },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules, breaksOldCode }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });
});
