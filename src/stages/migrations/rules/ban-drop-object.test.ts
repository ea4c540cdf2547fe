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

describe('ban-drop-object', () => {
  const cases: RuleCase[] = [
    { name: 'flagged: DROP TYPE', sql: 'DROP TYPE IF EXISTS mood', heaviness: flags(false, false, false), rules: ['ban-drop-object'], breaksOldCode: true },
    {
      name: 'flagged: DROP SEQUENCE, DROP EXTENSION, DROP DOMAIN',
      sql: 'DROP SEQUENCE invoice_numbers;\nDROP EXTENSION "uuid-ossp";\nDROP DOMAIN email',
      heaviness: flags(false, false, false),
      rules: ['ban-drop-object', 'ban-drop-object', 'ban-drop-object'],
      breaksOldCode: true,
    },
    {
      name: 'ok: objects created in this migration',
      sql: "CREATE TYPE tmp_mood AS ENUM ('a');\nCREATE SEQUENCE tmp_seq;\nDROP TYPE tmp_mood;\nDROP SEQUENCE tmp_seq",
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
