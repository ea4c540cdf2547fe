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
}

/** Environment every git call gets: no prompts, no optional locks on the user's index. */
export function gitEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', ...extra };
}

/** Runs git to completion and collects its output without a buffer limit (multi-MB trees are normal). */
export function runGit(cwd: string, args: readonly string[], options: GitRunOptions = {}): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd, env: gitEnvironment(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? -1, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8').trim() }),
    );
  });
}

/** First line of git's error output, for one-line error messages. */
export function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}
