/**
 * The Action's inputs, parsed once into one typed object (STYLE.md 13), then turned into the
 * same command line a user would type, so the Action and the CLI share one code path.
 */
export type ActionCommand = 'generate' | 'upgrade-check';

export interface ActionInputs {
  command: ActionCommand;
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
  report: string;
  failOn?: 'unsafe';
  index?: string;
}

/** Reads `INPUT_<NAME>` variables as the Actions runner sets them (upper-case, spaces → `_`, dashes kept). */
export function readInput(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function parseActionInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const required = (name: string): string => {
    const value = readInput(env, name);
    if (value === undefined) throw new Error(`input "${name}" is required`);
    return value;
  };
  const command = readInput(env, 'command') ?? 'generate';
  if (command !== 'generate' && command !== 'upgrade-check') {
    throw new Error(`input "command" must be "generate" or "upgrade-check", got "${command}"`);
  }
  const failOn = readInput(env, 'fail-on');
  if (failOn !== undefined && failOn !== 'unsafe') throw new Error(`input "fail-on" must be "unsafe" or empty, got "${failOn}"`);
  return {
    command,
    repo: readInput(env, 'repo') ?? '.',
    from: required('from'),
    to: required('to'),
    version: readInput(env, 'version'),
    previousVersion: readInput(env, 'previous-version'),
    config: readInput(env, 'config'),
    previousArtifact: readInput(env, 'previous-artifact'),
    openapiBase: readInput(env, 'openapi-base'),
    openapiHead: readInput(env, 'openapi-head'),
    out: readInput(env, 'out') ?? 'release-safety.json',
    report: readInput(env, 'report') ?? 'release-safety-report.md',
    failOn,
    index: readInput(env, 'index'),
  };
}

/** The command line the Action runs; every value is its own argument (no shell anywhere). */
export function toArgv(inputs: ActionInputs): string[] {
  if (inputs.command === 'upgrade-check') {
    return ['upgrade-check', '--from', inputs.from, '--to', inputs.to, ...(inputs.index ? ['--index', inputs.index] : [])];
  }
  const optional = (flag: string, value: string | undefined) => (value === undefined ? [] : [flag, value]);
  return [
    'generate',
    '--repo', inputs.repo,
    '--from', inputs.from,
    '--to', inputs.to,
    ...optional('--version', inputs.version),
    ...optional('--previous-version', inputs.previousVersion),
    ...optional('--config', inputs.config),
    ...optional('--previous-artifact', inputs.previousArtifact),
    ...optional('--openapi-base', inputs.openapiBase),
    ...optional('--openapi-head', inputs.openapiHead),
    '--out', inputs.out,
    '--report', inputs.report,
    ...optional('--fail-on', inputs.failOn),
  ];
}
