import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ReleaseSafetyArtifact } from './types.js';

/**
 * Atomic writes: the text goes to a temporary file in the same folder, then a rename replaces the
 * target in one step, so a reader (or a crash) never sees a half-written artifact.
 */
export function writeFileAtomic(path: string, text: string): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const temporary = join(folder, `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The artifact as written: 2-space JSON and a final newline (byte-identical for identical input). */
export function serializeArtifact(artifact: ReleaseSafetyArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

export function writeArtifact(path: string, artifact: ReleaseSafetyArtifact): void {
  writeFileAtomic(path, serializeArtifact(artifact));
}
