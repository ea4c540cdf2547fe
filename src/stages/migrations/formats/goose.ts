import { posix } from 'node:path';
import { anySample, isSqlFile, isTopLevel, section } from './listing.js';
import type { MigrationFormat } from './types.js';
import type { ExtractedMigration, UnresolvedPart } from '../types.js';

/**
 * goose: `<version>_<name>.sql` holding `-- +goose Up` and `-- +goose Down` sections (only the Up
 * section is read), `-- +goose StatementBegin/End` around statements with semicolons inside (plain
 * comments to the grammar, which splits the same way), `-- +goose NO TRANSACTION` to run outside a
 * transaction. Go migrations (`<version>_<name>.go`) run code that is not read: unknown.
 */
const UP = /^--\s*\+goose\s+up\b/i;
const DOWN = /^--\s*\+goose\s+down\b/i;
const NO_TRANSACTION = /^--\s*\+goose\s+no\s+transaction\b/im;
const ENVSUB_ON = /^--\s*\+goose\s+envsub\s+on\b/im;
const GO_MIGRATION = /^\d+_[^/]+\.go$/;
const ALL_FLAGS: UnresolvedPart['affects'] = ['locksTable', 'rewritesTable', 'scansTable'];

function notRead(file: string, reason: string, line = 1): ExtractedMigration {
  return { file, statements: [], unresolved: [{ line, reason, affects: [...ALL_FLAGS] }], inTransaction: true };
}

export const gooseFormat: MigrationFormat = {
  id: 'goose',
  label: 'goose',
  layout: '`<version>_<name>.sql` with `-- +goose Up` / `-- +goose Down`',
  detect: (_files, samples) => anySample(samples, /^--\s*\+goose\s+up\b/im, (path) => isTopLevel(path) && isSqlFile(path)),
  migrationName: (relativePath) =>
    isTopLevel(relativePath) && (isSqlFile(relativePath) || GO_MIGRATION.test(relativePath)) ? posix.basename(relativePath) : undefined,
  extract: async (file, text) => {
    if (file.endsWith('.go')) return notRead(file, 'goose Go migration: its Go code is not read');
    const up = section(text, UP, DOWN);
    if (!up) return notRead(file, 'no `-- +goose Up` section found');
    const unresolved: UnresolvedPart[] = [];
    if (ENVSUB_ON.test(text) && /\$\{?[A-Za-z_]/.test(up.text)) {
      unresolved.push({ line: up.firstLine, reason: 'goose ENVSUB: environment variables are substituted into the SQL when it runs', affects: [...ALL_FLAGS] });
    }
    const { extractSqlMigration } = await import('../extract/sql-file.js');
    return extractSqlMigration(file, up.text, { firstLine: up.firstLine, inTransaction: !NO_TRANSACTION.test(text), unresolved });
  },
};
