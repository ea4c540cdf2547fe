import { describe, expect, it } from 'vitest';
import { classifySql } from './cases.js';
import { rule } from './unreferenced-by-old-code.js';

const knexUsers = (select: string) => ({
  'src/users.ts': `import knex from 'knex';\nexport const byId = (id: number) => knex('users').where({ id }).select(${select});`,
});

describe('unreferenced-by-old-code', () => {
  const cases: Array<{ name: string; sql: string; oldCode: Readonly<Record<string, string>> | undefined; rules: string[]; breaksOldCode: boolean }> = [
    {
      name: 'flagged: DROP COLUMN no old code names',
      sql: rule.examples.flagged[0]!.sql,
      oldCode: knexUsers("'id', 'email'"),
      rules: ['lock-timeout-bounds-brief-lock', 'unreferenced-by-old-code'],
      breaksOldCode: false,
    },
    {
      name: 'ok: DROP COLUMN old code selects (ban-drop-column cites it)',
      sql: rule.examples.flagged[0]!.sql,
      oldCode: knexUsers("'id', 'nickname'"),
      rules: ['ban-drop-column', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: a mention anywhere (a typed row) counts',
      sql: rule.examples.flagged[0]!.sql,
      oldCode: { ...knexUsers("'*'"), 'src/types.ts': 'export type DbUser = { id: number; nickName: string };' },
      rules: ['ban-drop-column', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: "ok: a column name built at run time keeps today's verdict",
      sql: rule.examples.flagged[0]!.sql,
      oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const pick = (field: string) => knex('users').select(`${field}_name`);" },
      rules: ['ban-drop-column', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP TABLE never used',
      sql: "SET lock_timeout = '5s';\nDROP TABLE legacy_events",
      oldCode: knexUsers("'id'"),
      rules: ['lock-timeout-bounds-brief-lock', 'unreferenced-by-old-code'],
      breaksOldCode: false,
    },
    {
      name: 'ok: DROP TABLE from raw SQL',
      sql: "SET lock_timeout = '5s';\nDROP TABLE legacy_events",
      oldCode: { 'src/q.ts': "export const q = (db: any) => db.query('SELECT count(*) FROM legacy_events');" },
      rules: ['ban-drop-table', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: DROP TABLE with a table name from a variable',
      sql: "SET lock_timeout = '5s';\nDROP TABLE legacy_events",
      oldCode: { 'src/q.ts': "import knex from 'knex';\nexport const all = (table: string) => knex(table).select('id');" },
      rules: ['ban-drop-table', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: RENAME COLUMN unreferenced',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users RENAME COLUMN nickname TO handle",
      oldCode: knexUsers("'id'"),
      rules: ['lock-timeout-bounds-brief-lock', 'unreferenced-by-old-code'],
      breaksOldCode: false,
    },
    {
      name: 'ok: without the old code read, as today',
      sql: rule.examples.flagged[0]!.sql,
      oldCode: undefined,
      rules: ['ban-drop-column', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
  ];

  it.each(cases)('$name', async ({ sql, oldCode, rules, breaksOldCode }) => {
    const outcome = await classifySql(sql, oldCode ? { oldCode } : {});
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });

  it('renders the evidence and the cited reference', async () => {
    expect((await classifySql(cases[0]!.sql, { oldCode: cases[0]!.oldCode })).messages[1]).toMatchInlineSnapshot(
      `"unreferenced-by-old-code (info) line 2: DROP COLUMN users.nickname: the previous release's code does not reference it (read 1 files)"`,
    );
    expect((await classifySql(cases[1]!.sql, { oldCode: cases[1]!.oldCode })).messages[0]).toMatchInlineSnapshot(
      `"ban-drop-column (breaking) line 2: DROP COLUMN users.nickname: old instances still read or write users.nickname at src/users.ts:2 (knex)"`,
    );
    expect((await classifySql(cases[3]!.sql, { oldCode: cases[3]!.oldCode })).messages[0]).toMatchInlineSnapshot(
      `"ban-drop-column (breaking) line 2: DROP COLUMN users.nickname: old code still reads or writes it (whether it does is unknown: column name from a template with an interpolation (knex) at src/users.ts:2)"`,
    );
  });
});
