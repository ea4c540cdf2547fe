import { type Command, Option } from 'commander';
import { chosenFormat, formatOption, maxAnnotationsOption, type OutputFormat } from './output-format.js';
import { neutraliseMarkersInText } from '../core/own-outputs.js';
import { oneLine, printableCopy } from '../core/one-line.js';

/**
 * `release-safety generate`: compares two refs of the service's repository and writes
 * `release-safety.json`, with a report explaining the verdict. Heavy modules (git, Ajv, stages)
 * load inside the action so other commands start fast.
 */
interface GenerateOptions {
  repo: string;
  from: string;
  to: string;
  version?: string;
  previousVersion?: string;
  config?: string;
  previousArtifact?: string;
  openapiBase?: string;
  openapiHead?: string;
  out: string;
  report?: string;
  failOn?: 'unsafe';
  json?: boolean;
  format?: OutputFormat;
  maxAnnotations?: number;
  quiet?: boolean;
  /** commander's `--no-accept`: `false` when given. */
  accept: boolean;
  /** `--no-cache`: false. */
  cache: boolean;
  trace?: boolean;
  seedRows: string;
  traceStatementTimeout?: string;
  traceDeadline?: string;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('Compare two refs of a service repository and write release-safety.json (the verdict for that release)')
    .option('--repo <dir>', 'git repository of the service', '.')
    .requiredOption('--from <ref>', 'previous release: tag, branch or commit')
    .requiredOption('--to <ref>', 'release to describe: tag, branch, commit, or WORKTREE for the uncommitted working tree')
    .option('--version <version>', 'version of the release (default: the --to tag, when it is X.Y.Z or vX.Y.Z)')
    .option('--previous-version <version>', 'version of the previous release (default: the --from tag, when it is X.Y.Z or vX.Y.Z)')
    .option('--config <file>', 'config file to use instead of release-safety.config.json at the --to ref')
    .option(
      '--previous-artifact <file>',
      "the previous release's release-safety.json (default: the one at the root of the --from tree); source of minPreviousVersion",
    )
    .option('--openapi-base <file>', 'OpenAPI document of the --from release as the workflow generated it (instead of config "openapi"); needs --openapi-head')
    .option('--openapi-head <file>', 'OpenAPI document of the --to release as the workflow generated it; needs --openapi-base')
    .option('--out <file>', 'where to write the artifact', 'release-safety.json')
    .option('--report <file.md>', 'also write the report as markdown to this file')
    .addOption(new Option('--fail-on <condition>', 'exit 1 when the verdict is not true (for CI gates)').choices(['unsafe']))
    .option('--json', 'print the artifact on stdout instead of the text report (= --format json)')
    .addOption(formatOption())
    .addOption(maxAnnotationsOption())
    .option('--quiet', 'print nothing on stdout (the artifact is still written)')
    .option('--no-accept', 'ignore every acknowledgement (accept comments, x-release-safety-accept, config "rules"): the verdict as if nothing were accepted')
    .option('--no-cache', 'do not read or write the cache of results derived from unchanged files (released migrations)')
    .option(
      '--trace',
      'also run the added migrations in an embedded PostgreSQL (PGlite) on the previous schema with seeded rows; what it observes heavier than classified wins (see `release-safety trace`)',
    )
    .option('--seed-rows <n>', 'with --trace: rows seeded into each touched table', '1000')
    .option(
      '--trace-statement-timeout <seconds>',
      'with --trace: longest one statement may run; past it the trace could not run and the static result stands (default 30)',
    )
    .option('--trace-deadline <seconds>', 'with --trace: longest the whole trace may run (default 600)')
    .action(async (options: GenerateOptions) => {
      await runGenerate(options);
    });
}

/** The pipeline with the migrations stage followed by the trace (PGlite loads only with --trace). */
async function tracedStages(seedRowsText: string, statementTimeout: string | undefined, deadline: string | undefined) {
  const [{ pipelineStages }, { tracedMigrationsStage }, { parseSeedRows, traceLimits }, { cacheDirectory }] = await Promise.all([
    import('../surfaces/registry.js'),
    import('../trace/stage.js'),
    import('../trace/command.js'),
    import('../span/index-cache.js'),
  ]);
  await (await import('../trace/database.js')).loadPglite();
  const seedRows = parseSeedRows(seedRowsText);
  const limits = traceLimits(statementTimeout, deadline, ['--trace-statement-timeout', '--trace-deadline']);
  return { ...pipelineStages, migrations: tracedMigrationsStage(pipelineStages.migrations, { seedRows, limits, cacheDirectory: cacheDirectory(process.env) }) };
}

