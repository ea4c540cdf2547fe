import { readFileSync } from 'node:fs';
import { escapeData } from '../ci-formats/github.js';
import { describeError } from '../core/errors.js';
import { COMMENT_LIMIT } from './comment.js';

/**
 * What the Action reads from the runner and writes to GitHub: the pull request of the event that
 * started the job, and one sticky comment found by its marker and its author (created once, then
 * updated).
 */
export const COMMENT_MARKER = '<!-- release-safety -->';

export interface PullRequestEvent {
  number: number;
  baseSha: string;
  headSha: string;
  /** The head branch lives in another repository: on `pull_request` its token is read-only. */
  fromFork: boolean;
}

/** The pull request of `GITHUB_EVENT_PATH` (pull_request / pull_request_target events). */
export function readPullRequestEvent(env: NodeJS.ProcessEnv): PullRequestEvent {
  const path = env.GITHUB_EVENT_PATH;
  if (!path) throw new Error('command "pr" needs GITHUB_EVENT_PATH (run it on a pull_request event)');
  type Side = { sha?: unknown; repo?: { full_name?: unknown } | null };
  const event = JSON.parse(readFileSync(path, 'utf8')) as { pull_request?: { number?: unknown; base?: Side; head?: Side } };
  const pr = event.pull_request;
  const sha = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{40,64}$/.test(value) ? value : undefined);
  const baseSha = sha(pr?.base?.sha);
  const headSha = sha(pr?.head?.sha);
  if (!pr || typeof pr.number !== 'number' || !Number.isSafeInteger(pr.number) || !baseSha || !headSha) {
    throw new Error(`${path} is not a pull_request event (no pull_request.number, base.sha and head.sha): run command "pr" on pull_request`);
  }
  const headRepo = pr.head?.repo?.full_name;
  const baseRepo = pr.base?.repo?.full_name;
  return { number: pr.number, baseSha, headSha, fromFork: typeof headRepo === 'string' && typeof baseRepo === 'string' && headRepo !== baseRepo };
}

export interface CommentTarget {
  apiUrl: string;
  /** `owner/name` */
  repository: string;
  issueNumber: number;
  token: string;
}

interface IssueComment {
  id: number;
  body?: string;
  user?: { login?: string; type?: string } | null;
}

/** What GitHub answered, kept with the status so the caller can tell "not allowed" (a fork's token) from a failure. */
export class GitHubApiError extends Error {
  override readonly name = 'GitHubApiError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    detail: string,
  ) {
    super(`GitHub API ${method} ${path}: ${detail}`);
  }
}

/** The login GITHUB_TOKEN acts as; `GET /user` is refused to it (an installation token has no user). */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

