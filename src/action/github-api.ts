import { readFileSync } from 'node:fs';

/**
 * What the Action reads from the runner and writes to GitHub: the pull request of the event that
 * started the job, and one sticky comment found by its marker (created once, then updated).
 */
export const COMMENT_MARKER = '<!-- release-safety -->';
/** GitHub refuses issue comments longer than 65,536 characters. */
const COMMENT_LIMIT = 65_000;

export interface PullRequestEvent {
  number: number;
  baseSha: string;
  headSha: string;
}

/** The pull request of `GITHUB_EVENT_PATH` (pull_request / pull_request_target events). */
export function readPullRequestEvent(env: NodeJS.ProcessEnv): PullRequestEvent {
  const path = env.GITHUB_EVENT_PATH;
  if (!path) throw new Error('command "pr" needs GITHUB_EVENT_PATH (run it on a pull_request event)');
  const event = JSON.parse(readFileSync(path, 'utf8')) as { pull_request?: { number?: unknown; base?: { sha?: unknown }; head?: { sha?: unknown } } };
  const pr = event.pull_request;
  const sha = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{40,64}$/.test(value) ? value : undefined);
  const baseSha = sha(pr?.base?.sha);
  const headSha = sha(pr?.head?.sha);
  if (!pr || typeof pr.number !== 'number' || !Number.isSafeInteger(pr.number) || !baseSha || !headSha) {
    throw new Error(`${path} is not a pull_request event (no pull_request.number, base.sha and head.sha): run command "pr" on pull_request`);
  }
  return { number: pr.number, baseSha, headSha };
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
}

async function request(target: CommentTarget, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${target.apiUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${target.token}`,
      'x-github-api-version': '2022-11-28',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`GitHub API ${method} ${path}: HTTP ${response.status}`);
  return response.status === 204 ? undefined : response.json();
}

/**
 * Creates the comment, or updates the one that carries the marker (the first found), so a pull
 * request has one release-safety comment however often the job runs.
 */
export async function upsertStickyComment(target: CommentTarget, markdown: string): Promise<'created' | 'updated'> {
  const text = markdown.length > COMMENT_LIMIT ? `${markdown.slice(0, COMMENT_LIMIT)}\n\n… (cut: the whole report is in the job summary)` : markdown;
  const body = `${COMMENT_MARKER}\n${text}`;
  const base = `/repos/${target.repository}/issues`;
  for (let page = 1; page <= 50; page++) {
    const comments = (await request(target, 'GET', `${base}/${target.issueNumber}/comments?per_page=100&page=${page}`)) as IssueComment[];
    const ours = comments.find((comment) => comment.body?.startsWith(COMMENT_MARKER));
    if (ours) {
      await request(target, 'PATCH', `${base}/comments/${ours.id}`, { body });
      return 'updated';
    }
    if (comments.length < 100) break;
  }
  await request(target, 'POST', `${base}/${target.issueNumber}/comments`, { body });
  return 'created';
}
