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

describe('adding-not-nullable-field', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: SET NOT NULL',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN email SET NOT NULL",
      heaviness: flags(true, false, true),
      rules: ['adding-not-nullable-field', 'constraint-rejects-old-code-writes'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: valid CHECK does not help before PostgreSQL 12',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT email_nn CHECK (email IS NOT NULL) NOT VALID;\nALTER TABLE users VALIDATE CONSTRAINT email_nn;\nALTER TABLE users ALTER COLUMN email SET NOT NULL",
      options: { inTransaction: false, postgresVersion: 11 },
      heaviness: flags(true, false, true),
      rules: [
        'constraint-rejects-old-code-writes',
        'lock-timeout-bounds-brief-lock',
        'validating-constraint-scans-table',
        'adding-not-nullable-field',
        'constraint-rejects-old-code-writes',
      ],
      breaksOldCode: true,
    },
    {
      name: 'ok: CHECK NOT VALID, VALIDATE, SET NOT NULL (PostgreSQL 12+)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT email_nn CHECK (email IS NOT NULL) NOT VALID;\nALTER TABLE users VALIDATE CONSTRAINT email_nn;\nALTER TABLE users ALTER COLUMN email SET NOT NULL",
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: [
        'constraint-rejects-old-code-writes',
        'lock-timeout-bounds-brief-lock',
        'validating-constraint-scans-table',
        'constraint-rejects-old-code-writes',
      ],
      breaksOldCode: true,
    },
    {
      name: 'ok: new table',
      sql: 'ALTER TABLE users ALTER COLUMN email SET NOT NULL',
      options: { newTables: ['users'] },
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a CHECK on the quoted column "Email" does not cover email',
      sql: 'SET lock_timeout = \'5s\';\nALTER TABLE users ADD CONSTRAINT email_nn CHECK ("Email" IS NOT NULL) NOT VALID;\nALTER TABLE users VALIDATE CONSTRAINT email_nn;\nALTER TABLE users ALTER COLUMN email SET NOT NULL',
      options: { inTransaction: false },
      heaviness: flags(true, false, true),
      rules: [
        'constraint-rejects-old-code-writes',
        'lock-timeout-bounds-brief-lock',
        'validating-constraint-scans-table',
        'adding-not-nullable-field',
        'constraint-rejects-old-code-writes',
      ],
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
        "adding-not-nullable-field (advisory) line 2: SET NOT NULL on users.email reads every row under ACCESS EXCLUSIVE",
        "constraint-rejects-old-code-writes (breaking) line 2: NOT NULL on column email added to users: writes from old code that violate it start failing",
      ]
    `);
  });
});
