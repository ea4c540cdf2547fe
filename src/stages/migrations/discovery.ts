import type { MigrationsFolder } from '../../config/types.js';
import type { Side, StageInput } from '../contract.js';
import { folderFiles, folderOf, normalizeDir } from './folders.js';
import { detectFormat, sampleCandidates, unrecognisedFolderNote } from './formats/registry.js';
import type { MigrationFormat } from './formats/types.js';

/**
 * The migrations stage's file discovery: each configured folder's format (configured, or recognised
 * from its files at the head ref, else the base ref), and which paths are its forward migrations.
 */

export interface FolderFormat {
  folder: MigrationsFolder;
  /** Undefined when no supported format was recognised. */
  format?: MigrationFormat;
  /** Why the format is not known (what the folder holds, what is supported). */
  note?: string;
}

/** A path of a configured folder read as a migration of that folder's format. */
export interface MigrationPath {
  path: string;
  /** The name the framework records (Prisma: the migration's folder). */
  name: string;
  folder: MigrationsFolder;
  format: MigrationFormat;
}

async function recognise(input: StageInput, folder: MigrationsFolder, folders: readonly MigrationsFolder[]): Promise<FolderFormat> {
  const headFiles = folderFiles(input.trees.head.keys(), folder, folders);
  const side: Side = headFiles.length > 0 ? 'head' : 'base';
  const files = side === 'head' ? headFiles : folderFiles(input.trees.base.keys(), folder, folders);
  const samples = new Map<string, string>();
  if (folder.format === undefined || folder.format === 'auto') {
    const dir = normalizeDir(folder.dir);
    const prefix = dir === '' ? '' : `${dir}/`;
    await Promise.all(
      sampleCandidates(files).map(async (relative) => {
        // A sample that cannot be read only narrows detection; the file itself fails closed when extracted.
        const text = await input.read(side, `${prefix}${relative}`).catch(() => undefined);
        if (text !== undefined) samples.set(relative, text);
      }),
    );
  }
  const format = detectFormat(folder.format, files, samples);
  return format ? { folder, format } : { folder, note: unrecognisedFolderNote(folder.dir, files) };
}

/** The format of every configured folder. */
export function recogniseFolders(input: StageInput, folders: readonly MigrationsFolder[]): Promise<FolderFormat[]> {
  return Promise.all(folders.map((folder) => recognise(input, folder, folders)));
}

/** The migration a repository path is, or undefined when it is not a forward migration of a recognised folder. */
export function migrationAt(path: string, formats: readonly FolderFormat[]): MigrationPath | undefined {
  const owner = folderOf(
    path,
    formats.map((entry) => entry.folder),
  );
  if (!owner) return undefined;
  const format = formats.find((entry) => entry.folder === owner.folder)?.format;
  const name = format?.migrationName(owner.relativePath);
  return format && name !== undefined ? { path, name, folder: owner.folder, format } : undefined;
}

/** The folder format a changed path belongs to when that folder's format is not recognised. */
export function unrecognisedOwner(path: string, formats: readonly FolderFormat[]): FolderFormat | undefined {
  const owner = folderOf(
    path,
    formats.map((entry) => entry.folder),
  );
  const entry = owner && formats.find((candidate) => candidate.folder === owner.folder);
  return entry && !entry.format ? entry : undefined;
}
