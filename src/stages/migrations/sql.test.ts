import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser, SqlParseError, splitStatements } from './sql.js';

describe('splitStatements', () => {
  beforeAll(async () => {
    await loadParser();
  });

  it('splits statements with the line each starts on', () => {
    const text = ['CREATE TABLE a (id int);', '', '-- a comment', 'ALTER TABLE a', '  ADD COLUMN b text;', 'CREATE INDEX a_b ON a (b)'].join('\n');
    expect(splitStatements(text)).toEqual([
      { sql: 'CREATE TABLE a (id int)', line: 1 },
      { sql: 'ALTER TABLE a\n  ADD COLUMN b text', line: 4 },
      { sql: 'CREATE INDEX a_b ON a (b)', line: 6 },
    ]);
  });

  it('slices by UTF-8 bytes, so non-ASCII text before a statement does not shift it', () => {
    const text = "COMMENT ON TABLE a IS 'Überblick — ünïcödé ✓';\nINSERT INTO a (name) VALUES ('日本語');\nSELECT 1";
    expect(splitStatements(text, 10)).toEqual([
      { sql: "COMMENT ON TABLE a IS 'Überblick — ünïcödé ✓'", line: 10 },
      { sql: "INSERT INTO a (name) VALUES ('日本語')", line: 11 },
      { sql: 'SELECT 1', line: 12 },
    ]);
  });

  it('keeps a DO block with inner semicolons as one statement', () => {
    const text = 'DO $$\nBEGIN\n  UPDATE a SET b = 1;\n  UPDATE a SET c = 2;\nEND $$;\nSELECT 2;';
    const statements = splitStatements(text, 3);
    expect(statements.map((statement) => statement.line)).toEqual([3, 8]);
    expect(statements[0]?.sql.startsWith('DO $$')).toBe(true);
  });

  it('skips block comments before a statement when counting its line', () => {
    expect(splitStatements('/* header\n   more */\n\nDROP TABLE x;')).toEqual([{ sql: 'DROP TABLE x', line: 4 }]);
  });

  it('returns nothing for text without statements', () => {
    expect(splitStatements('-- only a comment\n')).toEqual([]);
  });

  it('throws the parser message with the line of the error', () => {
    let caught: unknown;
    try {
      splitStatements('SELECT 1;\nSELECT 2;\nALTER TABLE ADD;', 5);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SqlParseError);
    expect((caught as SqlParseError).line).toBe(7);
    expect((caught as SqlParseError).parserMessage).toMatchInlineSnapshot(`"syntax error at or near ";""`);
  });

  it('counts the error line in characters, also after characters outside the BMP', () => {
    let caught: unknown;
    try {
      splitStatements("SELECT '😀😀😀😀';\nSELECT 2;\nCREAT INDEX a ON b (c);");
    } catch (error) {
      caught = error;
    }
    expect((caught as SqlParseError).line).toBe(3);
  });

  it('splits a large seed file in linear time (20,000 statements)', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `INSERT INTO seed (id, name) VALUES (${i}, 'name ${i}');`).join('\n');
    const started = performance.now();
    const statements = splitStatements(text);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(statements).toHaveLength(20_000);
    expect(statements[19_999]).toEqual({ sql: "INSERT INTO seed (id, name) VALUES (19999, 'name 19999')", line: 20_000 });
  });
});
