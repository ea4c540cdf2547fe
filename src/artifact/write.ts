import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ReleaseSafetyArtifact } from './types.js';

/**
 * Atomic writes: the text goes to a temporary file in the same folder, then a rename replaces the
 * target in one step, so a reader (or a crash) never sees a half-written artifact.
 */
export function writeFileAtomic(path: string, text: string): void {
  writeFilesAtomic([{ path, text }]);
}

/**
 * Several files that belong together (an artifact and its report): every temporary file is written
 * before any target is replaced, so a folder that cannot be created, a full disk or a target that is
 * a folder leaves none of them written. Only a failing rename (rare: the folder vanished) can still
 * leave the earlier targets replaced.
 */
export function writeFilesAtomic(files: readonly { path: string; text: string }[]): void {
  const staged: { temporary: string; path: string }[] = [];
  try {
    for (const { path, text } of files) {
      const folder = dirname(path);
      mkdirSync(folder, { recursive: true });
      if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`cannot write ${path}: it is a folder`);
      const temporary = join(folder, `.${basename(path)}.${process.pid}.${Date.now()}.${staged.length}.tmp`);
      writeFileSync(temporary, text, { flag: 'wx' });
      staged.push({ temporary, path });
    }
    for (const { temporary, path } of staged) renameSync(temporary, path);
  } catch (error) {
    for (const { temporary } of staged) rmSync(temporary, { force: true });
    throw error;
  }
}

/** The artifact as written: 2-space JSON and a final newline (byte-identical for identical input). */
export function serializeArtifact(artifact: ReleaseSafetyArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}
