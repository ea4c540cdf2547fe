import { describe, expect, test } from 'vitest';
import { extractMigration } from './index.js';

describe('.sql migrations', () => {
  test('split into statements with their lines', async () => {
    const text = `-- add a column\nALTER TABLE users ADD COLUMN a int;\n\nCREATE INDEX CONCURRENTLY users_a ON users (a);\nDO $$ BEGIN UPDATE users SET a = 1; END $$;\n`;
    const result = await extractMigration('db/001.sql', text, async () => undefined);
    expect(result).toEqual({
      file: 'db/001.sql',
      statements: [
        { sql: 'ALTER TABLE users ADD COLUMN a int', line: 2, origin: 'sql-file' },
        { sql: 'CREATE INDEX CONCURRENTLY users_a ON users (a)', line: 4, origin: 'sql-file' },
        { sql: 'DO $$ BEGIN UPDATE users SET a = 1; END $$', line: 5, origin: 'sql-file' },
      ],
      unresolved: [],
      inTransaction: true,
    });
  });

  test('a parse error is one unresolved part on every flag, with the parser message and line', async () => {
    const result = await extractMigration('db/002.sql', 'SELECT 1;\nALTER TABLE users ADD COLUMN;\n', async () => undefined);
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toEqual([
      {
        line: 2,
        reason: 'SQL does not parse (PostgreSQL 18 grammar): syntax error at or near ";"',
        affects: ['locksTable', 'rewritesTable', 'scansTable'],
        evidence: 'ALTER TABLE users ADD COLUMN;',
      },
    ]);
  });

  test('an empty file has no statements and nothing unresolved', async () => {
    expect((await extractMigration('db/003.sql', '-- nothing\n', async () => undefined)).statements).toEqual([]);
  });

  test('a byte order mark and CRLF line endings keep the statements and their lines', async () => {
    const text = '\uFEFF-- header\r\nCREATE TABLE a (id int);\r\n\r\nCREATE INDEX a_id ON users (id);\r\n';
    const result = await extractMigration('db/004.sql', text, async () => undefined);
    expect(result.unresolved).toEqual([]);
    expect(result.statements).toEqual([
      { sql: 'CREATE TABLE a (id int)', line: 2, origin: 'sql-file' },
      { sql: 'CREATE INDEX a_id ON users (id)', line: 4, origin: 'sql-file' },
    ]);
  });

  test('a zero-byte file runs nothing: no statements and nothing unresolved', async () => {
    expect(await extractMigration('db/005.sql', '', async () => undefined)).toEqual({
      file: 'db/005.sql',
      statements: [],
      unresolved: [],
      inTransaction: true,
    });
  });
});
