import { describe, expect, it } from 'vitest';
import { coveringDirectives, readDirectives } from './directives.js';

const REASON = 'orders holds 300 rows; the build takes milliseconds';

describe('acceptance directives', () => {
  it('reads SQL and JS comments, the file-level first comment, and the reason', () => {
    const sql = [
      `-- @release-safety accept require-timeout-settings: ${REASON}`,
      'SET lock_timeout = 0;',
      '',
      `-- @release-safety accept require-concurrent-index-creation: ${REASON}`,
      'CREATE INDEX a ON orders (b);',
      `ALTER TABLE orders ADD COLUMN c int; // @Release-Safety ACCEPT adding-field-with-default: ${REASON}`,
      `/* @release-safety accept ban-drop-column: ${REASON} */`,
    ].join('\n');
    expect(readDirectives(sql)).toEqual({
      directives: [
        { rule: 'require-timeout-settings', reason: REASON, line: 1, fileLevel: true },
        { rule: 'require-concurrent-index-creation', reason: REASON, line: 4, fileLevel: false },
        { rule: 'adding-field-with-default', reason: REASON, line: 6, fileLevel: false },
        { rule: 'ban-drop-column', reason: REASON, line: 7, fileLevel: false },
      ],
      problems: [],
    });
  });

  it.each([
    ['-- @release-safety accept require-timeout-settings: ok', 'is a placeholder'],
    ['-- @release-safety accept require-timeout-settings: small table', 'shorter than 20 characters'],
    ['-- @release-safety accept require-timeout-settings', 'malformed acceptance'],
    ['-- @release-safety accept: the team sets lock_timeout on the role', 'malformed acceptance'],
    ['-- @release-safety accept Bad_Id: the team sets lock_timeout on the role', 'malformed acceptance'],
    ['-- @release-safety accept require-timeout-settings: TODO', 'is a placeholder'],
  ])('refuses %j', (line, problem) => {
    const { directives, problems } = readDirectives(`${line}\nSELECT 1;`);
    expect(directives).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.problem).toContain(problem);
  });

  it('a directive covers the statement right below it, through comments and blank lines only', () => {
    const lines = [`-- @release-safety accept x-rule: ${REASON}`, '-- more words', '', 'CREATE INDEX a ON b (c);', 'CREATE INDEX d ON b (e);'];
    const { directives } = readDirectives(`SELECT 1;\n${lines.join('\n')}`);
    const shifted = ['SELECT 1;', ...lines];
    expect(coveringDirectives(directives, 'x-rule', 5, shifted)).toHaveLength(1);
    expect(coveringDirectives(directives, 'x-rule', 6, shifted)).toHaveLength(0);
    expect(coveringDirectives(directives, 'other-rule', 5, shifted)).toHaveLength(0);
    expect(coveringDirectives(directives, 'x-rule', 1, shifted)).toHaveLength(0);
  });
});
