import { spawn } from 'node:child_process';

/**
 * The one place a git process is started: always `execFile`-style argument arrays, never a shell
 * string, so ref names and paths can hold any character without being interpreted.
 */
export interface GitRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitRunOptions {
  /** Extra environment (e.g. `GIT_INDEX_FILE` for the worktree snapshot). */
  env?: NodeJS.ProcessEnv;
  /** Milliseconds without any output before git is killed (default {@link gitTimeoutMs}). */
  timeoutMs?: number;
}

export const GIT_TIMEOUT_ENV = 'RELEASE_SAFETY_GIT_TIMEOUT_MS';
const DEFAULT_GIT_TIMEOUT_MS = 120_000;

/**
 * How long git may stay silent: a git that neither writes nor exits (a stuck lock, a hung filesystem,
 * a `cat-file --batch` that closed its output but lives on) is killed after this long and the read
 * fails, so a run ends with an error instead of hanging CI. Measured as inactivity, so a long
 * `git log` that keeps streaming is never cut. `RELEASE_SAFETY_GIT_TIMEOUT_MS` overrides the 120 s default.
 */
export function gitTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[GIT_TIMEOUT_ENV]);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_GIT_TIMEOUT_MS;
}

/** The error of a git process killed for silence. */
export class GitTimeoutError extends Error {
  override readonly name = 'GitTimeoutError';
  readonly exitCode = 2;
}

/**
 * Variables that tell git which repository, index or object store to use (git's own
 * `rev-parse --local-env-vars`, less the config ones). A git hook or CI step exports some of them;
 * inherited, they would make git read that repository instead of `--repo`, and the verdict would be
 * another repository's. The folder a command runs in decides, nothing else.
 */
const REPOSITORY_LOCATORS = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_IMPLICIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_GRAFT_FILE',
  'GIT_SHALLOW_FILE',
  'GIT_REPLACE_REF_BASE',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
];

/** Environment every git call gets: the repository is the folder it runs in; no prompts, no optional locks on the user's index. */
export function gitEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };
  for (const name of REPOSITORY_LOCATORS) delete env[name];
  return { ...env, ...extra };
}

/** Runs git to completion and collects its output without a buffer limit (multi-MB trees are normal). */
export function runGit(cwd: string, args: readonly string[], options: GitRunOptions = {}): Promise<GitRun> {
  const timeoutMs = options.timeoutMs ?? gitTimeoutMs();
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd, env: gitEnvironment(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout.push(chunk), timer.refresh()));
    child.stderr.on('data', (chunk: Buffer) => (stderr.push(chunk), timer.refresh()));
    child.on('error', (error) => (clearTimeout(timer), reject(error)));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new GitTimeoutError(`git ${args[0] ?? ''} in ${cwd} gave no output for ${timeoutMs} ms and was killed (${GIT_TIMEOUT_ENV} sets the limit)`));
        return;
      }
      resolve({ code: code ?? -1, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8').trim() });
    });
  });
}

/** First line of git's error output, for one-line error messages. */
export function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}
