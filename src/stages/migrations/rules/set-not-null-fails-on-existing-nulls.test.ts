import { describe, expect, it } from 'vitest';
import { classifySql } from './cases.js';

const sql = "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN tenant_id SET NOT NULL";

describe('set-not-null-fails-on-existing-nulls', () => {
  const cases: Array<{ name: string; oldCode: Readonly<Record<string, string>> | undefined; rules: string[]; breaksOldCode: boolean }> = [
    {
      name: 'flagged: old code never writes users',
      oldCode: { 'src/accounts.ts': "import knex from 'knex';\nexport const all = () => knex('accounts').select('id');" },
      rules: ['adding-not-nullable-field', 'set-not-null-fails-on-existing-nulls', 'unreferenced-by-old-code'],
      breaksOldCode: false,
    },
    {
      name: 'ok: old insert writes the column',
      oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const add = (tenant_id: number) => knex('users').insert({ tenant_id });" },
      rules: ['adding-not-nullable-field', 'constraint-rejects-old-code-writes'],
      breaksOldCode: true,
    },
    { name: 'ok: old code not read', oldCode: undefined, rules: ['adding-not-nullable-field', 'constraint-rejects-old-code-writes'], breaksOldCode: true },
  ];
  it.each(cases)('$name', async ({ oldCode, rules, breaksOldCode }) => {
    const outcome = await classifySql(sql, oldCode ? { oldCode } : {});
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
    // The scan SET NOT NULL takes is judged as always.
    expect(outcome.heaviness.scansTable).toBe(true);
  });
  it('renders', async () => {
    expect((await classifySql(sql, { oldCode: cases[0]!.oldCode })).messages).toMatchInlineSnapshot(`
      [
        "adding-not-nullable-field (advisory) line 2: SET NOT NULL on users.tenant_id reads every row under ACCESS EXCLUSIVE",
        "set-not-null-fails-on-existing-nulls (advisory) line 2: SET NOT NULL on users.tenant_id: the migration fails if a row holds NULL there (old code does not write it)",
        "unreferenced-by-old-code (info) line 2: SET NOT NULL on users.tenant_id (no old write): the previous release's code does not reference it (read 1 files)",
      ]
    `);
    expect((await classifySql(sql, { oldCode: cases[1]!.oldCode })).messages).toMatchInlineSnapshot(`
      [
        "adding-not-nullable-field (advisory) line 2: SET NOT NULL on users.tenant_id reads every row under ACCESS EXCLUSIVE",
        "constraint-rejects-old-code-writes (breaking) line 2: NOT NULL on column tenant_id added to users: writes from old code that violate it start failing: old instances write it at src/users.ts:2 (knex)",
      ]
    `);
  });
});
