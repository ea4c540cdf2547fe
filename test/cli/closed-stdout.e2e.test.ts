import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from '../helpers/cli.js';

/**
 * `release-safety upgrade-check … | head -3`: the reader goes away before the output is written.
 * The command still ends with its own exit code and no stack trace (as a shell sees it with pipefail).
 */
describe('stdout closed by the reader (| head)', () => {
  const realIndex = path.join(projectRoot, 'fixtures/lightdash-index.json');
  // `exec 1>&-`-like: the shell closes the pipe's read end at once (`: |` reads nothing), so every write fails with EPIPE.
  const piped = (args: string) =>
    spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${cliPath}" ${args} | true; echo "status=\${PIPESTATUS[0]}" >&2`], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_INDEX_URL: '' },
    });

  it.each([
    ['a SAFE span keeps exit 0', `upgrade-check --from 1.121.0 --to 1.136.1 --index "${realIndex}"`, 0],
    ['an UNSAFE span keeps exit 1', `upgrade-check --from 1.110.0 --to 1.125.0 --index "${realIndex}"`, 1],
  ])('%s, without a stack trace', (_name, args, status) => {
    const run = piped(args);
    expect(run.stderr).not.toContain('EPIPE');
    expect(run.stderr).toContain(`status=${status}\n`);
  });
});
