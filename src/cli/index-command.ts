import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { parseVersion } from '../core/version.js';

interface IndexCommandOptions {
  artifacts?: string;
  repo?: string;
  index?: string;
  floor?: string;
  config?: string;
  out: string;
  skipInvalid?: boolean;
  json?: boolean;
}

/**
 * `release-safety index`: regenerates release-safety-index.json from per-release artifacts
 * (+ backfilled entries for release tags without one, + the entries of an existing index).
 * Report on stderr; `--json` prints it as data on stdout. Exit 1 when the written index has
 * structural errors (see `validate`), 2 on bad input (nothing written).
 */
export function registerIndexCommand(program: Command): void {
  program
    .command('index')
    .description('Regenerate release-safety-index.json from per-release artifacts (and backfill release tags without one)')
    .option('--artifacts <dir>', 'folder of per-release artifacts (*.json); each is validated')
    .option('--repo <dir>', 'git repository: release tags between the floor and the newest entry without an artifact get a backfilled entry')
    .option('--index <file>', 'existing index: its entries are kept unless an artifact replaces them; its floor is the default floor')
    .option(
      '--floor <version>',
      'oldest release of the index (default: floorVersion of --config, else the existing index floor, else the oldest artifact or tag)',
    )
    .option('--config <file>', 'release-safety.config.json whose floorVersion is the floor when --floor is not given')
    .requiredOption('--out <file>', 'where to write the index (atomically)')
    .option('--skip-invalid', 'skip invalid artifact files (reported) instead of failing')
    .option('--json', 'print the report as JSON on stdout')
    .action(async (options: IndexCommandOptions) => {
      if (options.floor !== undefined && !parseVersion(options.floor)) {
        throw new UsageError(`--floor "${options.floor}" is not a release version (expected X.Y.Z)`);
      }
      if (!options.artifacts && !options.index && !options.repo) {
        throw new UsageError('nothing to index: give --artifacts, --index or --repo');
      }
      const { runIndex } = await import('../index/run-index.js');
      const { renderIndexReport } = await import('../index/report.js');
      const outcome = await runIndex({
        artifactsDir: options.artifacts,
        repoDir: options.repo,
        existingIndexFile: options.index,
        floor: options.floor,
        configFile: options.config,
        outFile: options.out,
        skipInvalid: options.skipInvalid,
      });
      const errors = outcome.report.problems.filter((problem) => problem.level === 'error');
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify({ out: options.out, entryCount: outcome.index.entries.length, report: outcome.report, tagNotes: outcome.tagNotes }, null, 2)}\n`,
        );
      } else {
        const lines = [...outcome.tagNotes.map((note) => `note: ${note}`), ...renderIndexReport(outcome.report, outcome.index.entries.length)];
        process.stderr.write(`wrote ${options.out}\n${lines.join('\n')}\n`);
      }
      if (errors.length > 0) process.exitCode = 1;
    });
}
