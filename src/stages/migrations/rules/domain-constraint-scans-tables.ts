import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * ALTER DOMAIN … ADD CONSTRAINT (validated), SET NOT NULL or VALIDATE CONSTRAINT checks every stored
 * value of the domain: each table with a column of it is read in full under SHARE (writes wait).
 * Unknown when which tables use the domain is not known.
 */
export const rule = defineRule(
  {
    id: 'domain-constraint-scans-tables',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ALTER DOMAIN that checks every stored value (ADD CONSTRAINT, SET NOT NULL, VALIDATE)',
    message: 'ALTER DOMAIN {domain} {change} reads every row of {table} while writes to it wait',
    why: 'PostgreSQL checks the new domain constraint against every column of the domain, holding SHARE on each table: old instances cannot insert or update those tables until every row is read.',
    fix: 'ALTER DOMAIN {domain} ADD CONSTRAINT … NOT VALID (new values are checked at once), then ALTER DOMAIN {domain} VALIDATE CONSTRAINT … in a later migration run when writes to {table} can wait for a full read.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [
      { sql: 'CREATE DOMAIN qty AS integer;\nALTER TABLE orders ADD COLUMN amount qty;\nALTER DOMAIN qty ADD CONSTRAINT qty_positive CHECK (VALUE > 0)' },
    ],
    quiet: [
      {
        sql: 'CREATE DOMAIN qty AS integer;\nALTER TABLE orders ADD COLUMN amount qty;\nALTER DOMAIN qty ADD CONSTRAINT qty_positive CHECK (VALUE > 0) NOT VALID',
      },
    ],
  },
  forOperations(['validate-domain'], (operation, context) => {
    if (operation.table === undefined) {
      return {
        params: { domain: operation.domain, change: operation.change, table: 'the tables using it (not known)' },
        flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
      };
    }
    if (context.isNewTable(operation.table)) return undefined;
    return { params: { domain: operation.domain, change: operation.change, table: operation.table } };
  }),
);
