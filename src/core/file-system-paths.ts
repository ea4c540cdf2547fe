import { readFile } from 'node:fs/promises';
import { parse as parsePath, relative, resolve, sep } from 'node:path';

/**
 * The engines address files as repository paths (posix, relative) and refuse to leave the
 * repository root (`../` at the top, absolute paths), because in `generate` they read a git tree.
 * Off git, the "repository" is the whole file system: a file is addressed by its absolute path
 * without the leading root, so that the engine's relative references (`$ref: ../common.yaml`,
 * `import … from '../entities/tables'`) resolve anywhere on disk, relative to the referring file.
 */

const fileSystemRoot = (): string => parsePath(process.cwd()).root;

export function fileSystemPath(file: string): string {
  const absolute = resolve(file);
  return relative(parsePath(absolute).root, absolute).split(sep).join('/');
}

/** Reads a file by its {@link fileSystemPath}; `undefined` when it does not exist or cannot be read. */
export async function readFileSystemPath(path: string): Promise<string | undefined> {
  try {
    return await readFile(resolve(fileSystemRoot(), path), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Engine messages name files by their file-system path; users named them relative to the working
 * directory. The inputs are shown as the user typed them, other files under the working directory
 * relative to it.
 */
export function userPathsIn(message: string, inputs: readonly string[] = []): string {
  let shown = message;
  for (const input of inputs) shown = shown.split(fileSystemPath(input)).join(input);
  const cwd = fileSystemPath(process.cwd());
  return cwd === '' ? shown : shown.split(`${cwd}/`).join('');
}
