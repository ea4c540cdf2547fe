import { appendFileSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import picomatch from 'picomatch';
import { describeError } from '../core/errors.js';
import { parseJson } from '../core/structured-text.js';
import { parseVersion } from '../core/version.js';
import { versionOfTag } from '../core/tag-pattern.js';
import { main } from '../cli/program.js';
import type { GenerateOutcome } from '../generate/generate.js';
import { observeGenerateOutcome } from '../generate/outcome-observer.js';
import { affectsNothing, renderPullRequestComment, renderQuietComment } from './comment.js';
import { bumpCheckAction } from './bump-check.js';
import { commentWarning, hasStickyComment, readPullRequestEvent, upsertStickyComment } from './github-api.js';
import { configuredTagPatterns, mergeBase, previousReleaseTag, pullRequestVersions } from './git-refs.js';
import {
  diffOpenApiArgv,
  generateArgv,
  indexArgv,
  lintMigrationsArgv,
  parseActionInputs,
  upgradeCheckArgv,
  type ActionInputs,
} from './inputs.js';

/** Appends `name=value` to the file the runner reads outputs from (no-op outside Actions). */
function setOutput(env: NodeJS.ProcessEnv, name: string, value: string): void {
  const file = env.GITHUB_OUTPUT;
  if (file) appendFileSync(file, `${name}=${value.replace(/[\r\n]+/g, ' ')}\n`);
}

function appendSummary(env: NodeJS.ProcessEnv, markdown: string): void {
  const summary = env.GITHUB_STEP_SUMMARY;
  if (summary) appendFileSync(summary, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/**
 * Runs the CLI's own `main` with stdout captured instead of printed, for the outputs that the
 * Action derives from a command's JSON or markdown (the command is the same one a user runs).
 */
async function captured(argv: string[]): Promise<{ code: number; stdout: string }> {
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
  try {
    const code = await main(argv);
    return { code, stdout: chunks.join('') };
  } finally {
    process.stdout.write = write;
    process.exitCode = undefined;
  }
}

/** One CLI run; `main` returns the exit code a command set, which the Action, not the process, keeps. */
async function run(argv: string[]): Promise<number> {
  const code = await main(argv);
  process.exitCode = undefined;
  return code;
}

function publishArtifactOutputs(env: NodeJS.ProcessEnv, artifactPath: string, reportPath: string, exitCode: number): void {
  // Exit 2: nothing was written, and a file at `out` is another run's (often the previous release's,
  // committed at the repository root): its verdict must not pass for this release's.
  if (exitCode !== 0 && exitCode !== 1) {
    setOutput(env, 'rolling-update-safe', 'unknown');
    setOutput(env, 'recommended-strategy', 'Recreate');
    return;
  }
  if (!existsSync(artifactPath)) return;
  const artifact = parseJson(readFileSync(artifactPath, 'utf8')) as {
    compatibility: { rollingUpdateSafe: boolean | string; recommendedStrategy: string };
    upgrade: { requiredStops: string[] };
  };
  setOutput(env, 'rolling-update-safe', String(artifact.compatibility.rollingUpdateSafe));
  setOutput(env, 'recommended-strategy', artifact.compatibility.recommendedStrategy);
  setOutput(env, 'required-stops', JSON.stringify(artifact.upgrade.requiredStops));
  setOutput(env, 'artifact', artifactPath);
  if (existsSync(reportPath)) {
    appendSummary(env, readFileSync(reportPath, 'utf8'));
    setOutput(env, 'summary-path', reportPath);
  }
}

/** `to` defaults to the pushed tag; `from` to the release tag before it. */
function generateRefs(inputs: ActionInputs, env: NodeJS.ProcessEnv): { from: string; to: string } {
  const pushedTag = env.GITHUB_REF?.startsWith('refs/tags/') ? env.GITHUB_REF.slice('refs/tags/'.length) : undefined;
  const to = inputs.to ?? pushedTag;
  if (to === undefined) throw new Error('input "to" is required unless the workflow runs on a pushed release tag');
  if (inputs.from !== undefined) return { from: inputs.from, to };
  const patterns = configuredTagPatterns(inputs.repo, inputs.config);
  const version = inputs.version === undefined ? versionOfTag(to, patterns) : parseVersion(inputs.version);
  if (!version) throw new Error(`input "from" is required: "${inputs.version ?? to}" is not a release version, so the release before it is unknown`);
  const previous = previousReleaseTag(inputs.repo, version, patterns);
  if (!previous) throw new Error(`input "from" is required: no release tag older than ${version.text} in ${inputs.repo}`);
  return { from: previous.tag, to };
}

async function generate(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<number> {
  const refs = generateRefs(inputs, env);
  const exitCode = await run(generateArgv(inputs, refs));
  publishArtifactOutputs(env, inputs.out, inputs.report, exitCode);
  return exitCode;
}

/**
 * The pull request's dry run: the release its merge would make, compared with the merge base;
 * annotations on the lines that matter most, the report as job summary and one sticky comment.
 * The step's exit is the verdict's (with `fail-on: unsafe`), never the comment's: a token that
 * cannot comment (a fork's) leaves the summary and annotations, and one warning saying why.
 */
async function pullRequest(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<number> {
  const event = readPullRequestEvent(env);
  const base = mergeBase(inputs.repo, event.baseSha, event.headSha);
  const versions =
    inputs.version !== undefined
      ? { version: inputs.version, ...(inputs.previousVersion === undefined ? {} : { previousVersion: inputs.previousVersion }) }
      : pullRequestVersions(inputs.repo, base, event.number, configuredTagPatterns(inputs.repo, inputs.config));
  const out = join(env.RUNNER_TEMP ?? tmpdir(), `release-safety-pr-${event.number}.json`);
  let outcome: GenerateOutcome | undefined;
  observeGenerateOutcome((observed) => (outcome = observed));
  let exitCode: number;
  try {
    exitCode = await run(generateArgv(inputs, { from: base, to: event.headSha, ...versions, out }));
  } finally {
    observeGenerateOutcome(undefined);
  }
  publishArtifactOutputs(env, out, inputs.report, exitCode);
  const token = inputs.githubToken;
  if (inputs.comment === 'never' || token === undefined || outcome === undefined || (exitCode !== 0 && exitCode !== 1)) return exitCode;
  const repository = env.GITHUB_REPOSITORY;
  if (!repository) throw new Error('GITHUB_REPOSITORY is not set: the comment needs owner/name');
  const target = { apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com', repository, issueNumber: event.number, token };
  const context = { serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com', repository, pullRequest: event.number, headSha: event.headSha, baseSha: base };
  try {
    const quiet = affectsNothing(outcome);
    if (quiet && inputs.comment === 'relevant' && !(await hasStickyComment(target))) {
      process.stdout.write('release-safety: no pull request comment (nothing affects the verdict; comment: relevant)\n');
      return exitCode;
    }
    const markdown = quiet ? renderQuietComment(outcome, context) : renderPullRequestComment(outcome, context);
    const result = await upsertStickyComment(target, markdown);
    process.stdout.write(`release-safety: pull request comment ${result}\n`);
  } catch (error) {
    process.stdout.write(`${commentWarning(error, event.fromFork)}\n`);
  }
  return exitCode;
}

async function upgradeCheck(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<number> {
  const json = await captured(upgradeCheckArgv(inputs, true));
  const exitCode = await run(upgradeCheckArgv(inputs, false));
  setOutput(env, 'verdict', exitCode === 0 ? 'SAFE' : 'UNSAFE');
  try {
    const result = JSON.parse(json.stdout) as { requiredStops?: string[] };
    setOutput(env, 'required-stops', JSON.stringify(result.requiredStops ?? []));
  } catch {
    // The span could not be evaluated (exit 2): the text run above printed why.
  }
  return exitCode;
}

/** Files and globs (relative to the workspace), expanded without a shell, in a stable order. */
export function expandFiles(patterns: readonly string[], cwd: string): string[] {
  const files = new Set<string>();
  for (const pattern of patterns) {
    if (!picomatch.scan(pattern).isGlob) {
      files.add(pattern);
      continue;
    }
    const matches = picomatch(pattern, { dot: false });
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === '.git' || entry.name === 'node_modules') continue;
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (matches(relative(cwd, full).split('\\').join('/'))) files.add(relative(cwd, full));
      }
    };
    const root = picomatch.scan(pattern).base || '.';
    if (existsSync(join(cwd, root)) && statSync(join(cwd, root)).isDirectory()) walk(join(cwd, root));
  }
  return [...files].sort();
}

async function withSummary(env: NodeJS.ProcessEnv, annotate: string[], summarise: string[]): Promise<number> {
  const exitCode = await run(annotate);
  const markdown = await captured(summarise);
  appendSummary(env, markdown.stdout);
  return exitCode;
}

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const inputs = parseActionInputs(env);
  let exitCode: number;
  switch (inputs.command) {
    case 'generate':
      exitCode = await generate(inputs, env);
      break;
    case 'pr':
      exitCode = await pullRequest(inputs, env);
      break;
    case 'upgrade-check':
      exitCode = await upgradeCheck(inputs, env);
      break;
    case 'index':
      exitCode = await run(indexArgv(inputs, existsSync(inputs.index ?? 'release-safety-index.json')));
      break;
    case 'diff-openapi':
      exitCode = await withSummary(env, diffOpenApiArgv(inputs, 'github'), diffOpenApiArgv(inputs, 'markdown'));
      break;
    case 'bump-check':
      exitCode = await bumpCheckAction(inputs, env);
      break;
    case 'lint-migrations': {
      const files = expandFiles(inputs.files, process.cwd());
      if (files.length === 0) throw new Error(`input "files" matched no file: ${inputs.files.join(' ')}`);
      exitCode = await withSummary(env, lintMigrationsArgv(inputs, files, 'github'), lintMigrationsArgv(inputs, files, 'markdown'));
      break;
    }
  }
  setOutput(env, 'exit-code', String(exitCode));
  return exitCode;
}

runAction().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // `::error::` makes the runner show the reason on the failed step.
    process.stdout.write(`::error::release-safety: ${describeError(error)}\n`);
    process.exitCode = 2;
  },
);
