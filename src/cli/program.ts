import { Command, CommanderError } from 'commander';
import { describeError } from '../core/errors.js';
import { registerCommands } from './commands.js';
import { packageVersion } from './package-info.js';

/**
 * Runs one command line and returns its exit code. The CLI bin and the GitHub Action both call this.
 *
 * Exit codes: 0 success / proven safe; 1 evaluated and found unsafe or breaking;
 * 2 bad input or anything that could not be evaluated. Every non-zero exit prints a one-line reason on stderr.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command()
    .name('release-safety')
    .description('Is upgrading a self-hosted service from X to Y safe to roll, and where must it stop?')
    .version(packageVersion())
    // Program options only before the command name: `generate --version <v>` is the release's version.
    .enablePositionalOptions()
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerCommands(program, argv);
  process.exitCode = undefined;
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage mistakes were already printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    const exitCode = (error as { exitCode?: unknown }).exitCode;
    process.stderr.write(`release-safety: ${describeError(error)}\n`);
    if (process.env.RELEASE_SAFETY_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return typeof exitCode === 'number' && exitCode !== 0 ? exitCode : 2;
  }
}
