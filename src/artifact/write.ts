import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ReleaseSafetyArtifact } from './types.js';
import { neutraliseMarkersInJson } from '../core/own-outputs.js';

/**
 * Atomic writes: the text goes to a temporary file in the same folder, then a rename replaces the
 * target in one step, so a reader (or a crash) never sees a half-written artifact.
 */
export function writeFileAtomic(path: string, text: string): void {
  writeFilesAtomic([{ path, text }]);
}

/** How one target is written, decided from what is at its path now. */
type WritePlan =
  /** Nothing there or a regular file: temporary file + rename. `path` is the symlink's final target when one was followed. */
  | { kind: 'replace'; path: string; text: string }
  /** A device or FIFO: opened and written in place (a rename would swap the device for a plain file). */
  | { kind: 'direct'; path: string; text: string; isFifo: boolean };

/** Longest chain of symbolic links followed (Linux stops at 40 too). */
const MAX_LINK_HOPS = 40;

/**
 * Several files that belong together (an artifact and its report): every temporary file is written
 * before any target is replaced, so a folder that cannot be created, a full disk or a target that is
 * a folder leaves none of them written. Only a failing rename (rare: the folder vanished) can still
 * leave the earlier targets replaced.
 *
 * What is at a target's path decides how it is written: a regular file (or nothing) is replaced
 * atomically; a symbolic link is followed and its final target written atomically, so the link stays;
 * a device or FIFO is written directly (after every temporary file is staged, before any rename, so a
 * failing device write such as `/dev/full` still leaves the files unreplaced; text already written to
 * an earlier device cannot be taken back); a folder or socket is refused.
 */
export function writeFilesAtomic(files: readonly { path: string; text: string }[]): void {
  const plans = files.map(({ path, text }) => planWrite(path, text));
  const staged: { temporary: string; path: string }[] = [];
  try {
    for (const plan of plans) {
      if (plan.kind !== 'replace') continue;
      const folder = dirname(plan.path);
      mkdirSync(folder, { recursive: true });
      const temporary = join(folder, `.${basename(plan.path)}.${process.pid}.${Date.now()}.${staged.length}.tmp`);
      writeFileSync(temporary, plan.text, { flag: 'wx' });
      staged.push({ temporary, path: plan.path });
    }
    for (const plan of plans) if (plan.kind === 'direct') writeInPlace(plan.path, plan.text, plan.isFifo);
    for (const { temporary, path } of staged) renameSync(temporary, path);
  } catch (error) {
    for (const { temporary } of staged) rmSync(temporary, { force: true });
    throw error;
  }
}

function planWrite(requested: string, text: string): WritePlan {
  let path = resolve(requested);
  const workTree = workTreeOf(dirname(path));
  for (let hop = 0; ; hop++) {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (workTree !== undefined) confine(requested, path, workTree);
    if (!stats || stats.isFile()) return { kind: 'replace', path, text };
    if (stats.isSymbolicLink()) {
      if (hop >= MAX_LINK_HOPS) throw new Error(`cannot write ${requested}: too many levels of symbolic links`);
      path = resolve(dirname(path), readlinkSync(path));
      continue;
    }
    if (stats.isDirectory()) throw new Error(`cannot write ${requested}: it is a folder`);
    if (stats.isCharacterDevice() || stats.isBlockDevice() || stats.isFIFO()) return { kind: 'direct', path, text, isFifo: stats.isFIFO() };
    throw new Error(`cannot write ${requested}: it is neither a file, a device nor a FIFO`);
  }
}

/**
 * The git work tree a folder is in (the nearest folder above it, itself included, holding `.git`),
 * lexically: where the repository's own tree decides what is a file and what is a link.
 */
function workTreeOf(folder: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    if (existsSync(join(current, '.git'))) return current;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * A link the repository controls is never followed out of its work tree (issue 28: a pull request
 * that commits `release-safety-report.md` or `release-safety.json` as a symbolic link got the output
 * written to a file outside the workspace). Where the write would land (the real folder of `path`,
 * with every folder link on the way resolved) must be inside the real work tree; a path outside any
 * work tree is the user's own and is followed as before.
 */
function confine(requested: string, path: string, workTree: string): void {
  const landing = realFolder(dirname(path));
  const root = realpathSync(workTree);
  const inside = relative(root, landing);
  if (inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside)) return;
  throw new Error(
    `cannot write ${requested}: it is (or goes through) a symbolic link to ${join(landing, basename(path))}, outside the repository work tree ${root}; a link in the repository is not followed out of it — remove the link, or name a path outside the work tree`,
  );
}

/** The real path of a folder that may not exist yet: its nearest existing ancestor resolved, the rest appended. */
function realFolder(folder: string): string {
  const missing: string[] = [];
  for (let current = folder; ; current = dirname(current)) {
    if (existsSync(current)) return join(realpathSync(current), ...missing.reverse());
    if (dirname(current) === current) return folder;
    missing.push(basename(current));
  }
}

/**
 * Writes into an existing device or FIFO without creating or replacing anything. A FIFO is first
 * opened non-blocking: with no reader that fails at once (ENXIO) instead of waiting forever.
 */
function writeInPlace(path: string, text: string, isFifo: boolean): void {
  if (isFifo) {
    let probe: number;
    try {
      probe = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw new Error(`cannot write ${path}: it is a FIFO with no reader`);
      throw error;
    }
    // A reader is there: a blocking open returns at once, and blocking writes need no EAGAIN loop.
    try {
      writeToDescriptor(openSync(path, constants.O_WRONLY), text);
    } finally {
      closeSync(probe);
    }
    return;
  }
  writeToDescriptor(openSync(path, constants.O_WRONLY), text);
}

function writeToDescriptor(descriptor: number, text: string): void {
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let offset = 0; offset < bytes.length;) offset += writeSync(descriptor, bytes, offset);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The artifact as written: 2-space JSON and a final newline (byte-identical for identical input); an
 * `@` before `release-safety` (a quoted declaration) is written `\u0040`, the same string once
 * parsed, so a committed artifact never reads as a declaration (core/own-outputs.ts).
 */
export function serializeArtifact(artifact: ReleaseSafetyArtifact): string {
  // U+2028/2029 are the only line breaks JSON.stringify leaves raw: escaped, the same string once parsed.
  return `${neutraliseMarkersInJson(JSON.stringify(artifact, null, 2)).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`)}\n`;
}
