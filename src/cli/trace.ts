import type { Command } from 'commander';

/**
 * `release-safety trace`: runs the migrations a release adds in an embedded PostgreSQL (PGlite) on
 * the schema of the previous release with seeded rows, and compares what PostgreSQL did with the
 * static classification. PGlite loads only here (and with `generate --trace`).
 */
interface TraceCommandOptions {
  repo: string;
  from: string;
  to: string;
  config?: string;
  seedRows: string;
  cache: boolean;
  json?: boolean;
  statementTimeout?: string;
  deadline?: string;
}

export function registerTrace(program: Command): void {
  program
    .command('trace')
    .description(
      'Run the migrations a release adds in an embedded PostgreSQL (PGlite, no server) and compare the observed locks, rewrites and scans with the static classification',
    )
    .option('--repo <dir>', 'git repository of the service', '.')
    .requiredOption('--from <ref>', 'previous release: its migrations build the schema the new ones run on')
    .requiredOption('--to <ref>', 'release whose added migrations are run')
    .option('--config <file>', 'config file to use instead of release-safety.config.json at the --to ref')
    .option('--seed-rows <n>', 'rows seeded into each table the added migrations touch', '1000')
    .option(
      '--statement-timeout <seconds>',
      'longest one statement may run in PGlite; past it the trace could not run and the static result stands (default 30)',
    )
    .option('--deadline <seconds>', 'longest the whole trace may run; past it the trace could not run and the static result stands (default 600)')
    .option('--no-cache', "rebuild the previous release's schema instead of loading it from the cache folder")
    .option('--json', 'print the trace report as JSON')
    .addHelpText(
      'after',
      `
Examples:
  release-safety trace --from v1.2.0 --to v1.3.0
  release-safety trace --from v1.2.0 --to HEAD --seed-rows 5000 --json

Exit codes: 0 the trace agrees with the static classification (or could not run: then it says why),
1 PostgreSQL did something heavier than classified, 2 bad input.`,
    )
    .action(async (options: TraceCommandOptions) => {
      // PGlite is an optional peer of the package: without it, say how to install it before anything runs.
      await (await import('../trace/database.js')).loadPglite();
      const { runTraceCommand } = await import('../trace/command.js');
      const outcome = await runTraceCommand({ ...options, seedRows: options.seedRows, cache: options.cache });
      process.stdout.write(options.json ? `${JSON.stringify(outcome.report, null, 2)}\n` : outcome.text);
      if (outcome.heavier) process.exitCode = 1;
    });
}
