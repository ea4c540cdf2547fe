import { describe, expect, it } from 'vitest';
import { classifyClickHouseSql, flags } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  newTables?: string[];
  heaviness: ReturnType<typeof flags>;
  rules: string[];
  breaksOldCode: boolean;
}

describe('clickhouse-drop-column', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP COLUMN (umami 06)',
      sql: 'ALTER TABLE umami.website_event DROP COLUMN "subdivision2";',
      heaviness: flags(false, false, false),
      rules: ['clickhouse-drop-column'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP COLUMN IF EXISTS among other commands',
      sql: 'ALTER TABLE events ON CLUSTER default ADD COLUMN a String, DROP COLUMN IF EXISTS `legacy` SETTINGS alter_sync = 2',
      heaviness: flags(false, false, false),
      rules: ['clickhouse-drop-column'],
      breaksOldCode: true,
    },
    {
      name: "flagged: a column's own SETTINGS (…) does not end the command list",
      sql: 'ALTER TABLE events ADD COLUMN payload String SETTINGS (max_compress_block_size = 1048576), DROP COLUMN legacy',
      heaviness: flags(false, false, false),
      rules: ['clickhouse-drop-column'],
      breaksOldCode: true,
    },
    {
      name: 'ok: on a table created earlier in the release',
      sql: 'ALTER TABLE umami.website_event DROP COLUMN "subdivision2";',
      newTables: ['umami.website_event'],
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
  ];

  it.each(cases)('$name', ({ sql, newTables, heaviness, rules, breaksOldCode }) => {
    const outcome = classifyClickHouseSql(sql, { newTables });
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });

  it('renders the first flagged case', () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect(classifyClickHouseSql(flagged.sql, { newTables: flagged.newTables }).messages).toMatchInlineSnapshot(`
      [
        "clickhouse-drop-column (breaking) line 1: DROP COLUMN umami.website_event.subdivision2: old code still reads or writes it",
      ]
    `);
  });
});
