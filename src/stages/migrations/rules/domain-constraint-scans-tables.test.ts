import { describe, expect, it } from 'vitest';
import { classifySql, flags, LIGHT, UNKNOWN } from './cases.js';
import type { CaseOptions } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
}

// Observed in PGlite (test/fixtures/peer-migrations, squawk domain-add-constraint and
// domain-add-constraint-not-valid): a validated domain constraint scans every table with a column
// of the domain under SHARE; NOT VALID checks no row.
describe('domain-constraint-scans-tables', () => {
  const released = { columnTypes: { 'orders.qty': 'positive_int', 'orders.id': 'int4' } };
  const cases: RuleCase[] = [
    {
      name: 'flagged: ADD CONSTRAINT on a domain a released table uses',
      sql: 'ALTER DOMAIN positive_int ADD CONSTRAINT positive_int_check CHECK (VALUE > 0)',
      options: released,
      heaviness: flags(true, false, true),
      rules: ['domain-constraint-scans-tables'],
    },
    {
      name: 'flagged: SET NOT NULL on a domain a released table uses',
      sql: 'ALTER DOMAIN positive_int SET NOT NULL',
      options: released,
      heaviness: flags(true, false, true),
      rules: ['domain-constraint-scans-tables'],
    },
    {
      name: 'flagged: VALIDATE CONSTRAINT on a domain a released table uses',
      sql: 'ALTER DOMAIN positive_int VALIDATE CONSTRAINT positive_int_check',
      options: released,
      heaviness: flags(true, false, true),
      rules: ['domain-constraint-scans-tables'],
    },
    {
      name: 'flagged: a domain created in the migration, used by a column added to an existing table',
      sql: 'CREATE DOMAIN qty AS integer;\nALTER TABLE orders ADD COLUMN amount qty;\nALTER DOMAIN qty ADD CONSTRAINT qty_positive CHECK (VALUE > 0)',
      heaviness: flags(true, false, true),
      rules: ['require-timeout-settings', 'domain-constraint-scans-tables'],
    },
    {
      name: 'flagged: through a domain over the domain',
      sql: 'CREATE DOMAIN qty AS integer;\nCREATE DOMAIN small_qty AS qty;\nALTER TABLE orders ADD COLUMN amount small_qty;\nALTER DOMAIN qty ADD CONSTRAINT qty_positive CHECK (VALUE > 0)',
      heaviness: flags(true, false, true),
      rules: ['require-timeout-settings', 'domain-constraint-scans-tables'],
    },
    {
      name: 'unknown: which tables use a released domain is not known',
      sql: 'ALTER DOMAIN positive_int ADD CONSTRAINT positive_int_check CHECK (VALUE > 0)',
      heaviness: UNKNOWN,
      rules: ['domain-constraint-scans-tables'],
    },
    {
      name: 'ok: NOT VALID checks no existing row',
      sql: 'ALTER DOMAIN positive_int ADD CONSTRAINT positive_int_check CHECK (VALUE > 0) NOT VALID',
      options: released,
      heaviness: LIGHT,
      rules: [],
    },
    {
      name: 'ok: a domain created in the migration, used only by a new table',
      sql: 'CREATE DOMAIN qty AS integer;\nCREATE TABLE lines (id integer, amount qty);\nALTER DOMAIN qty ADD CONSTRAINT qty_positive CHECK (VALUE > 0)',
      heaviness: LIGHT,
      rules: [],
    },
    {
      name: 'ok: DROP CONSTRAINT, DROP NOT NULL and SET DEFAULT check no row',
      sql: 'ALTER DOMAIN positive_int DROP CONSTRAINT positive_int_check;\nALTER DOMAIN positive_int DROP NOT NULL;\nALTER DOMAIN positive_int SET DEFAULT 1',
      options: released,
      heaviness: LIGHT,
      rules: [],
    },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
  });

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages).toMatchInlineSnapshot(`
      [
        "domain-constraint-scans-tables (advisory) line 1: ALTER DOMAIN positive_int ADD CONSTRAINT reads every row of orders while writes to it wait",
      ]
    `);
  });
});
