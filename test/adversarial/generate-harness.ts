import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../../src/core/errors.js';
import { generateRelease, type GenerateRequest } from '../../src/generate/generate.js';
import { openRepository, type Repository } from '../../src/git/repository.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { SERVICE } from '../generate/release-service.js';

/**
 * Hostile `generate` cases, run in process on one real repository (the real stages, real git): a
 * case is a release branched from 1.0.0 of a fully configured service whose quiet release is `true`.
 * What a case may answer: `refused` (an input error: the CLI's exit 2 with one line) or a verdict,
 * which must never be `true` when the release hides a break.
 */
export interface HostileRepo {
  repo: TestRepo;
  /** A release on top of 1.0.0 (files as text or bytes; `null` deletes); returns its tag. */
  release(files: Record<string, string | Buffer | null>): string;
  /** The verdict, or `refused: <message>` for an input error. Any other throw fails the test. */
  verdictOf(to: string, request?: Partial<GenerateRequest>): Promise<boolean | 'unknown' | `refused: ${string}`>;
  close(): Promise<void>;
}

export async function hostileRepo(major: number): Promise<HostileRepo> {
  const repo = createRepo();
  repo.commit(SERVICE, { tag: '1.0.0' });
  let minor = 0;
  let opened: Repository | undefined;
  return {
    repo,
    release(files) {
      const tag = `${major}.${++minor}.0`;
      repo.git('checkout', '-q', '--detach', '1.0.0');
      const text: Record<string, string | null> = {};
      const bytes: Record<string, Buffer> = {};
      for (const [path, content] of Object.entries(files)) {
        if (Buffer.isBuffer(content)) bytes[path] = content;
        else text[path] = content;
      }
      repo.write(text);
      for (const [path, content] of Object.entries(bytes)) {
        mkdirSync(dirname(join(repo.dir, path)), { recursive: true });
        writeFileSync(join(repo.dir, path), content);
      }
      repo.commit({}, { tag });
      return tag;
    },
    async verdictOf(to, request = {}) {
      // Opened after the releases were made: the repository caches listings by tree, not refs, but a fresh one is simplest.
      opened ??= await openRepository(repo.dir);
      try {
        const outcome = await generateRelease(opened, { from: '1.0.0', to, ...request });
        return outcome.artifact.compatibility.rollingUpdateSafe;
      } catch (error) {
        if (error instanceof InputError) return `refused: ${error.message}`;
        throw error;
      }
    },
    async close() {
      await opened?.close();
      repo.cleanup();
    },
  };
}
