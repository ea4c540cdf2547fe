import { posix } from 'node:path';
import type { MigrationFormat, MigrationFormatId } from './formats/types.js';

/**
 * What a changed file of a recognised migrations folder is when its format does not read it as a
 * forward migration: ignored, because the folder's runner provably never executes it (with why), or
 * unread — a file the runner could execute that the tool does not read, which makes the migrations
 * surface unknown, naming it (issue 28: a Flyway `2024/V2__idx.sql`, a `.SQL`, a `.ts` beside `.sql`
 * files were silently skipped and the release was `true`).
 *
 * Only what each runner's own file selection rules out counts as ignored; anything else is unread.
 */
export type Coverage = { ignored: string } | { unread: string };

/** Never executed by any runner: documentation and placeholder files. */
const DOCUMENTATION = /(?:^|\/)(?:README|CHANGELOG|LICENSE)$|\.(?:md|markdown|txt|rst|adoc)$|(?:^|\/)\.(?:gitkeep|keep|gitignore|gitattributes)$/i;

/** Flyway's SQL callbacks (`afterMigrate.sql`, `beforeEachMigrateStatement__x.sql`…): run on every migrate. */
const FLYWAY_CALLBACK = /^(?:before|after)[A-Za-z]*(?:__[^/]*)?\.sql$/;
/** Flyway migrations by prefix, any extension (script migrations: `.sh`, `.py`, `.ps1`…). */
const FLYWAY_NAMED = /^[VR]\d*[^/]*__/;
const FLYWAY_UNDO = /^U\d+(?:[._]\d+)*__[^/]+\.sql$/;
/** knex's default `loadExtensions` (knex/lib/migrations/migrate/sources/fs-migrations.js): case-sensitive. */
const KNEX_LOADS = /\.(?:co|coffee|eg|iced|js|cjs|mjs|litcoffee|ls|ts|mts|cts)$/;
const GOLANG_MIGRATE_UP = /^\d+_.*\.up\.[^/]+$/i;
const GOLANG_MIGRATE_DOWN = /^\d+_.*\.down\.[^/]+$/i;

type Rule = (relativePath: string, base: string, topLevel: boolean) => Coverage | undefined;

const RULES: Partial<Record<MigrationFormatId, Rule>> = {
  flyway: (relative, base) => {
    if (FLYWAY_UNDO.test(base)) return { ignored: 'a Flyway undo migration: runs only on `flyway undo`' };
    if (FLYWAY_CALLBACK.test(base)) return { unread: 'a Flyway callback: Flyway runs it on every migrate, and it is not read' };
    if (FLYWAY_NAMED.test(base)) return { unread: 'named like a Flyway migration, but not one the tool reads (a script migration, or a name it cannot parse)' };
    if (/\.sql$/i.test(base)) return { ignored: 'Flyway runs only `V…__`, `R__` and callback files of a location' };
    return relative.endsWith('.conf') || relative.endsWith('.toml')
      ? { unread: 'Flyway configuration: it may change what Flyway runs' }
      : { ignored: 'not a file Flyway runs' };
  },
  knex: (_relative, base, topLevel) => {
    if (/\.sql$/i.test(base)) return undefined;
    if (!topLevel) return { ignored: 'knex loads only the files directly in its folder (a file a migration imports is read with it)' };
    if (!KNEX_LOADS.test(base)) return { ignored: "not an extension knex's default `loadExtensions` loads" };
    return undefined;
  },
  'golang-migrate': (_relative, base, topLevel) => {
    if (!topLevel) return { ignored: 'golang-migrate reads only the files directly in its folder' };
    if (GOLANG_MIGRATE_DOWN.test(base)) return { ignored: 'a down migration: runs only when migrating down' };
    if (GOLANG_MIGRATE_UP.test(base)) return undefined;
    return { ignored: 'golang-migrate skips a file not named `<version>_<name>.up|down.<ext>`' };
  },
  goose: (_relative, base, topLevel) => {
    if (!topLevel) return { ignored: 'goose reads only the files directly in its folder' };
    if (/\.(?:sql|go)$/i.test(base)) return undefined;
    return { ignored: 'goose runs only `.sql` and `.go` migrations' };
  },
  dbmate: (_relative, base, topLevel) => {
    if (!topLevel) return { ignored: 'dbmate reads only the files directly in its folder' };
    if (/\.sql$/i.test(base)) return undefined;
    return { ignored: 'dbmate runs only `.sql` files' };
  },
  prisma: (relative, base) => {
    if (relative === 'migration_lock.toml') return { ignored: "Prisma's provider lock: not run" };
    if (/\.sql$/i.test(base)) return undefined;
    return relative.split('/').length === 2 ? { ignored: 'Prisma runs only `<migration>/migration.sql`' } : undefined;
  },
  'sql-scripts': (_relative, _base, topLevel) => {
    if (!topLevel) return { ignored: "logto's runner loads only the files directly in its folder (a file a script imports is read with it)" };
    return undefined;
  },
  drizzle: (relative) => {
    if (relative.startsWith('meta/') && relative.endsWith('.json'))
      return { ignored: "drizzle's journal and snapshots: not run (the journal names the files run)" };
    return undefined;
  },
};

/** Documentation and placeholder files (`README.md`, `.gitkeep`): no runner executes them. */
export const isDocumentation = (relativePath: string): boolean => DOCUMENTATION.test(relativePath);

/** The note for an ignored changed file. */
export const ignoredNote = (path: string, why: string): string => `${path}: ignored (${why})`;
export const DOCUMENTATION_REASON = 'documentation: no runner executes it';

/**
 * Whether a changed path under a recognised folder that its format does not read as a forward
 * migration is ignored (never executed by the runner) or unread (the surface is unknown).
 */
export function coverageOf(format: MigrationFormat, relativePath: string): Coverage {
  const base = posix.basename(relativePath);
  if (DOCUMENTATION.test(relativePath)) return { ignored: DOCUMENTATION_REASON };
  if (/\.d\.[cm]?ts$/.test(base)) return { ignored: 'a TypeScript declaration file: it holds types, no code to run' };
  if (/\.[cm]?[jt]s\.map$/.test(base)) return { ignored: 'a source map: no code to run' };
  const topLevel = !relativePath.includes('/');
  const decided = RULES[format.id]?.(relativePath, base, topLevel);
  return decided ?? { unread: `in a ${format.label} migrations folder, but not a migration the tool reads (${format.label} may run it)` };
}
