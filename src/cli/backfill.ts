import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { parseVersion } from '../core/version.js';

interface BackfillCommandOptions {
  repo: string;
  from: string;
  to: string;
  outDir: string;
  config?: string;
  jobs?: string;
  force?: boolean;
  json?: boolean;
  /** `--no-cache`: false. */
  cache: boolean;
}

/**
 * `release-safety backfill`: artifacts for past releases, one per consecutive pair of release tags.
 * Progress and warnings on stderr; the summary on stdout (`--json`: as data). Exit 0 when every
 * pair has an artifact (failed pairs are fail-closed artifacts plus a warning), 2 on bad input.
 */
export function registerBackfillCommand(program: Command): void {
  program
    .command('backfill')
    .description('Generate artifacts retroactively for every consecutive pair of release tags in a range')
    .option('--repo <dir>', 'git repository of the service', '.')
    .requiredOption('--from <tag>', 'oldest release tag of the range (the base of the first pair), X.Y.Z or vX.Y.Z')
    .requiredOption('--to <tag>', 'newest release tag of the range, X.Y.Z or vX.Y.Z')
    .requiredOption('--out-dir <dir>', 'folder for <version>.json artifacts and their <version>.backfill.md reports')
    .option('--config <file>', 'config file for every pair (default: release-safety.config.json at each release tag)')
    .option('--jobs <n>', 'pairs generated in parallel, one worker thread each (default: 1 below 4 cores, else half the cores, at most 4)')
    .option('--force', 'regenerate artifacts that already exist (default: skip them, so an interrupted run resumes)')
    .option('--json', 'print the summary as JSON on stdout')
    .option('--no-cache', 'do not read or write the disk cache of results derived from unchanged files (released migrations)')
    .action(async (options: BackfillCommandOptions) => {
      for (const flag of ['from', 'to'] as const) {
        if (!parseVersion(options[flag])) throw new UsageError(`--${flag} "${options[flag]}" is not a release version (expected X.Y.Z or vX.Y.Z)`);
      }
      let jobs: number | undefined;
      if (options.jobs !== undefined) {
        jobs = Number(options.jobs);
        if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new UsageError(`--jobs "${options.jobs}" is not a whole number from 1 to 256`);
      }
      const { runBackfill } = await import('../index/backfill.js');
      const { createProgress, formatSeconds } = await import('../index/progress.js');
      const summary = await runBackfill({
        repoDir: options.repo,
        from: options.from,
        to: options.to,
        outDir: options.outDir,
        configFile: options.config,
        jobs,
        force: options.force,
        noCache: !options.cache,
        progress: createProgress(process.stderr),
      });
      if (options.json) {
        process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        return;
      }
      const failed = summary.results.filter((result) => result.status === 'failed');
      const count = (value: unknown) => summary.results.filter((result) => result.rollingUpdateSafe === value).length;
      const generatedMs = summary.results.reduce((sum, result) => sum + result.ms, 0);
      const perRelease = summary.results.length > 0 ? ` (${Math.round(generatedMs / summary.results.length)} ms per release in a job)` : '';
      process.stdout.write(
        [
          `backfill ${options.from} → ${options.to}: ${summary.pairs} release(s); ${summary.results.length} generated, ${summary.skipped.length} already present`,
          `rollingUpdateSafe: true ${count(true)}, false ${count(false)}, unknown ${count('unknown')}; failed closed: ${failed.length}${failed.length > 0 ? ` (${failed.map((result) => result.version).join(', ')})` : ''}`,
          `time: ${formatSeconds(summary.totalMs)} with ${summary.jobs} job(s)${perRelease}`,
          `artifacts in ${options.outDir}; next: release-safety index --artifacts ${options.outDir} --repo ${options.repo} --out release-safety-index.json`,
        ].join('\n') + '\n',
      );
    });
}
