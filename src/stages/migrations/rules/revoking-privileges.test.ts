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

describe('revoking-privileges', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: REVOKE on a table',
      sql: 'REVOKE SELECT, UPDATE ON users FROM app_reader',
      heaviness: flags(false, false, false),
      rules: ['revoking-privileges'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: REVOKE a role membership',
      sql: 'REVOKE app_writer FROM service',
      heaviness: flags(false, false, false),
      rules: ['revoking-privileges'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: REVOKE EXECUTE on a function',
      sql: 'REVOKE EXECUTE ON FUNCTION normalize_email(text) FROM PUBLIC',
      heaviness: flags(false, false, false),
      rules: ['revoking-privileges'],
      breaksOldCode: true,
    },
    { name: 'ok: GRANT', sql: 'GRANT SELECT ON users TO app_reader', heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
    {
      name: 'ok: REVOKE on a table created in this migration',
      sql: 'CREATE TABLE secrets (id int);\nREVOKE ALL ON secrets FROM PUBLIC',
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
