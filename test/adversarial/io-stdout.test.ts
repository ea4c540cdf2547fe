import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from '../helpers/cli.js';

/**
 * A stdout that cannot take the output (a full disk, a reader that is gone before anything reached
 * it) is an error of the run: exit 2 and one line on stderr, never a stack trace and never exit 1,
 * which would read as "unsafe". A reader that took part of the output and left (`| head`) is not.
 */
const realIndex = path.join(projectRoot, 'fixtures/lightdash-index.json');
const safeSpan = `upgrade-check --from 1.121.0 --to 1.136.1 --index "${realIndex}"`;
const unsafeSpan = `upgrade-check --from 1.110.0 --to 1.125.0 --index "${realIndex}"`;

function shell(script: string) {
  return spawnSync('bash', ['-o', 'pipefail', '-c', script], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_INDEX_URL: '' } });
}
const cli = (args: string) => `"${process.execPath}" "${cliPath}" ${args}`;

describe('stdout that cannot be written', () => {
  it.each([
    ['a safe span', safeSpan],
    ['an unsafe span', unsafeSpan],
    ['rules', 'rules'],
    ['--help', '--help'],
  ])('%s into /dev/full: exit 2, one line, no stack trace', (_name, args) => {
    const run = shell(`${cli(args)} > /dev/full`);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cannot write the output to stdout');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // The unsafe span also prints its own summary line first; the write failure is the last line.
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^release-safety: cannot write the output to stdout: .*ENOSPC/);
  });

  it.each([
    ['a safe span', safeSpan],
    ['an unsafe span', unsafeSpan],
  ])('%s to a reader that closed before reading anything: exit 2, one line', (_name, args) => {
    // `true` exits long before node has started, so the first write meets a closed pipe.
    const run = shell(`${cli(args)} | true; echo "status=\${PIPESTATUS[0]}" >&2`);
    expect(run.stderr).toContain('status=2\n');
    expect(run.stderr).toMatch(/cannot write the output to stdout: .*EPIPE/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
