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

describe('enabling-row-level-security', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: ENABLE ROW LEVEL SECURITY',
      sql: "SET lock_timeout = '5s';\nALTER TABLE documents ENABLE ROW LEVEL SECURITY",
      heaviness: flags(false, false, false),
      rules: ['enabling-row-level-security', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: FORCE ROW LEVEL SECURITY',
      sql: "SET lock_timeout = '5s';\nALTER TABLE documents FORCE ROW LEVEL SECURITY",
      heaviness: flags(false, false, false),
      rules: ['enabling-row-level-security', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: DISABLE ROW LEVEL SECURITY',
      sql: "SET lock_timeout = '5s';\nALTER TABLE documents DISABLE ROW LEVEL SECURITY",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE notes (id int);\nALTER TABLE notes ENABLE ROW LEVEL SECURITY',
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
