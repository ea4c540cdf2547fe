import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationsStage } from '../../../src/stages/declarations/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Issue 11.7 through real git blobs: a declaration in a file that is not UTF-8 text, or with line
 * endings other than LF/CRLF, is read or makes declarations `unknown`, never silently clean.
 */
const REASON = 'queue payloads use the v2 schema, old workers cannot read them';
const LINE = `// @release-safety breaking: ${REASON}`;

let repo: TestRepo;
beforeAll(() => {
  repo = createRepo();
  repo.commit({ 'README.md': 'service\n' }, { tag: '1.0.0' });
});
afterAll(async () => {
  await closeGitStageInputs();
  repo.cleanup();
});

/** A release on top of 1.0.0 adding one file with these exact bytes. */
function releaseWithBytes(tag: string, path: string, bytes: Buffer) {
  repo.git('checkout', '-q', '--detach', '1.0.0');
  writeFileSync(join(repo.dir, path), bytes);
  repo.commit({}, { tag });
}

async function declarations(tag: string) {
  return declarationsStage.run(await gitStageInput(repo.dir, '1.0.0', tag, {}));
}

describe('declarations in files of other encodings', () => {
  it('UTF-16LE with a BOM: unknown, with the file named', async () => {
    releaseWithBytes('1.1.0', 'queue.ts', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`export {};\r\n${LINE}\r\n`, 'utf16le')]));
    const result = await declarations('1.1.0');
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes.join('\n')).toContain('queue.ts: mentions @release-safety but is not UTF-8 text');
  });

  it('UTF-16BE without a BOM: unknown', async () => {
    const little = Buffer.from(`${LINE}\n`, 'utf16le');
    releaseWithBytes('1.2.0', 'queue.ts', Buffer.from(little.swap16()));
    expect((await declarations('1.2.0')).verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('CR-only line endings: the declaration is read on its own line', async () => {
    releaseWithBytes('1.3.0', 'queue.ts', Buffer.from(`export {};\r${LINE}\rexport const v = 2;\r`));
    const result = await declarations('1.3.0');
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section).toEqual([{ file: 'queue.ts', line: 2, reason: REASON, requiredStop: false }]);
  });

  it('Latin-1 bytes around an ASCII declaration: read', async () => {
    releaseWithBytes('1.4.0', 'queue.ts', Buffer.concat([Buffer.from('// caf\xe9\n', 'latin1'), Buffer.from(`${LINE}\n`)]));
    expect((await declarations('1.4.0')).section).toHaveLength(1);
  });

  it('a UTF-16 file that does not mention the marker declares nothing', async () => {
    releaseWithBytes('1.5.0', 'notes.txt', Buffer.from('plain notes\n', 'utf16le'));
    expect((await declarations('1.5.0')).verdict).toEqual({ checked: true, breaking: false });
  });
});