async function request(target: CommentTarget, method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${target.apiUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${target.token}`,
      'x-github-api-version': '2022-11-28',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A redirect is not followed: fetch turns a redirected POST into a GET whose 200 would pass for
    // "created", and the token would go to wherever the Location points.
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    throw new GitHubApiError(method, path, response.status, `HTTP ${response.status} redirect${location ? ` to ${oneLine(location)}` : ''}, not followed: nothing was ${method === 'GET' ? 'read' : 'written'}`);
  }
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new GitHubApiError(method, path, response.status, `HTTP ${response.status} with a reply that is not JSON (${oneLine(text.slice(0, 80))})`);
  }
  if (!response.ok) {
    const message = typeof (data as { message?: unknown } | undefined)?.message === 'string' ? `: ${oneLine((data as { message: string }).message)}` : '';
    throw new GitHubApiError(method, path, response.status, `HTTP ${response.status}${message}`);
  }
  return { status: response.status, data };
}

// eslint-disable-next-line no-control-regex
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 200);

/** Who the token is: `GET /user`, or the Actions bot when the token has no user (GITHUB_TOKEN, an app). */
async function tokenLogin(target: CommentTarget): Promise<string> {
  try {
    const { data } = await request(target, 'GET', '/user');
    const login = (data as { login?: unknown } | undefined)?.login;
    if (typeof login === 'string' && login !== '') return login;
  } catch (error) {
    if (!(error instanceof GitHubApiError) || (error.status !== 401 && error.status !== 403 && error.status !== 404)) throw error;
  }
  return ACTIONS_BOT_LOGIN;
}

function commentList(data: unknown, path: string): IssueComment[] {
  if (!Array.isArray(data)) {
    const what = data === null || data === undefined ? 'nothing' : typeof data === 'object' ? `an object${typeof (data as { message?: unknown }).message === 'string' ? ` (${oneLine((data as { message: string }).message)})` : ''}` : `a ${typeof data}`;
    throw new GitHubApiError('GET', path, 200, `expected a list of comments, got ${what}: the comment was not written`);
  }
  return data.filter((item): item is IssueComment => typeof item === 'object' && item !== null && typeof (item as IssueComment).id === 'number');
}

/**
 * Creates the comment, or updates ours: the first comment that carries the marker **and** was
 * written by the token's own identity. Anyone can post a comment starting with the marker; the report
 * must never be written into theirs (they could edit it afterwards to say anything).
 */
export async function upsertStickyComment(target: CommentTarget, markdown: string): Promise<'created' | 'updated'> {
  const body = `${COMMENT_MARKER}\n${markdown}`;
  // The renderer fits the comment (src/action/comment.ts, what decides the verdict first); a blind cut
  // here could hide an accepted finding, so an oversized body is refused.
  if (body.length > COMMENT_LIMIT + 500) throw new Error(`the comment is ${body.length} characters, over GitHub's limit: nothing was written (the report is in the job summary)`);
  const login = await tokenLogin(target);
  const base = `/repos/${target.repository}/issues`;
  for (let page = 1; page <= 50; page++) {
    const path = `${base}/${target.issueNumber}/comments?per_page=100&page=${page}`;
    const comments = commentList((await request(target, 'GET', path)).data, path);
    const ours = comments.find((comment) => comment.user?.login === login && comment.body?.startsWith(COMMENT_MARKER));
    if (ours) {
      await request(target, 'PATCH', `${base}/comments/${ours.id}`, { body });
      return 'updated';
    }
    if (comments.length < 100) break;
  }
  const created = await request(target, 'POST', `${base}/${target.issueNumber}/comments`, { body });
  const id = (created.data as { id?: unknown } | undefined)?.id;
  if (created.status !== 201 || typeof id !== 'number') {
    throw new GitHubApiError('POST', `${base}/${target.issueNumber}/comments`, created.status, `HTTP ${created.status} without the created comment: nothing shows that a comment was written`);
  }
  return 'created';
}

/** Whether a sticky comment of ours exists (for `comment: relevant`, which only updates one). */
export async function hasStickyComment(target: CommentTarget): Promise<boolean> {
  const login = await tokenLogin(target);
  const base = `/repos/${target.repository}/issues`;
  for (let page = 1; page <= 50; page++) {
    const path = `${base}/${target.issueNumber}/comments?per_page=100&page=${page}`;
    const comments = commentList((await request(target, 'GET', path)).data, path);
    if (comments.some((comment) => comment.user?.login === login && comment.body?.startsWith(COMMENT_MARKER))) return true;
    if (comments.length < 100) break;
  }
  return false;
}

/**
 * One warning for a comment that could not be written, naming the cause and the fix. A 403 is
 * nearly always the token: read-only on a fork's pull request (`pull_request` event), or a workflow
 * without `pull-requests: write`. The step goes on: its exit is the verdict's, never the comment's.
 */
export function commentWarning(error: unknown, fromFork: boolean): string {
  const forbidden = error instanceof GitHubApiError && error.status === 403;
  const text = !forbidden
    ? `the pull request comment was not written (${describeError(error)}); the verdict is in the job summary and the annotations`
    : fromFork
      ? 'the pull request comment was not written: a pull request from a fork gets a read-only token on the pull_request event (HTTP 403). The verdict is in the job summary and the annotations. ' +
        'To comment on forks, post the summary from a second workflow on workflow_run, or run on pull_request_target checking out the head commit only as data (never run its scripts or actions) — see the README, "Pull requests from forks"'
      : 'the pull request comment was not written: the token may not comment (HTTP 403). Give the job permissions: pull-requests: write. The verdict is in the job summary and the annotations';
  return `::warning title=release-safety comment::${escapeData(`release-safety: ${text}`)}`;
}

/** A comment body cut to GitHub's limit, saying so (for reports without a priority order of their own). */
export function fitComment(markdown: string): string {
  return markdown.length <= COMMENT_LIMIT ? markdown : `${markdown.slice(0, COMMENT_LIMIT - 200)}\n\n… (cut at GitHub's comment limit: the whole report is in the job summary)\n`;
}
