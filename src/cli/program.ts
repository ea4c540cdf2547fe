import { describeError } from '../core/errors.js';
import { packageVersion } from '../core/package-info.js';
import { simpleUpgradeCheckOptions } from './upgrade-check-args.js';
import { runUpgradeCheckCommand } from './upgrade-check.js';
import { oneLine } from '../core/one-line.js';

/**
 * Runs one command line and returns its exit code. The CLI bin and the GitHub Action both call this.
 *
 * Exit codes: 0 success / proven safe; 1 evaluated and found unsafe or breaking;
 * 2 bad input or anything that could not be evaluated. Every non-zero exit prints a one-line reason on stderr.
 *
 * A plain `upgrade-check` command line runs without loading commander (./upgrade-check-args.ts says
 * why), and so does `--version` alone; every other command line, help and mistakes included, goes
 * through commander (./command-line.ts; in the bundled CLI, ./bundled-command-line.ts).
 */
export async function main(argv: readonly string[]): Promise<number> {
  process.exitCode = undefined;
  try {
    if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
      // What commander prints for it, without loading the command line (issue 21, target 5).
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    const upgradeCheck = simpleUpgradeCheckOptions(argv);
    if (upgradeCheck) {
      await runUpgradeCheckCommand(upgradeCheck);
    } else {
      const { runCommandLine } = await import('./command-line.js');
      const ended = await runCommandLine(argv);
      if (ended !== undefined) return ended;
    }
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    const exitCode = (error as { exitCode?: unknown }).exitCode;
    process.stderr.write(`release-safety: ${oneLine(describeError(error))}\n`);
    if (process.env.RELEASE_SAFETY_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return typeof exitCode === 'number' && exitCode !== 0 ? exitCode : 2;
  }
}
