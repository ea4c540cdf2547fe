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

describe('statement-unparsable', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: syntax error',
      sql: 'ALTER TABLE users ADD COLUMN;',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['statement-unparsable'],
      breaksOldCode: false,
    },
    { name: 'ok: valid SQL', sql: 'SELECT 1', heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
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
        "statement-unparsable (advisory) line 1: SQL does not parse: syntax error at or near ";"",
      ]
    `);
  });
});
