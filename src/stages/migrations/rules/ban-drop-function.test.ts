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

describe('ban-drop-function', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP FUNCTION',
      sql: 'DROP FUNCTION IF EXISTS normalize_email(text)',
      heaviness: flags(false, false, false),
      rules: ['ban-drop-function'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP PROCEDURE',
      sql: 'DROP PROCEDURE archive_orders',
      heaviness: flags(false, false, false),
      rules: ['ban-drop-function'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: a quoted function of another case is another function',
      sql: 'CREATE FUNCTION "Helper"() RETURNS int LANGUAGE sql AS \'SELECT 1\';\nDROP FUNCTION helper()',
      heaviness: flags(false, false, false),
      rules: ['ban-drop-function'],
      breaksOldCode: true,
    },
    {
      name: 'ok: function created in this migration',
      sql: "CREATE FUNCTION helper() RETURNS int LANGUAGE sql AS 'SELECT 1';\nDROP FUNCTION helper()",
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
