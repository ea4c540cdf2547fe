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

describe('exclusion-constraint-builds-index', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: EXCLUDE on an existing table',
      sql: "SET lock_timeout = '5s';\nALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (during WITH &&)",
      heaviness: flags(true, false, true),
      rules: ['constraint-rejects-old-code-writes', 'exclusion-constraint-builds-index'],
      breaksOldCode: true,
    },
    {
      name: 'ok: EXCLUDE on a table created in the migration',
      sql: 'CREATE TABLE bookings (id integer PRIMARY KEY, during tstzrange);\nALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (during WITH &&)',
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
