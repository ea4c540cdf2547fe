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

describe('clickhouse-renaming', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: RENAME COLUMN (umami 06)',
      sql: 'ALTER TABLE umami.website_event RENAME COLUMN "subdivision1" TO "region";',
      heaviness: flags(false, false, false),
      rules: ['clickhouse-renaming'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: RENAME TABLE swaps (umami 05) and EXCHANGE TABLES',
      sql: 'RENAME TABLE umami.website_event TO umami.website_event_old;\nRENAME TABLE umami.website_event_new TO umami.website_event;\nEXCHANGE TABLES a AND b',
      newTables: ['umami.website_event_new'],
      heaviness: flags(false, false, false),
      rules: ['clickhouse-renaming', 'clickhouse-renaming', 'clickhouse-renaming'],
      breaksOldCode: true,
    },
    {
      name: 'ok: COMMENT COLUMN is metadata',
      sql: 'ALTER TABLE umami.website_event COMMENT COLUMN region \x27ISO 3166-2\x27;',
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
        "clickhouse-renaming (breaking) line 1: RENAME COLUMN umami.website_event.subdivision1 to region: old code still uses the old name",
      ]
    `);
  });
});
