import { posix } from 'node:path';
import { matchingLines } from './listing.js';
import type { MigrationFormat } from './types.js';
import type { UnresolvedPart } from '../types.js';

/**
 * Flyway: versioned `V<version>__<description>.sql` run once in version order; undo `U…` files are
 * not forward migrations; repeatable `R__<description>.sql` files run again whenever they change.
 * `${placeholder}`s are replaced from Flyway's configuration, which is not read: unresolved.
 * Flyway scans a location recursively (`2024/V2__idx.sql` runs too): a file is named by its own name.
 */
const VERSIONED = /^V\d+(?:[._]\d+)*__[^/]+\.sql$/;
const REPEATABLE = /^R__[^/]+\.sql$/;
const PLACEHOLDER = /\$\{[^}]+\}/;

function placeholders(text: string): UnresolvedPart[] {
  return matchingLines(text, PLACEHOLDER).map((line) => ({
    line,
    reason: 'Flyway placeholder: its value comes from Flyway configuration, which is not read',
    affects: ['locksTable', 'rewritesTable', 'scansTable'],
    evidence: text.split('\n')[line - 1]!.trim(),
  }));
}

export const flywayFormat: MigrationFormat = {
  id: 'flyway',
  label: 'Flyway',
  layout: '`V<version>__<name>.sql` (`U…` undo, `R__…` repeatable)',
  detect: (files) => files.some((file) => VERSIONED.test(posix.basename(file))),
  migrationName: (relativePath) => {
    const name = posix.basename(relativePath);
    return VERSIONED.test(name) || REPEATABLE.test(name) ? name : undefined;
  },
  rerunsWhenChanged: (relativePath) => REPEATABLE.test(posix.basename(relativePath)),
  extract: async (file, text) => {
    const unresolved = placeholders(text);
    // Flyway runs a migration in a transaction unless it holds a statement PostgreSQL refuses in one
    // (CREATE INDEX CONCURRENTLY alone in its file): the single-statement case runs outside.
    const extracted = await (
      await import('../extract/sql-file.js')
    ).extractSqlMigration(file, unresolved.length > 0 ? text.replace(/\$\{[^}]+\}/g, 'placeholder') : text, { inTransaction: 'implicit', unresolved });
    return extracted;
  },
};
