import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes `file` whole or not at all: a temporary file beside it (named by process and a random
 * part, so concurrent writers never share one), then a rename over the old copy. Readers see the
 * old content or the new, never half of it; on failure the temporary file is removed and the error
 * rethrown. The folder must exist. The random part needs no secrecy: `Math.random`, not node:crypto
 * (a few ms to load, in a run that may need nothing else from it).
 */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(16).slice(2, 10)}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