async function runGenerate(options: GenerateOptions): Promise<void> {
  const [{ readFileSync }, { resolve }, { openRepository }, { InputError, UsageError }] = await Promise.all([
    import('node:fs'),
    import('node:path'),
    import('../git/repository.js'),
    import('../core/errors.js'),
  ]);
  const format = chosenFormat(options);
  if (options.report !== undefined && resolve(options.report) === resolve(options.out)) {
    throw new UsageError(`--report ${options.report} is the same file as --out: the report would replace the artifact`);
  }

  let config: { text: string; source: string } | undefined;
  if (options.config !== undefined) {
    try {
      config = { text: readFileSync(options.config, 'utf8'), source: options.config };
    } catch (error) {
      throw new InputError(`cannot read --config ${options.config}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }

  let previousArtifact: { data: unknown; source: string } | undefined;
  if (options.previousArtifact !== undefined) {
    const { parseJson } = await import('../core/structured-text.js');
    try {
      previousArtifact = { data: parseJson(readFileSync(options.previousArtifact, 'utf8')), source: options.previousArtifact };
    } catch (error) {
      const cause = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
      throw new InputError(`cannot read --previous-artifact ${options.previousArtifact}: ${cause}`);
    }
  }

  if ((options.openapiBase === undefined) !== (options.openapiHead === undefined)) {
    throw new UsageError(
      `${options.openapiBase === undefined ? '--openapi-head' : '--openapi-base'} needs ${options.openapiBase === undefined ? '--openapi-base' : '--openapi-head'}: give both generated documents`,
    );
  }
  const openapiFiles =
    options.openapiBase === undefined || options.openapiHead === undefined
      ? undefined
      : await (await import('../stages/rest/workflow-specs.js')).readWorkflowSpecs({ base: options.openapiBase, head: options.openapiHead });

  // The heavy modules (stages, Ajv) load while git answers: opening the repository is a process start.
  const opening = openRepository(options.repo);
  const modules = Promise.all([
    import('../generate/generate.js'),
    import('../artifact/write.js'),
    import('../generate/report.js'),
    import('./style.js'),
    import('../cache/derived-cache.js'),
    import('../generate/outcome-observer.js'),
  ]);
  const [
    repo,
    [{ generateRelease }, { writeFilesAtomic, serializeArtifact }, report, { createStyle, colorEnabled }, { openDerivedCache }, { publishGenerateOutcome }],
  ] = await Promise.all([
    opening,
    // A failed open is the error to report; a module that fails to load is reported only if it opened.
    modules.catch(async (error: unknown) => {
      await opening;
      throw error;
    }),
  ]);
  const stages = options.trace ? await tracedStages(options.seedRows, options.traceStatementTimeout, options.traceDeadline) : undefined;
  let outcome;
  try {
    outcome = await generateRelease(
      repo,
      {
        from: options.from,
        to: options.to,
        version: options.version,
        previousVersion: options.previousVersion,
        config,
        previousArtifact,
        openapiFiles,
        noAccept: !options.accept,
        derivedCache: openDerivedCache({ disk: options.cache }),
      },
      stages,
    );
  } finally {
    await repo.close();
  }

  // Everything is rendered before anything is written: an error leaves no file behind.
  const artifactText = serializeArtifact(outcome.artifact);
  // Reports print repository text (file names, notes, reasons): each string kept on its line (core/one-line.ts).
  const printable = printableCopy(outcome);
  // A quoted declaration in the report file stays a quote (core/own-outputs.ts): a committed report never declares.
  const markdown = options.report === undefined ? undefined : neutraliseMarkersInText(report.renderMarkdownReport(printable));
  // Both or neither: a report that cannot be written must not leave a fresh artifact behind.
  try {
    writeFilesAtomic([
      { path: options.out, text: artifactText },
      ...(options.report === undefined || markdown === undefined ? [] : [{ path: options.report, text: markdown }]),
    ]);
  } catch (error) {
    const targets = options.report === undefined ? `--out ${options.out}` : `--out ${options.out} and --report ${options.report}`;
    throw new InputError(`cannot write ${targets} (nothing was written): ${error instanceof Error ? error.message : String(error)}`);
  }
  publishGenerateOutcome(outcome);

  if (format === 'json') process.stdout.write(artifactText);
  else if (format === 'markdown') process.stdout.write(markdown ?? neutraliseMarkersInText(report.renderMarkdownReport(printable)));
  else if (format !== 'text') {
    const [{ renderCiFormat }, { ciRunFromGenerate }, { packageVersion }] = await Promise.all([
      import('../ci-formats/render.js'),
      import('../ci-formats/from-generate.js'),
      import('../core/package-info.js'),
    ]);
    process.stdout.write(await renderCiFormat(format, ciRunFromGenerate(printable, packageVersion()), { maxAnnotations: options.maxAnnotations }));
  } else if (!options.quiet) {
    process.stdout.write(report.renderTextReport(printable, createStyle(colorEnabled())));
    process.stdout.write(`\nWrote ${options.out}${options.report === undefined ? '' : ` and ${options.report}`}\n`);
  }
  const verdict = outcome.artifact.compatibility.rollingUpdateSafe;
  if (options.failOn === 'unsafe' && verdict !== true) {
    // A CI gate that fails must say why, even with --quiet: one line on stderr.
    const [first, ...more] = outcome.verdict.reasons.map((reason) => `${reason.surface}: ${reason.detail}`);
    const why = first === undefined ? '' : `: ${first}${more.length > 0 ? ` (+${more.length} more)` : ''}`;
    process.stderr.write(
      `release-safety: ${oneLine(`${outcome.artifact.version} is not proven rolling-safe (rollingUpdateSafe: ${String(verdict)})${why}`)}\n`,
    );
    process.exitCode = 1;
  }
}
