import { beforeAll, describe, expect, it } from 'vitest';
import { plpgsqlItems } from './plpgsql.js';
import { loadParser, parsePlpgsql, SqlParseError } from './sql.js';

describe('plpgsqlItems', () => {
  beforeAll(async () => {
    await loadParser();
  });

  it('lists static SQL, dynamic EXECUTE and loops with file lines, all branches and handlers included', () => {
    const body = [
      'DO $$', // line 10 in the file
      'DECLARE r record; n int;',
      'BEGIN',
      '  ALTER TABLE users ADD COLUMN a int;',
      '  IF n > 0 THEN',
      '    UPDATE users SET a = 1 WHERE id = 1;',
      '  ELSIF n < 0 THEN',
      '    DELETE FROM users WHERE id = 2;',
      '  ELSE',
      "    EXECUTE 'CREATE INDEX users_a ON users (a)';",
      '  END IF;',
      '  FOR r IN SELECT id FROM orgs LOOP',
      "    EXECUTE format('UPDATE %I SET a = 2', r.id);",
      '  END LOOP;',
      '  PERFORM pg_sleep(0);',
      '  BEGIN',
      '    INSERT INTO audit (note) VALUES (1);',
      '  EXCEPTION WHEN others THEN',
      "    RAISE NOTICE 'skip';",
      '  END;',
      '  n := 1;',
      'END $$',
    ].join('\n');
    expect(plpgsqlItems(parsePlpgsql(body), 10)).toEqual([
      { kind: 'sql', sql: 'ALTER TABLE users ADD COLUMN a int', line: 13 },
      { kind: 'sql', sql: 'UPDATE users SET a = 1 WHERE id = 1', line: 15 },
      { kind: 'sql', sql: 'DELETE FROM users WHERE id = 2', line: 17 },
      { kind: 'dynamic', line: 19, expression: "'CREATE INDEX users_a ON users (a)'", literal: 'CREATE INDEX users_a ON users (a)' },
      { kind: 'loop', line: 21, loop: 'FOR … IN query LOOP' },
      { kind: 'sql', sql: 'SELECT id FROM orgs', line: 21 },
      { kind: 'dynamic', line: 22, expression: "format('UPDATE %I SET a = 2', r.id)" },
      { kind: 'sql', sql: 'SELECT pg_sleep(0)', line: 24 },
      { kind: 'sql', sql: 'INSERT INTO audit (note) VALUES (1)', line: 26 },
    ]);
  });

  it('unescapes doubled quotes of a constant EXECUTE string', () => {
    const items = plpgsqlItems(parsePlpgsql("DO $$ BEGIN EXECUTE 'COMMENT ON TABLE t IS ''x'''; END $$"), 1);
    expect(items).toEqual([{ kind: 'dynamic', line: 1, expression: "'COMMENT ON TABLE t IS ''x'''", literal: "COMMENT ON TABLE t IS 'x'" }]);
  });

  it('reports PL/pgSQL syntax errors as SqlParseError', () => {
    expect(() => parsePlpgsql('DO $$ BEGIN x := 1; END $$')).toThrow(SqlParseError);
  });
});
