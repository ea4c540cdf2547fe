import { posix } from 'node:path';
import { anySample, isSqlFile, isTopLevel, section } from './listing.js';
import type { MigrationFormat } from './types.js';

/**
 * dbmate: `<version>_<name>.sql` holding `-- migrate:up` and `-- migrate:down` sections (only the
 * up section is read); `-- migrate:up transaction:false` runs it outside a transaction.
 */
const UP = /^--\s*migrate:up\b/;
const DOWN = /^--\s*migrate:down\b/;

export const dbmateFormat: MigrationFormat = {
  id: 'dbmate',
  label: 'dbmate',
  layout: '`<version>_<name>.sql` with `-- migrate:up` / `-- migrate:down`',
  detect: (_files, samples) => anySample(samples, /^--\s*migrate:up\b/m, (path) => isTopLevel(path) && isSqlFile(path)),
  migrationName: (relativePath) => (isTopLevel(relativePath) && isSqlFile(relativePath) ? posix.basename(relativePath) : undefined),
  extract: async (file, text) => {
    const up = section(text, UP, DOWN);
    if (!up)
      return {
        file,
        statements: [],
        unresolved: [{ line: 1, reason: 'no `-- migrate:up` section found', affects: ['locksTable', 'rewritesTable', 'scansTable'] }],
        inTransaction: true,
      };
    const { extractSqlMigration } = await import('../extract/sql-file.js');
    return extractSqlMigration(file, up.text, { firstLine: up.firstLine, inTransaction: !/\btransaction:false\b/.test(up.startLine) });
  },
};
