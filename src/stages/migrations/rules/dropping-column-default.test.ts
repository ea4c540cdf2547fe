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

describe('dropping-column-default', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP DEFAULT on a column of unknown nullability',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT",
      heaviness: flags(false, false, false),
      rules: ['dropping-column-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP DEFAULT, then SET NOT NULL (knex .notNullable().alter())',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan DROP NOT NULL;\nALTER TABLE users ALTER COLUMN plan SET NOT NULL",
      heaviness: flags(true, false, true),
      rules: ['dropping-column-default', 'lock-timeout-bounds-brief-lock', 'adding-not-nullable-field', 'constraint-rejects-old-code-writes'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: outside a transaction a later SET DEFAULT comes too late',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'",
      options: { inTransaction: false },
      heaviness: flags(false, false, false),
      rules: ['dropping-column-default', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: a new default is set in the same transaction',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: the column is made nullable (knex bare .alter())',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan DROP NOT NULL",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: new table',
      sql: 'ALTER TABLE users ALTER COLUMN plan DROP DEFAULT',
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
});
