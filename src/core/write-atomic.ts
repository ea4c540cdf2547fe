import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes `file` whole or not at all: a temporary file beside it (named by process and a random
 * part, so concurrent writers never share one), then a rename over the old copy. Readers see the
 * old content or the new, never half of it; on failure the temporary file is removed and the error
 * rethrown. The folder must exist.
 */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
