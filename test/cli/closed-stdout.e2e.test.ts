import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from '../helpers/cli.js';

/**
 * `release-safety upgrade-check … | head -1`: the reader takes what it wants and goes away. The
 * command still ends with its own exit code and no stack trace (as a shell sees it with pipefail).
 * A reader gone before anything reached it is an error instead: test/adversarial/io-stdout.test.ts.
 */
describe('stdout closed by the reader (| head)', () => {
  const realIndex = path.join(projectRoot, 'fixtures/lightdash-index.json');
  const piped = (command: string) =>
    spawnSync('bash', ['-o', 'pipefail', '-c', `${command} | head -1 >/dev/null; echo "status=\${PIPESTATUS[0]}" >&2`], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_INDEX_URL: '' },
    });

  it.each([
    ['a SAFE span keeps exit 0', `upgrade-check --from 1.121.0 --to 1.136.1 --index "${realIndex}"`, 0],
    ['an UNSAFE span keeps exit 1', `upgrade-check --from 1.110.0 --to 1.125.0 --index "${realIndex}"`, 1],
  ])('%s, without a stack trace', (_name, args, status) => {
    const run = piped(`"${process.execPath}" "${cliPath}" ${args}`);
    expect(run.stderr).not.toContain('EPIPE');
    expect(run.stderr).toContain(`status=${status}\n`);
  });

  it('a write that fails after the reader took a first line keeps the exit code', () => {
    // Two writes with the reader gone in between: the second meets EPIPE after the first was delivered.
    const guard = pathToFileURL(path.join(projectRoot, 'dist/cli/stdout-guard.js')).href;
    const script = `const { guardStdout } = await import(${JSON.stringify(guard)}); const g = guardStdout();
      process.stdout.write('first line\\n'); await new Promise((r) => setTimeout(r, 300));
      process.stdout.write('x'.repeat(1 << 20)); await new Promise((r) => setTimeout(r, 100)); process.exitCode = g.exitCode(1);`;
    const run = piped(`"${process.execPath}" --input-type=module -e '${script.replaceAll("'", "'\\''")}'`);
    expect(run.stderr).not.toContain('EPIPE');
    expect(run.stderr).toContain('status=1\n');
  });
});
