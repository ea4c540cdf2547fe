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

describe('unclassified-statement', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: LOCK TABLE',
      sql: 'LOCK TABLE users IN ACCESS EXCLUSIVE MODE',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: an ALTER TABLE clause not in the table',
      sql: "SET lock_timeout = '5s';\nALTER TABLE measurements ATTACH PARTITION m2024 FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: ALTER INDEX … SET TABLESPACE copies the index',
      sql: 'ALTER INDEX users_email_idx SET TABLESPACE fast',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: ALTER MATERIALIZED VIEW … SET ACCESS METHOD rewrites it',
      sql: 'ALTER MATERIALIZED VIEW stats SET ACCESS METHOD heap',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: DROP TYPE … CASCADE drops the columns of that type',
      sql: 'DROP TYPE mood CASCADE',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['ban-drop-object', 'unclassified-statement'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP SCHEMA … CASCADE drops its tables',
      sql: 'DROP SCHEMA reporting CASCADE',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['ban-drop-object', 'unclassified-statement'],
      breaksOldCode: true,
    },
    {
      name: "flagged: ALTER EXTENSION … UPDATE runs the extension's upgrade script",
      sql: 'ALTER EXTENSION postgis UPDATE',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: ALTER … SET SCHEMA of an object other than a table',
      sql: 'ALTER FUNCTION touch() SET SCHEMA archive',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'ok: catalog-only changes to views, sequences and indexes',
      sql: "ALTER VIEW v OWNER TO app;\nALTER VIEW v ALTER COLUMN one SET DEFAULT 1;\nALTER SEQUENCE s OWNER TO app;\nALTER INDEX users_email_idx SET (fillfactor = 90);\nCREATE TYPE old_mood AS ENUM ('a');\nDROP TYPE IF EXISTS old_mood;\nCREATE VIEW w AS SELECT 1 AS one;\nDROP VIEW w",
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: light catalog statements',
      sql: "COMMENT ON TABLE users IS 'people';\nGRANT SELECT ON users TO reader;\nCREATE EXTENSION IF NOT EXISTS pgcrypto;\nCREATE TYPE mood AS ENUM ('ok', 'sad');\nCREATE SEQUENCE s;\nCREATE VIEW v AS SELECT 1 AS one",
      heaviness: flags(false, false, false),
      rules: [],
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
        "unclassified-statement (advisory) line 1: LockStmt is not classified: its effect on tables is unknown",
      ]
    `);
  });
});
