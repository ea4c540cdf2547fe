#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { describeError } from '../core/errors.js';
import { registerCommands } from './commands.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

/**
 * Exit codes (README): 0 success / proven safe; 1 evaluated and found unsafe or breaking;
 * 2 bad input or anything that could not be evaluated. Every non-zero exit prints a one-line reason on stderr.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command()
    .name('release-safety')
    .description('Is upgrading a self-hosted service from X to Y safe to roll, and where must it stop?')
    .version(version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerCommands(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    const code = typeof (error as { exitCode?: unknown }).exitCode === 'number' ? (error as { exitCode: number }).exitCode : 2;
    process.stderr.write(`release-safety: ${describeError(error)}\n`);
    if (process.env.RELEASE_SAFETY_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return code;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`release-safety: internal error: ${describeError(error)}\n`);
    process.exitCode = 2;
  },
);
