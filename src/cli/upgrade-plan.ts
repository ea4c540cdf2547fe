import { type Command, Option } from 'commander';
import { InputError, UsageError } from '../core/errors.js';
import { parseVersion } from '../core/version.js';
import { oneLine } from '../core/one-line.js';

/**
 * `release-safety upgrade-plan`: the operator's checklist for one span, for their own deployment.
 * The span verdict is `upgrade-check`'s (same code); the details come from the releases' artifacts.
 * Exit 0 only when the span is proven rolling-safe and every artifact was read; 1 otherwise; 2 when
 * the span cannot be evaluated or an input cannot be read.
 */
interface UpgradePlanOptions {
  from: string;
  to: string;
  index?: string;
  artifacts?: string;
  envFile: string[];
  uses?: string;
  format: 'text' | 'markdown' | 'json';
  offline?: boolean;
  timeout: string;
}

export function registerUpgradePlan(program: Command): void {
  program
    .command('upgrade-plan')
    .description("The operator's upgrade checklist: path and strategy per hop, heavy migrations, config edits for your env, API changes you use")
    .requiredOption('--from <version>', 'the version running now (X.Y.Z)')
    .requiredOption('--to <version>', 'the version to upgrade to (X.Y.Z)')
    .option('--index <file-or-URL>', 'the release-safety index (default: as upgrade-check)')
    .option('--artifacts <dir-or-URL-template>', 'per-release artifacts: a folder of <version>.json, or a URL with {version}')
    .option(
      '--env-file <file>',
      '.env file (KEY=VALUE lines) of the deployment; repeatable',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .option('--uses <file>', 'what your clients call: one "METHOD /path" or MCP tool name per line, or an OpenAPI document')
    .addOption(new Option('--format <format>', 'output').choices(['text', 'markdown', 'json']).default('text'))
    .option('--offline', 'use cached copies of URLs only')
    .option('--timeout <ms>', 'give up fetching a URL after this many milliseconds', '15000')
    .addHelpText(
      'after',
      '\nExamples:\n  release-safety upgrade-plan --from 1.100.0 --to 1.136.1 --index release-safety-index.json --artifacts release-safety/\n' +
        '  release-safety upgrade-plan --from 1.2.0 --to 1.5.0 --artifacts "https://github.com/acme/svc/releases/download/v{version}/release-safety.json" --env-file prod.env --uses client-calls.txt --format markdown\n',
    )
    .action(async (options: UpgradePlanOptions) => {
      const from = releaseVersion(options.from, '--from');
      const to = releaseVersion(options.to, '--to');
      const timeoutMs = Number(options.timeout);
      if (!/^\d+$/.test(options.timeout) || timeoutMs < 1) throw new UsageError(`--timeout "${options.timeout}" is not a positive number of milliseconds`);
      const [{ resolveIndexSource }, { loadIndex }, { evaluateSpan }, { loadArtifacts }, { buildPlan }, { renderPlan }, { readEnvFiles, readUses }] =
        await Promise.all([
          import('../span/index-source.js'),
          import('../span/load-index.js'),
          import('../span/evaluate.js'),
          import('../plan/load-artifacts.js'),
          import('../plan/build-plan.js'),
          import('../plan/render.js'),
          import('../plan/inputs.js'),
        ]);
      const env = options.envFile.length > 0 ? readEnvFiles(options.envFile) : undefined;
      const uses = options.uses === undefined ? undefined : await readUses(options.uses);
      const source = resolveIndexSource({ index: options.index, env: process.env, cwd: process.cwd() });
      const loaded = await loadIndex(source, { offline: options.offline, timeoutMs });
      for (const warning of loaded.warnings) process.stderr.write(`release-safety: warning: ${oneLine(warning)}\n`);
      const evaluation = evaluateSpan(loaded.index, from, to);
      if (!evaluation.evaluable) throw new InputError(`cannot evaluate ${from} → ${to}: ${evaluation.problem}`);
      const span = evaluation.verdict;
      const artifacts =
        options.artifacts === undefined
          ? new Map(span.coveredVersions.map((version) => [version, { missing: 'no --artifacts given' }]))
          : await loadArtifacts(span.coveredVersions, options.artifacts, { timeoutMs, offline: options.offline });
      const plan = buildPlan({ span, entries: loaded.index.entries, artifacts, env, uses });
      process.stdout.write(options.format === 'json' ? `${JSON.stringify(plan, null, 2)}\n` : renderPlan(plan, options.format));
      if (!plan.safe) {
        const why = !span.safe ? `the span ${from} → ${to} is not proven rolling-safe` : 'the plan is incomplete (artifacts missing)';
        process.stderr.write(`release-safety: ${oneLine(why)}\n`);
        process.exitCode = 1;
      }
    });
}

function releaseVersion(text: string, option: string): string {
  const version = parseVersion(text);
  if (!version) throw new UsageError(`${option} "${text}" is not a release version (expected X.Y.Z)`);
  return version.text;
}
