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

describe('restarting-sequence', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: ALTER SEQUENCE … RESTART WITH',
      sql: 'ALTER SEQUENCE users_id_seq RESTART WITH 1',
      heaviness: flags(false, false, false),
      rules: ['restarting-sequence'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: other value changes are unknown',
      sql: 'ALTER SEQUENCE users_id_seq RESTART INCREMENT BY -1',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['restarting-sequence', 'unclassified-statement'],
      breaksOldCode: true,
    },
    {
      name: 'ok: OWNED BY and CACHE',
      sql: 'ALTER SEQUENCE users_id_seq OWNED BY users.id CACHE 10',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: a sequence created in this migration',
      sql: 'CREATE SEQUENCE tmp_seq;\nALTER SEQUENCE tmp_seq RESTART WITH 100',
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
