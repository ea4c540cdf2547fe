import { describe, expect, it } from 'vitest';
import { readStatements, tokenize } from './statements.js';

describe('the ClickHouse statement reader', () => {
  it('splits at top-level semicolons only, with the line each statement starts on', () => {
    const text = [
      '-- a comment; not a split',
      "ALTER TABLE traces ON CLUSTER default ADD COLUMN note String DEFAULT 'a;b' SETTINGS alter_sync = 2;",
      '/* nested /* comment; */ still; */',
      'CREATE TABLE `odd;name` (id String) ENGINE = MergeTree ORDER BY id; # hash comment;',
      'SET x = 1',
    ].join('\n');
    expect(readStatements(text).map((statement) => [statement.line, statement.sql])).toEqual([
      [2, "ALTER TABLE traces ON CLUSTER default ADD COLUMN note String DEFAULT 'a;b' SETTINGS alter_sync = 2"],
      [4, 'CREATE TABLE `odd;name` (id String) ENGINE = MergeTree ORDER BY id'],
      [5, 'SET x = 1'],
    ]);
  });

  it('reads quoted names and strings with their escapes', () => {
    expect(tokenize("`a``b` \"c\" 'it''s' 'x\\'y' 1e-3 -2").map((token) => [token.kind, token.value])).toEqual([
      ['quoted', 'a`b'],
      ['quoted', 'c'],
      ['string', "it's"],
      ['string', "x'y"],
      ['number', '1e-3'],
      ['punct', '-'],
      ['number', '2'],
    ]);
  });

  it('refuses an unterminated string or comment (the file is then unknown, never light)', () => {
    expect(() => readStatements("ALTER TABLE t COMMENT COLUMN c 'oops")).toThrow(/unterminated string/);
    expect(() => readStatements('/* never closed')).toThrow(/unterminated comment/);
  });
});
