import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser } from '../sql.js';
import { createLookup } from './lookup.js';
import { indexFromFiles, isScannedPath, mentionsOf } from './scan.js';

beforeAll(() => loadParser());

const lookup = (files: Record<string, string>) => createLookup(indexFromFiles(files));

describe('old-code lookup', () => {
  it('cites a mention in a file that also names the table before one elsewhere', () => {
    const answer = lookup({
      'src/a.ts': "export const label = 'nickname';\n",
      'src/b.ts': "export type UsersRow = {\n  users_id: number;\n  nickname: string };\n// users\nexport const t = 'users';\n",
    }).lookupColumn('users', 'nickname');
    expect(answer).toMatchObject({ state: 'referenced', references: [{ file: 'src/b.ts', line: 3, via: 'mention' }] });
  });

  it('unreferenced only when nothing names the column; camelCase counts as the name', () => {
    const files = { 'src/a.ts': "import knex from 'knex';\nexport const f = () => knex('users').select('id');\n" };
    expect(lookup(files).lookupColumn('users', 'nick_name')).toEqual({ state: 'unreferenced', filesRead: 1 });
    expect(lookup({ ...files, 'src/b.ts': 'export const x = (row: any) => row.nickName;\n' }).lookupColumn('users', 'nick_name').state).toBe('referenced');
  });

  it('whole rows read and written back unspelled: unknown, not unreferenced', () => {
    const answer = lookup({
      'src/copy.ts':
        "import knex from 'knex';\nexport const copy = async (id: number) => {\n  const row = await knex('users').where('id', id).first();\n  await knex('users').insert(row);\n};\n",
    }).lookupColumn('users', 'legacy');
    expect(answer.state).toBe('unknown');
  });

  it('an insert into the table is cited for ADD COLUMN NOT NULL; a table only read is unknown for inserts', () => {
    const reads = lookup({ 'src/a.ts': "import knex from 'knex';\nexport const f = () => knex('users').select('id');\n" });
    expect(reads.lookupInserts('users').state).toBe('unknown');
    expect(reads.lookupInserts('accounts')).toEqual({ state: 'unreferenced', filesRead: 1 });
  });

  it('whole-line comments are not mentions; tests, migrations and build output are not scanned', () => {
    expect(mentionsOf('a.ts', '// nickname\n/**\n * nickname\n */\nconst a = 1;\n').words).not.toContain(' nickname ');
    expect(isScannedPath('src/users.test.ts', [])).toBe(false);
    expect(isScannedPath('packages/backend/src/database/migrations/001.ts', ['packages/backend/src/database/migrations'])).toBe(false);
    expect(isScannedPath('dist/index.js', [])).toBe(false);
    expect(isScannedPath('src/db.d.ts', [])).toBe(true);
  });
});
