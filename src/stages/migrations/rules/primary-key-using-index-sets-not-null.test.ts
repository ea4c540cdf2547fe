import { describe, expect, it } from 'vitest';
import { classifySql, flags } from './cases.js';
import type { CaseOptions } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
}

// Issue 32 (squawk's adding-primary-key-constraint tests): PRIMARY KEY USING INDEX sets NOT NULL on the index's columns.
const INDEX = 'CREATE UNIQUE INDEX CONCURRENTLY events_id_idx ON events (id);\n';
const PK = 'ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY USING INDEX events_id_idx';

describe('primary-key-using-index-sets-not-null', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: the column is not known to be NOT NULL',
      sql: `SET lock_timeout = '5s';\n${INDEX}${PK}`,
      options: { inTransaction: false },
      heaviness: flags(true, false, true),
      rules: ['constraint-rejects-old-code-writes', 'index-built-concurrently-scans-table', 'primary-key-using-index-sets-not-null'],
    },
    {
      name: 'unknown: the index was not created by a migration read',
      sql: `SET lock_timeout = '5s';\n${PK}`,
      heaviness: flags('unknown', false, 'unknown'),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock', 'primary-key-using-index-sets-not-null'],
    },
    {
      name: 'ok: the column was set NOT NULL first',
      sql: `SET lock_timeout = '5s';\n${INDEX}ALTER TABLE events ADD CONSTRAINT events_id_nn CHECK (id IS NOT NULL) NOT VALID;\nALTER TABLE events VALIDATE CONSTRAINT events_id_nn;\nALTER TABLE events ALTER COLUMN id SET NOT NULL;\n${PK}`,
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: [
        'index-built-concurrently-scans-table',
        'constraint-rejects-old-code-writes',
        'lock-timeout-bounds-brief-lock',
        'validating-constraint-scans-table',
      ],
    },
    { name: 'ok: new table', sql: PK, options: { newTables: ['events'] }, heaviness: flags(false, false, false), rules: [] },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect([...new Set(outcome.rules)].sort()).toEqual([...rules].sort());
  });

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages.filter((line) => line.startsWith('primary-key'))).toMatchInlineSnapshot(`
      [
        "primary-key-using-index-sets-not-null (advisory) line 3: PRIMARY KEY USING INDEX events_id_idx on events: id is not NOT NULL yet: setting it reads every row under ACCESS EXCLUSIVE",
      ]
    `);
  });
});
