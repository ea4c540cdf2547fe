import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The package's bin: the bundled CLI (scripts/build-cli.mjs), as users run it. */
export const cliPath = fileURLToPath(new URL('../../dist/bin/release-safety.js', import.meta.url));

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (npm test builds first) with colours off, as a user's script would. */
export function runCli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): CliRun {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: options.cwd ?? projectRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
