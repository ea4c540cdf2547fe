import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still use the old name. */
export const rule = defineRule(
  {
    id: 'clickhouse-renaming',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ClickHouse RENAME TABLE / EXCHANGE TABLES / RENAME COLUMN',
    message: 'RENAME {what} to {newName}: old code still uses the old name',
    why: 'The previous release still queries the old name during a rolling update; its queries fail (or, after EXCHANGE TABLES, read the other table).',
    fix: 'Add {newName} beside the old name (a new column or table filled by the new code, or an ALIAS column), move readers over, and drop the old name in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all', dialect: 'clickhouse' },
  },
  {
    flagged: [{ dialect: 'clickhouse', sql: 'ALTER TABLE umami.website_event RENAME COLUMN "subdivision1" TO "region";' }],
    quiet: [{ dialect: 'clickhouse', sql: "ALTER TABLE umami.website_event COMMENT COLUMN region 'ISO 3166-2';" }],
  },
  forOperations(['clickhouse-rename'], (operation, context) =>
    context.isNewTable(operation.table)
      ? undefined
      : {
          params: {
            what: operation.column === undefined ? `TABLE ${operation.table}` : `COLUMN ${operation.table}.${operation.column}`,
            newName: operation.newName,
          },
        },
  ),
);
