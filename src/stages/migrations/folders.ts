import { posix } from 'node:path';
import type { MigrationsFolder } from '../../config/types.js';

/**
 * Which paths are migrations. Kept free of heavy imports so the stage can tell "no migration
 * changed" without loading ts-morph, knex or the PostgreSQL grammar.
 */

/** Extensions a migrations folder may hold: `.sql` files, and knex migrations in TypeScript or JavaScript. */
export const MIGRATION_EXTENSIONS = ['.sql', '.ts', '.js', '.cjs', '.mjs'] as const;

function normalizeDir(dir: string): string {
  const trimmed = posix.normalize(dir.replace(/\\/g, '/')).replace(/^\.\//, '').replace(/\/+$/, '');
  return trimmed === '.' ? '' : trimmed;
}

/**
 * A migration is a file directly in a configured folder (knex loads only the folder itself, not
 * sub-folders) with a migration extension; TypeScript declarations and test files are not migrations.
 */
export function isMigrationFileName(name: string): boolean {
  if (!MIGRATION_EXTENSIONS.some((extension) => name.endsWith(extension))) return false;
  if (/\.d\.[cm]?ts$/.test(name)) return false;
  if (/\.(test|spec)\.[cm]?[jt]s$/.test(name)) return false;
  return !name.startsWith('.');
}

/** The configured folder a path is a migration of, or undefined. */
export function migrationFolderOf(path: string, folders: readonly MigrationsFolder[]): MigrationsFolder | undefined {
  const parent = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  if (!isMigrationFileName(posix.basename(path))) return undefined;
  return folders.find((folder) => normalizeDir(folder.dir) === parent);
}

/**
 * Whether any configured folder holds a migration file in a tree listing. When none does at either
 * ref, the configuration (a misspelt `dir`) cannot be told apart from "no migrations": not proven.
 */
export function anyMigrationIn(paths: Iterable<string>, folders: readonly MigrationsFolder[]): boolean {
  const prefixes = folders.map((folder) => normalizeDir(folder.dir)).map((dir) => (dir === '' ? '' : `${dir}/`));
  for (const path of paths) {
    // The prefix test keeps this cheap on trees of many thousand paths.
    if (prefixes.some((prefix) => path.startsWith(prefix)) && migrationFolderOf(path, folders) !== undefined) return true;
  }
  return false;
}
