import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands.js';
import { packageVersion } from '../core/package-info.js';

/**
 * Parses a command line with commander and runs the command it names. Returns the exit code when
 * commander ends the run itself (0 after --help and --version, 2 after a usage mistake it has
 * printed); undefined when the command ran (its exit code is `process.exitCode`). Errors of the
 * command itself propagate to ./program.ts.
 */
export async function runCommandLine(argv: readonly string[]): Promise<number | undefined> {
  const program = new Command()
    .name('release-safety')
    .description('Is upgrading a self-hosted service from X to Y safe to roll, and where must it stop?')
    .version(packageVersion())
    // Program options only before the command name: `generate --version <v>` is the release's version.
    .enablePositionalOptions()
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerCommands(program, argv);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
}
