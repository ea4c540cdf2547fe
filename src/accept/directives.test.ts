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
      `ALTER TABLE orders ADD COLUMN c int; -- @Release-Safety ACCEPT adding-field-with-default: ${REASON}`,
      `/* @release-safety accept ban-drop-column: ${REASON} */`,
    ].join('\n');
    expect(readDirectives('db/001.sql', sql)).toEqual({
      directives: [
        { rule: 'require-timeout-settings', reason: REASON, line: 1, fileLevel: true },
        { rule: 'require-concurrent-index-creation', reason: REASON, line: 4, fileLevel: false },
        { rule: 'adding-field-with-default', reason: REASON, line: 6, fileLevel: false },
        { rule: 'ban-drop-column', reason: REASON, line: 7, fileLevel: false },
      ],
      problems: [],
    });
    const script = [
      `// @release-safety accept require-timeout-settings: ${REASON}`,
      'export async function up(knex) {',
      `  await knex.raw('SELECT 1'); /* @release-safety accept ban-drop-column: ${REASON} */`,
      '}',
    ].join('\n');
    expect(readDirectives('db/002.ts', script).directives.map((directive) => [directive.rule, directive.line])).toEqual([
      ['require-timeout-settings', 1],
      ['ban-drop-column', 3],
    ]);
  });

  it.each([
    [
      'a SQL string literal',
      'db/001.sql',
      `COMMENT ON TABLE orders IS '@release-safety accept require-concurrent-index-creation: ${REASON}';\nCREATE INDEX a ON orders (b);`,
    ],
    [
      'an E string with an escaped quote',
      'db/001.sql',
      `SELECT E'it\\'s -- @release-safety accept require-concurrent-index-creation: ${REASON}';\nCREATE INDEX a ON orders (b);`,
    ],
    [
      'a dollar-quoted body',
      'db/001.sql',
      `DO $body$ BEGIN PERFORM 1; END $body$; SELECT $$\n-- @release-safety accept require-concurrent-index-creation: ${REASON}\n$$;\nCREATE INDEX a ON orders (b);`,
    ],
    ['a quoted identifier', 'db/001.sql', `CREATE TABLE "-- @release-safety accept require-concurrent-index-creation: ${REASON}" (id int);`],
    ['`//` in SQL (an operator, not a comment)', 'db/001.sql', `SELECT 1 // @release-safety accept require-concurrent-index-creation: ${REASON}\n;`],
    [
      'a knex raw string',
      'db/002.ts',
      `export async function up(knex) {\n  await knex.raw('-- @release-safety accept require-concurrent-index-creation: ${REASON}\\nCREATE INDEX a ON orders (b)');\n}`,
    ],
    [
      'a template literal',
      'db/002.ts',
      `export async function up(knex) {\n  await knex.raw(\`\n// @release-safety accept require-concurrent-index-creation: ${REASON}\nCREATE INDEX a ON orders (b)\`);\n}`,
    ],
  ])('a marker inside %s is not an acknowledgement (issue 28)', (_name, file, text) => {
    expect(readDirectives(file, text).directives).toEqual([]);
  });

  it('a script that does not parse has no acknowledgement: the marker is a problem', () => {
    const { directives, problems } = readDirectives('db/002.ts', `// @release-safety accept ban-drop-column: ${REASON}\nexport async function up(knex) {`);
    expect(directives).toEqual([]);
    expect(problems[0]!.problem).toMatch(/could not be tokenized/);
  });

  it.each([
    ['-- @release-safety accept require-timeout-settings: ok', 'is a placeholder'],
    ['-- @release-safety accept require-timeout-settings: small table', 'shorter than 20 characters'],
    ['-- @release-safety accept require-timeout-settings', 'malformed acceptance'],
    ['-- @release-safety accept: the team sets lock_timeout on the role', 'malformed acceptance'],
    ['-- @release-safety accept Bad_Id: the team sets lock_timeout on the role', 'malformed acceptance'],
    ['-- @release-safety accept require-timeout-settings: TODO', 'is a placeholder'],
    ['-- @release-safety accept require-timeout-settings: ok ok ok ok ok ok ok ok', '1 distinct word'],
    ['-- @release-safety accept require-timeout-settings: fine, fine, safe, safe, fine!', '2 distinct words'],
  ])('refuses %j', (line, problem) => {
    const { directives, problems } = readDirectives('db/001.sql', `${line}\nSELECT 1;`);
    expect(directives).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.problem).toContain(problem);
  });

  it('a directive covers the statement right below it, through comments and blank lines only', () => {
    const lines = [`-- @release-safety accept x-rule: ${REASON}`, '-- more words', '', 'CREATE INDEX a ON b (c);', 'CREATE INDEX d ON b (e);'];
    const { directives } = readDirectives('db/001.sql', `SELECT 1;\n${lines.join('\n')}`);
    const shifted = ['SELECT 1;', ...lines];
    expect(coveringDirectives(directives, 'x-rule', 5, shifted)).toHaveLength(1);
    expect(coveringDirectives(directives, 'x-rule', 6, shifted)).toHaveLength(0);
    expect(coveringDirectives(directives, 'other-rule', 5, shifted)).toHaveLength(0);
    expect(coveringDirectives(directives, 'x-rule', 1, shifted)).toHaveLength(0);
  });
});
