import { posix } from 'node:path';
import { anySample, topLevelScript } from './listing.js';
import type { MigrationFormat } from './types.js';

/**
 * TypeScript scripts that run SQL themselves (extract/sql-scripts.ts): logto's alterations
 * (`<version>-<timestamp>-<name>.ts` exporting `{ up: async (pool) => pool.query(sql`…`) }`),
 * node-postgres `client.query('…')`, postgres.js `sql`…``, drizzle `db.execute(sql`…`)`.
 */

/** logto's alteration names: `1.42.0-1784619793-name.ts`, `next-1786…-name.ts` (renamed to the version at release). */
const VERSIONED = /^(?:next|\d+\.\d+\.\d+(?:[-_][\w.]+)?)-(\d{10}(?:\.\d+)?)-(.+)$/;

/** An `up` handed a pool/client/sql handle that runs SQL text or a sql`…` template; no ORM builder. */
const SCRIPT_TEXT = /\b(up|beforeUp)\s*[:=(][^]*?\.(query|one|many|any|maybeOne|execute|unsafe)\s*\(\s*(sql`|['"`])|\bup\s*[:=(][^]*?\bsql`/;

export const sqlScriptsFormat: MigrationFormat = {
  id: 'sql-scripts',
  label: 'SQL run from TypeScript scripts',
  layout: '`<version>-<timestamp>-<name>.ts` (logto) or `<name>.ts` whose `up(pool)` runs `pool.query(sql`…`)`',
  detect: (files, samples) =>
    files.some((file) => topLevelScript(file) && VERSIONED.test(posix.basename(file).replace(/\.[cm]?[jt]s$/, ''))) &&
    anySample(samples, SCRIPT_TEXT, topLevelScript),
  // The runner orders and records alterations by timestamp; the version prefix changes when `next-` is released.
  migrationName: (relativePath) => {
    if (!topLevelScript(relativePath)) return undefined;
    const base = posix.basename(relativePath);
    const versioned = VERSIONED.exec(base);
    return versioned ? `${versioned[1]}-${versioned[2]}` : base;
  },
  extract: async (file, text, read) => (await import('../extract/sql-scripts.js')).extractSqlScriptMigration(file, text, read),
};
