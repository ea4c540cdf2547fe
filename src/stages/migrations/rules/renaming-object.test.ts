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

describe('renaming-object', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: ALTER FUNCTION … RENAME',
      sql: 'ALTER FUNCTION normalize_email(text) RENAME TO clean_email',
      heaviness: flags(false, false, false),
      rules: ['renaming-object'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: ALTER TYPE … RENAME, ALTER SEQUENCE … RENAME, ALTER SCHEMA … RENAME',
      sql: 'ALTER TYPE mood RENAME TO feeling;\nALTER SEQUENCE invoice_numbers RENAME TO invoice_seq;\nALTER SCHEMA reporting RENAME TO reports',
      heaviness: flags(false, false, false),
      rules: ['renaming-object', 'renaming-object', 'renaming-object'],
      breaksOldCode: true,
    },
    {
      name: 'ok: ALTER INDEX … RENAME (queries do not name indexes)',
      sql: 'ALTER INDEX users_email RENAME TO users_email_idx',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: a type created in this migration',
      sql: "CREATE TYPE tmp AS ENUM ('a');\nALTER TYPE tmp RENAME TO tmp2",
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
