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

const TENANT = 'USING (tenant_id = (SELECT id FROM tenants WHERE db_user = current_user))';

describe('restrictive-policy-on-existing-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: AS RESTRICTIVE on an existing table (logto-shaped tenant isolation)',
      sql: `SET lock_timeout = '5s';\nCREATE POLICY documents_tenant_id ON documents AS RESTRICTIVE ${TENANT}`,
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'restrictive-policy-on-existing-table'],
      breaksOldCode: true,
    },
    {
      name: 'ok: a permissive policy only widens what a role sees',
      sql: `SET lock_timeout = '5s';\nCREATE POLICY documents_read ON documents AS PERMISSIVE ${TENANT}`,
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: a table created in this migration',
      sql: `CREATE TABLE notes (id int, tenant_id text);\nALTER TABLE notes ENABLE ROW LEVEL SECURITY;\nCREATE POLICY notes_tenant_id ON notes AS RESTRICTIVE ${TENANT}`,
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
