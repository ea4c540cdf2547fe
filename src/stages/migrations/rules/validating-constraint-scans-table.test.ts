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

describe('validating-constraint-scans-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: VALIDATE in its own migration',
      sql: 'ALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk',
      heaviness: flags(false, false, true),
      rules: ['validating-constraint-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: VALIDATE in the transaction that added it NOT VALID',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT amount_positive CHECK (amount > 0) NOT VALID;\nALTER TABLE orders VALIDATE CONSTRAINT amount_positive",
      heaviness: flags(true, false, true),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock', 'validating-constraint-scans-table'],
      breaksOldCode: true,
    },
    // Issue 32: one ALTER TABLE with an ACCESS EXCLUSIVE subcommand holds that lock while VALIDATE scans (observed in PGlite: test/fixtures/peer-migrations, squawk validate-combined-with-add-column).
    {
      name: 'flagged: VALIDATE combined with ADD COLUMN holds ACCESS EXCLUSIVE during the scan',
      sql: "SET lock_timeout = '2s';\nALTER TABLE orders ADD COLUMN note_2 text, VALIDATE CONSTRAINT orders_user_fk",
      heaviness: flags(true, false, true),
      rules: ['lock-timeout-bounds-brief-lock', 'validating-constraint-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: VALIDATE after SET DEFAULT in the same transaction',
      sql: "SET lock_timeout = '2s';\nALTER TABLE orders ALTER COLUMN note SET DEFAULT '';\nALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk",
      heaviness: flags(true, false, true),
      rules: ['lock-timeout-bounds-brief-lock', 'validating-constraint-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: VALIDATE after a committed SET DEFAULT (the lock was released)',
      sql: "SET lock_timeout = '2s';\nALTER TABLE orders ALTER COLUMN note SET DEFAULT '';\nCOMMIT;\nALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk",
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['lock-timeout-bounds-brief-lock', 'validating-constraint-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: new table',
      sql: 'ALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk',
      options: { newTables: ['orders'] },
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
        "validating-constraint-scans-table (info) line 1: VALIDATE CONSTRAINT orders_user_fk on orders reads every row without blocking reads or writes",
      ]
    `);
  });
});
