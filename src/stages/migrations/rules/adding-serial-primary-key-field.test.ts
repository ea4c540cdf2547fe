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

describe('adding-serial-primary-key-field', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: ADD PRIMARY KEY',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD PRIMARY KEY (id)",
      heaviness: flags(true, false, true),
      rules: ['adding-serial-primary-key-field', 'constraint-rejects-old-code-writes'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: serial PRIMARY KEY column',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN id serial PRIMARY KEY",
      heaviness: flags(true, true, true),
      rules: ['adding-field-with-default', 'adding-serial-primary-key-field'],
      breaksOldCode: false,
    },
    // Whether users.id is NOT NULL already is not known here: primary-key-using-index-sets-not-null makes it unknown (issue 32).
    {
      name: 'ok: PRIMARY KEY USING INDEX',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY USING INDEX users_id_idx",
      heaviness: flags('unknown', false, 'unknown'),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock', 'primary-key-using-index-sets-not-null'],
      breaksOldCode: true,
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
        "adding-serial-primary-key-field (advisory) line 2: PRIMARY KEY (id) on users builds a unique index while reads and writes are blocked",
        "constraint-rejects-old-code-writes (breaking) line 2: PRIMARY KEY added to users: writes from old code that violate it start failing",
      ]
    `);
  });
});
