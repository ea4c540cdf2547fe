import { posix } from 'node:path';
import { dbmateFormat } from './dbmate.js';
import { drizzleFormat } from './drizzle.js';
import { flywayFormat } from './flyway.js';
import { golangMigrateFormat } from './golang-migrate.js';
import { gooseFormat } from './goose.js';
import { knexFormat } from './knex.js';
import { kyselyFormat, mikroOrmFormat, nodePgMigrateFormat, sequelizeFormat, typeormFormat } from './orm-formats.js';
import { isScriptFile, isSqlFile, isTopLevel } from './listing.js';
import { plainSqlFormat } from './plain-sql.js';
import { prismaFormat } from './prisma.js';
import { sqlScriptsFormat } from './sql-scripts.js';
import type { MigrationFormat, MigrationFormatId, MigrationFormatSetting } from './types.js';

/**
 * The migration-format registry: the one place a format is added. Auto-detection tries the formats
 * in this order, most specific layout first; plain SQL comes last (every SQL format is also `.sql`).
 */
export const MIGRATION_FORMATS: readonly MigrationFormat[] = [
  prismaFormat,
  drizzleFormat,
  golangMigrateFormat,
  flywayFormat,
  gooseFormat,
  dbmateFormat,
  sqlScriptsFormat,
  typeormFormat,
  mikroOrmFormat,
  sequelizeFormat,
  kyselyFormat,
  nodePgMigrateFormat,
  knexFormat,
  plainSqlFormat,
];

export function migrationFormat(id: MigrationFormatId): MigrationFormat {
  const format = MIGRATION_FORMATS.find((candidate) => candidate.id === id);
  if (!format) throw new Error(`no migration format "${id}" in the registry`);
  return format;
}

/** How many sample files of each kind detection reads (the newest by name: they show today's convention). */
const SAMPLES_PER_KIND = 4;

/** Down and undo files (golang-migrate `.down.sql`, Flyway `U…`): never read, not even to recognise a folder. */
const REVERSE_FILE = /\.down\.sql$|^U\d/;

/** The files whose text detection reads: the last few top-level `.sql` and script files by name. */
export function sampleCandidates(files: readonly string[]): string[] {
  const sorted = [...files].filter((file) => isTopLevel(file) && !REVERSE_FILE.test(file)).sort();
  const last = (keep: (file: string) => boolean) => sorted.filter(keep).slice(-SAMPLES_PER_KIND);
  return [...last(isSqlFile), ...last(isScriptFile)];
}

/** The format of a folder: the configured one, else the first whose `detect` accepts the folder. */
export function detectFormat(
  setting: MigrationFormatSetting | undefined,
  files: readonly string[],
  samples: ReadonlyMap<string, string>,
): MigrationFormat | undefined {
  if (setting !== undefined && setting !== 'auto') return migrationFormat(setting);
  return MIGRATION_FORMATS.find((format) => format.detect(files, samples));
}

/** "14 files (12 .ts, 2 .json), e.g. 20240101_init.ts": what a folder holds, for a note. */
export function describeListing(files: readonly string[]): string {
  if (files.length === 0) return 'no files';
  const byExtension = new Map<string, number>();
  for (const file of files) {
    const extension = posix.extname(file) || '(no extension)';
    byExtension.set(extension, (byExtension.get(extension) ?? 0) + 1);
  }
  const kinds = [...byExtension].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([extension, count]) => `${count} ${extension}`);
  const example = [...files].sort().slice(-2).join(', ');
  return `${files.length} file${files.length === 1 ? '' : 's'} (${kinds.join(', ')}), e.g. ${example}`;
}

/** The note for a folder whose format is not recognised: what was seen and what is supported. */
export function unrecognisedFolderNote(dir: string, files: readonly string[]): string {
  return `${dir}: no supported migration format recognised in ${describeListing(files)}; supported formats: ${MIGRATION_FORMATS.map((format) => format.id).join(', ')}. Set \`format\` on this folder in release-safety.config.json to name it`;
}

/**
 * Whether a path (relative to its folder) can be a forward migration in the configured format, or
 * in any format when it is `auto`: a cheap test that needs no file contents, so that a release
 * touching only other files of the folder (down files, snapshots, helpers) loads nothing.
 */
export function mayBeMigration(relativePath: string, setting: MigrationFormatSetting | undefined): boolean {
  const candidates = setting === undefined || setting === 'auto' ? MIGRATION_FORMATS : [migrationFormat(setting)];
  return candidates.some((format) => format.migrationName(relativePath) !== undefined);
}
