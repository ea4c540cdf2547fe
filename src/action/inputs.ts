/**
 * The Action's inputs, parsed once into one typed object (STYLE.md 13), then turned into the
 * same command line a user would type, so the Action and the CLI share one code path.
 */
export const ACTION_COMMANDS = ['generate', 'pr', 'index', 'upgrade-check', 'diff-openapi', 'lint-migrations', 'bump-check'] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

export interface ActionInputs {
  command: ActionCommand;
  repo: string;
  /** generate: the previous release's ref (default: the release tag before `to`); upgrade-check: the current version. */
  from?: string;
  /** generate: the new release's ref (default: the pushed tag); upgrade-check: the target version. */
  to?: string;
  version?: string;
  previousVersion?: string;
  config?: string;
  previousArtifact?: string;
  out: string;
  report: string;
  failOn?: 'unsafe';
  index?: string;
  /** index: folder of per-release artifacts. */
  artifacts?: string;
  /** diff-openapi: the two documents (also generate/pr: specs the workflow produced). */
  openapiBase?: string;
  openapiHead?: string;
  /** lint-migrations: files or globs, one per line (or separated by spaces). */
  files: string[];
  /** lint-migrations: the released migrations folder (`--released`) and plain DDL (`--schema`). */
  released: string | undefined;
  schema: string | undefined;
  /** pr: token for the sticky comment; without it no comment is written. */
  githubToken?: string;
  /**
   * pr: the sticky comment. `always` (input `true`, the default when a token is given), `never`
   * (`false`), `relevant`: only when something affects the verdict (an existing comment is still
   * updated, so it never shows a stale verdict).
   */
  comment: 'always' | 'never' | 'relevant';
  /** Annotations (workflow commands) at most, most severe first; the rest go to the summary. */
  maxAnnotations: number;
}

/** Reads `INPUT_<NAME>` variables as the Actions runner sets them (upper-case, spaces → `_`, dashes kept). */
export function readInput(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`input "${name}" must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, got "${value}"`);
  return found;
}

export function parseActionInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const command = oneOf('command', readInput(env, 'command') ?? 'generate', ACTION_COMMANDS);
  const failOn = readInput(env, 'fail-on');
  if (failOn !== undefined && failOn !== 'unsafe') throw new Error(`input "fail-on" must be "unsafe" or empty, got "${failOn}"`);
  const maxAnnotationsText = readInput(env, 'max-annotations') ?? '10';
  if (!/^\d+$/.test(maxAnnotationsText)) throw new Error(`input "max-annotations" must be a whole number, got "${maxAnnotationsText}"`);
  const commentText = readInput(env, 'comment') ?? 'true';
  const comment = ({ true: 'always', false: 'never', relevant: 'relevant' } as const)[oneOf('comment', commentText, ['true', 'false', 'relevant'] as const)];
  const inputs: ActionInputs = {
    command,
    repo: readInput(env, 'repo') ?? '.',
    from: readInput(env, 'from'),
    to: readInput(env, 'to'),
    version: readInput(env, 'version'),
    previousVersion: readInput(env, 'previous-version'),
    config: readInput(env, 'config'),
    previousArtifact: readInput(env, 'previous-artifact'),
    out: readInput(env, 'out') ?? 'release-safety.json',
    report: readInput(env, 'report') ?? 'release-safety-report.md',
    failOn,
    index: readInput(env, 'index'),
    artifacts: readInput(env, 'artifacts'),
    openapiBase: readInput(env, 'openapi-base'),
    openapiHead: readInput(env, 'openapi-head'),
    files: (readInput(env, 'files') ?? '').split(/\s+/).filter((file) => file !== ''),
    released: readInput(env, 'released'),
    schema: readInput(env, 'schema'),
    githubToken: readInput(env, 'github-token'),
    comment,
    maxAnnotations: Number(maxAnnotationsText),
  };
  requireInputsOf(inputs);
  return inputs;
}

/** Each command's own required inputs, named in the error (generate's `from`/`to` have defaults). */
function requireInputsOf(inputs: ActionInputs): void {
  const missing = (name: string) => new Error(`input "${name}" is required for command "${inputs.command}"`);
  if (inputs.command === 'upgrade-check') {
    if (inputs.from === undefined) throw missing('from');
    if (inputs.to === undefined) throw missing('to');
  }
  if (inputs.command === 'index' && inputs.artifacts === undefined) throw missing('artifacts');
  if (inputs.command === 'diff-openapi') {
    if (inputs.openapiBase === undefined) throw missing('openapi-base');
    if (inputs.openapiHead === undefined) throw missing('openapi-head');
  }
  if (inputs.command === 'lint-migrations' && inputs.files.length === 0) throw missing('files');
}

const optional = (flag: string, value: string | undefined) => (value === undefined ? [] : [flag, value]);

/**
 * The `generate` command line (also the pull request's dry run, with its own refs and versions).
 * Annotations go to stdout as workflow commands; the markdown report is the job summary.
 */
export function generateArgv(inputs: ActionInputs, refs: { from: string; to: string; version?: string; previousVersion?: string; out?: string }): string[] {
  return [
    'generate',
    '--repo', inputs.repo,
    '--from', refs.from,
    '--to', refs.to,
    ...optional('--version', refs.version ?? inputs.version),
    ...optional('--previous-version', refs.previousVersion ?? inputs.previousVersion),
    ...optional('--config', inputs.config),
    ...optional('--previous-artifact', inputs.previousArtifact),
    ...optional('--openapi-base', inputs.openapiBase),
    ...optional('--openapi-head', inputs.openapiHead),
    '--out', refs.out ?? inputs.out,
    '--report', inputs.report,
    '--format', 'github',
    '--max-annotations', String(inputs.maxAnnotations),
    ...optional('--fail-on', inputs.failOn),
  ];
}

export function upgradeCheckArgv(inputs: ActionInputs, json: boolean): string[] {
  return ['upgrade-check', '--from', inputs.from ?? '', '--to', inputs.to ?? '', ...optional('--index', inputs.index), ...(json ? ['--json'] : [])];
}

/** `index`: regenerates the index at `index` (default `release-safety-index.json`), keeping the entries of the one there. */
export function indexArgv(inputs: ActionInputs, existingIndex: boolean): string[] {
  const indexFile = inputs.index ?? 'release-safety-index.json';
  return ['index', '--repo', inputs.repo, '--artifacts', inputs.artifacts ?? '', ...(existingIndex ? ['--index', indexFile] : []), '--out', indexFile, ...optional('--config', inputs.config)];
}

export function diffOpenApiArgv(inputs: ActionInputs, format: 'github' | 'markdown'): string[] {
  return ['diff', 'openapi', inputs.openapiBase ?? '', inputs.openapiHead ?? '', '--format', format, ...(format === 'github' ? ['--max-annotations', String(inputs.maxAnnotations)] : [])];
}

export function lintMigrationsArgv(inputs: ActionInputs, files: readonly string[], format: 'github' | 'markdown'): string[] {
  const released = [...(inputs.released === undefined ? [] : ['--released', inputs.released]), ...(inputs.schema === undefined ? [] : ['--schema', inputs.schema])];
  return ['lint-migrations', '--format', format, ...(format === 'github' ? ['--max-annotations', String(inputs.maxAnnotations)] : []), ...released, '--', ...files];
}
