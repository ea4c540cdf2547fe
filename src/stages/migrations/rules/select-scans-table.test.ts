import { describe, expect, it } from 'vitest';
import { classifySql, flags } from './cases.js';
import type { CaseOptions } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
  breaksOldCode: boolean;
}

describe('select-scans-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: INSERT … SELECT',
      sql: 'INSERT INTO archive (id) SELECT id FROM events',
      heaviness: flags(false, false, true),
      rules: ['select-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CREATE TABLE AS',
      sql: 'CREATE TABLE users_copy AS SELECT * FROM users',
      heaviness: flags(false, false, true),
      rules: ['select-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: SELECT INTO',
      sql: 'SELECT * INTO users_copy FROM users',
      heaviness: flags(false, false, true),
      rules: ['select-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: INSERT … VALUES',
      sql: "INSERT INTO settings (key, value) VALUES ('a', 'b')",
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: narrow source',
      sql: 'INSERT INTO settings SELECT * FROM defaults WHERE id = 1',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    { name: 'ok: catalog query', sql: 'SELECT count(*) FROM pg_catalog.pg_class', heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
    {
      name: 'flagged: a quoted WITH query "Recent" is not the table recent',
      sql: 'WITH "Recent" AS (SELECT 1 AS id) INSERT INTO archive (id) SELECT id FROM recent',
      heaviness: flags(false, false, true),
      rules: ['select-scans-table'],
      breaksOldCode: false,
    },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules, breaksOldCode }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages).toMatchInlineSnapshot(`
      [
        "select-scans-table (advisory) line 1: INSERT … SELECT reads the whole table events",
      ]
    `);
  });
});
