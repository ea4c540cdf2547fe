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

describe('constraint-rejects-old-code-writes', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: CHECK NOT VALID still applies to new writes',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT name_short CHECK (char_length(name) < 100) NOT VALID",
      heaviness: flags(false, false, false),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: SET NOT NULL',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN email SET NOT NULL",
      heaviness: flags(true, false, true),
      rules: ['adding-not-nullable-field', 'constraint-rejects-old-code-writes'],
      breaksOldCode: true,
    },
    {
      name: 'ok: UNIQUE USING INDEX adds nothing the index did not enforce',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE USING INDEX users_email_idx",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: on a table created in this migration',
      sql: 'CREATE TABLE t (a int);\nALTER TABLE t ADD CONSTRAINT a_positive CHECK (a > 0)',
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

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages).toMatchInlineSnapshot(`
      [
        "constraint-rejects-old-code-writes (breaking) line 2: CHECK name_short added to users: writes from old code that violate it start failing",
        "lock-timeout-bounds-brief-lock (info) line 2: ACCESS EXCLUSIVE on users is catalog-only and bounded by the lock_timeout set earlier",
      ]
    `);
  });
});
