import { posix } from 'node:path';
import type { MigrationsFolder } from '../../config/types.js';
import { DIALECT_LABELS, JUDGED_DIALECTS, type MigrationDialect } from '../../config/migration-formats.js';

/**
 * Which paths belong to a configured migrations folder. Kept free of heavy imports so the stage can
 * tell "nothing in the migration folders changed" without loading the source parser, an ORM or the
 * PostgreSQL grammar. Which of a folder's files are migrations is the format's business
 * (`formats/`): here a folder holds every file below it (Prisma keeps one folder per migration,
 * drizzle its `meta/_journal.json`, Flyway scans its locations recursively), and a changed file a
 * format does not read is judged by `coverage.ts`. The repository root as a folder holds its own files
 * and those one sub-folder down only: everything else in the repository is not a migration.
 */

/** Extensions `lint-migrations` accepts: SQL files and TypeScript/JavaScript migrations. */
export const MIGRATION_EXTENSIONS = ['.sql', '.ts', '.js', '.cjs', '.mjs', '.mts', '.cts'] as const;

/** Normal forms by configured text: a config names a few folders, asked for once per migration file per tree (≈ 0.2 s of a real 381-release backfill, issue 36). */
const normalDirs = new Map<string, string>();

export function normalizeDir(dir: string): string {
  let normal = normalDirs.get(dir);
  if (normal === undefined) {
    const trimmed = posix.normalize(dir.replace(/\\/g, '/')).replace(/^\.\//, '').replace(/\/+$/, '');
    normal = trimmed === '.' ? '' : trimmed;
    if (normalDirs.size < 1024) normalDirs.set(dir, normal);
  }
  return normal;
}

/** How deep below the repository root, when it is the folder, a file may sit and still belong to it. */
const ROOT_MAX_DEPTH = 2;

/** The path relative to a folder (`''` is the repository root) when the path belongs to it. */
export function relativeToFolder(path: string, dir: string): string | undefined {
  const prefix = dir === '' ? '' : `${dir}/`;
  if (!path.startsWith(prefix)) return undefined;
  const relative = path.slice(prefix.length);
  if (relative === '' || (dir === '' && relative.split('/').length > ROOT_MAX_DEPTH)) return undefined;
  return relative;
}

/** The configured folder a path belongs to (the deepest, when folders nest), with the path relative to it. */
export function folderOf(path: string, folders: readonly MigrationsFolder[]): { folder: MigrationsFolder; relativePath: string } | undefined {
  const deepestFirst = [...folders].sort((a, b) => normalizeDir(b.dir).length - normalizeDir(a.dir).length);
  for (const folder of deepestFirst) {
    const relativePath = relativeToFolder(path, normalizeDir(folder.dir));
    if (relativePath !== undefined) return { folder, relativePath };
  }
  return undefined;
}

/** A folder's files in a tree listing, relative to the folder. */
export function folderFiles(paths: Iterable<string>, folder: MigrationsFolder, folders: readonly MigrationsFolder[] = [folder]): string[] {
  const dir = normalizeDir(folder.dir);
  const files: string[] = [];
  for (const path of paths) {
    // Only the paths no deeper configured folder claims.
    if (relativeToFolder(path, dir) !== undefined && folderOf(path, folders)?.folder === folder) files.push(relativeToFolder(path, dir)!);
  }
  return files;
}

/** Whether any configured folder holds a file (that passes `accept`) in a tree listing. */
export function anyFileIn(paths: Iterable<string>, folders: readonly MigrationsFolder[], accept: (path: string) => boolean = () => true): boolean {
  const dirs = folders.map((folder) => normalizeDir(folder.dir));
  for (const path of paths) if (dirs.some((dir) => relativeToFolder(path, dir) !== undefined) && accept(path)) return true;
  return false;
}

/** The database a folder's migrations run on (config `dialect`, PostgreSQL by default). */
export function dialectOf(folder: MigrationsFolder): MigrationDialect {
  return folder.dialect ?? 'postgresql';
}

/** Whether the folder is PostgreSQL: the only dialect the PostgreSQL grammar, the released schema and the trace may read. */
export const isPostgresFolder = (folder: MigrationsFolder): boolean => dialectOf(folder) === 'postgresql';

/** Whether the folder's dialect has rules (PostgreSQL, ClickHouse); the others are never judged. */
export const isJudgedFolder = (folder: MigrationsFolder): boolean => JUDGED_DIALECTS.includes(dialectOf(folder));

/**
 * The notes every report carries while a folder of an alternative database is configured as not
 * judged (`alternative: true`): the verdict speaks only for the PostgreSQL deployment.
 */
export function alternativeDeploymentNotes(folders: readonly MigrationsFolder[]): string[] {
  return folders
    .filter((folder) => folder.alternative === true && !isJudgedFolder(folder))
    .map(
      (folder) =>
        `${folder.dir} (${DIALECT_LABELS[dialectOf(folder)]}): not judged — this verdict speaks only for the PostgreSQL deployment of the service (\`alternative: true\` in release-safety.config.json)`,
    );
}

/** `.down.sql` files and Flyway undo files: never run forward, never read. */
export const isReverseFile = (relativePath: string): boolean => /\.down\.sql$/.test(relativePath) || /(^|\/)U\d[^/]*\.sql$/.test(relativePath);

/** Whether a file of a folder may hold what a migration runs (SQL, or a script a runner may load). */
export const mayHoldMigration = (relativePath: string): boolean =>
  MIGRATION_EXTENSIONS.some((extension) => relativePath.endsWith(extension)) && !isReverseFile(relativePath);

/**
 * The configured folder a path sits in deeper than any format reads (`<dir>/a/b/c.sql`), with the
 * path relative to it; the repository root as a folder claims no deep path.
 */
export function deepFolderOf(path: string, folders: readonly MigrationsFolder[]): { folder: MigrationsFolder; relativePath: string } | undefined {
  if (folderOf(path, folders) !== undefined) return undefined;
  const deepestFirst = [...folders].sort((a, b) => normalizeDir(b.dir).length - normalizeDir(a.dir).length);
  for (const folder of deepestFirst) {
    const dir = normalizeDir(folder.dir);
    if (dir !== '' && path.startsWith(`${dir}/`)) return { folder, relativePath: path.slice(dir.length + 1) };
  }
  return undefined;
}
