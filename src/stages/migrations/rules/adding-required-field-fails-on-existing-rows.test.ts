import { describe, expect, it } from 'vitest';
import { classifySql } from './cases.js';

const selects = { 'src/accounts.ts': "import knex from 'knex';\nexport const all = () => knex('accounts').select('id');" };
const inserts = { 'src/users.ts': "import knex from 'knex';\nexport const add = (email: string) => knex('users').insert({ email });" };
const sql = "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN tenant_id bigint NOT NULL";

describe('adding-required-field-fails-on-existing-rows', () => {
  const cases = [
    {
      name: 'flagged: no old insert: a data risk, still breaking',
      oldCode: selects,
      rules: ['adding-required-field-fails-on-existing-rows', 'unreferenced-by-old-code'],
    },
    { name: 'ok: an old insert: adding-required-field cites it', oldCode: inserts, rules: ['adding-required-field'] },
    { name: 'ok: old code not read: as today', oldCode: undefined, rules: ['adding-required-field'] },
  ];
  it.each(cases)('$name', async ({ oldCode, rules }) => {
    const outcome = await classifySql(sql, oldCode ? { oldCode } : {});
    expect(outcome.rules).toEqual(rules);
    // Never a new `true` on data-dependence: the statement stays breaking, and as heavy, either way.
    expect(outcome.breaksOldCode).toBe(true);
    expect(outcome.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
  });
  it('renders', async () => {
    expect((await classifySql(sql, { oldCode: selects })).messages).toMatchInlineSnapshot(`
      [
        "adding-required-field-fails-on-existing-rows (breaking) line 2: ADD COLUMN users.tenant_id NOT NULL without a default: the migration fails if users has any row (old code does not insert into it)",
        "unreferenced-by-old-code (info) line 2: ADD COLUMN users.tenant_id NOT NULL (no old insert into users): the previous release's code does not reference it (read 1 files)",
      ]
    `);
    expect((await classifySql(sql, { oldCode: inserts })).messages[0]).toMatchInlineSnapshot(
      `"adding-required-field (breaking) line 2: ADD COLUMN users.tenant_id NOT NULL without a default: old code's INSERTs fail: old instances insert into it at src/users.ts:2 (knex) and a populated table rejects it"`,
    );
  });
});
