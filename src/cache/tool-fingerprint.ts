import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which build of this tool is running, as a short hash: its version, every file of its code (path,
 * size, modification time — a rebuilt checkout of the same version differs) and the versions of
 * its dependencies (an extractor's ORM or the SQL grammar may change what a file means). A derived
 * result cached by another build is never read (derived-cache.ts).
 *
 * `codeDir` is the folder of the code that runs ({@link defaultCodeDir}).
 */
export function toolFingerprint(codeDir: string = defaultCodeDir()): string {
  const hash = createHash('sha256');
  // The package root holds package.json and node_modules: above `dist/bin/` or above `dist/` / `src/`.
  const packageRoot = isBundleFolder(codeDir) ? path.dirname(path.dirname(codeDir)) : path.dirname(codeDir);
  const manifest = readManifest(packageRoot);
  hash.update(`version ${manifest?.version ?? 'unknown'}\n`);
  for (const file of codeFiles(codeDir)) {
    const stat = statSync(file);
    hash.update(`${path.relative(codeDir, file)} ${stat.size} ${stat.mtimeMs}\n`);
  }
  for (const name of Object.keys(manifest?.dependencies ?? {}).sort()) hash.update(`dependency ${name} ${dependencyVersion(packageRoot, name)}\n`);
  return hash.digest('hex').slice(0, 24);
}

/**
 * The code that runs: the bundle's folder when this module sits in the bundled CLI (`dist/bin/`,
 * scripts/build-cli.mjs: every chunk the CLI and its workers run is there, ~130 files), else the
 * folder above this module (`dist/` of the tsc output, `src/` under the tests). Statting all of
 * `dist/` (~900 files, the tsc output the bundle does not run) cost ~25–30 ms of every run that
 * touched the cache.
 */
function defaultCodeDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return isBundleFolder(here) ? here : path.dirname(here);
}

function isBundleFolder(dir: string): boolean {
  return path.basename(dir) === 'bin' && path.basename(path.dirname(dir)) === 'dist';
}

interface Manifest {
  version?: string;
  dependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function codeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:[cm]?js|ts|json|wasm)$/.test(entry.name) || entry.name.endsWith('.map')) continue;
    files.push(path.join(entry.parentPath, entry.name));
  }
  return files.sort();
}

/** The installed version of a dependency, looked up as Node would (node_modules folders upwards). */
function dependencyVersion(packageRoot: string, name: string): string {
  for (let dir = packageRoot; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return readManifest(path.dirname(manifest))?.version ?? 'unreadable';
    if (path.dirname(dir) === dir) return 'missing';
  }
}
