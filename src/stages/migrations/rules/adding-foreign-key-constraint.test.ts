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

describe('adding-foreign-key-constraint', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: validated FOREIGN KEY',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT orders_user_fk FOREIGN KEY (user_id) REFERENCES users (id)",
      heaviness: flags(true, false, true),
      rules: ['adding-foreign-key-constraint', 'constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: REFERENCES on a new column with a default',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD COLUMN user_id int DEFAULT 1 REFERENCES users (id)",
      heaviness: flags(true, false, true),
      rules: ['adding-foreign-key-constraint', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: REFERENCES on a new column without default (all NULL: nothing to check)',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD COLUMN user_id int REFERENCES users (id)",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: NOT VALID',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT orders_user_fk FOREIGN KEY (user_id) REFERENCES users (id) NOT VALID",
      heaviness: flags(false, false, false),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: NOT VALID, then VALIDATE without a transaction',
      sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT orders_user_fk FOREIGN KEY (user_id) REFERENCES users (id) NOT VALID;\nALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk",
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['constraint-rejects-old-code-writes', 'lock-timeout-bounds-brief-lock', 'lock-timeout-bounds-brief-lock', 'validating-constraint-scans-table'],
      breaksOldCode: true,
    },
    {
      name: 'ok: from a table created in this migration',
      sql: "SET lock_timeout = '5s';\nCREATE TABLE orders (id int, user_id int);\nALTER TABLE orders ADD FOREIGN KEY (user_id) REFERENCES users (id)",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
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
        "adding-foreign-key-constraint (advisory) line 2: FOREIGN KEY from orders to users is validated against every row while writes to both tables are blocked",
        "constraint-rejects-old-code-writes (breaking) line 2: FOREIGN KEY orders_user_fk added to orders: writes from old code that violate it start failing",
        "lock-timeout-bounds-brief-lock (info) line 2: SHARE ROW EXCLUSIVE on users is catalog-only and bounded by the lock_timeout set earlier",
      ]
    `);
  });
});
