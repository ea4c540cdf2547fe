import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { liveMarkup, renderGfm } from '../helpers/render-markdown.js';

/**
 * A hostile pull request against the Action's `pr` command (issue 28, items 1, 2 and 7; issue 34,
 * items 3 and 5): repository text that tries to speak for the bot, an acceptance padded out of the
 * comment, a comment squatting on the marker, and a GitHub API that redirects, answers with an object
 * or refuses (a fork's read-only token). The bundle runs as the runner starts it; a local HTTP server
 * on 127.0.0.1 stands in for the API. `RS_ACTION_BUNDLE=action/dist/index.mjs` runs the same cases
 * against another bundle (how they were checked to fail before the fix).
 */
const bundleDir = join(projectRoot, 'action', '.test-dist-hostile');
const bundle = process.env.RS_ACTION_BUNDLE ? join(projectRoot, process.env.RS_ACTION_BUNDLE) : join(bundleDir, 'index.mjs');

type Mode = 'normal' | 'redirect' | 'object' | 'forbidden';
interface StoredComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  issue?: number;
}
let mode: Mode = 'normal';
const SQUATTER: StoredComment = { id: 1, body: '<!-- release-safety -->\nrelease-safety says: all good', user: { login: 'mallory', type: 'User' } };
const comments: StoredComment[] = [];
const requests: string[] = [];
let server: Server;
let apiUrl: string;
let repo: TestRepo;
let runnerFiles: string;
let baseSha: string;
let headSha: string;

const HOSTILE_REASON =
  'tiny table, cc @octocat and @acme/admins, fixes #123 and GH-45, see https://evil.example/x www.evil.example <img src=x onerror=alert(1)> **bold**';
const BACKTICK_STATEMENT = "create index users_name on users ((name || '`` [Click to approve](https://evil.example/approve) ``'));";

beforeAll(async () => {
  if (!process.env.RS_ACTION_BUNDLE)
    execFileSync(process.execPath, ['scripts/build-action.mjs', 'action/.test-dist-hostile'], { cwd: projectRoot, stdio: 'pipe' });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url}`);
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(data));
      };
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      // GITHUB_TOKEN is an installation token: GitHub refuses it /user.
      if (url.pathname === '/user') return json(403, { message: 'Resource not accessible by integration' });
      const list = /^\/repos\/acme\/service\/issues\/(\d+)\/comments$/.exec(url.pathname);
      if (request.method === 'GET' && list) {
        if (mode === 'object') return json(200, { message: 'Moved Permanently', url: 'https://evil.example' });
        return json(200, [SQUATTER, ...comments.filter((comment) => comment.issue === Number(list[1]))]);
      }
      if (request.method === 'POST' && list) {
        if (mode === 'redirect') return json(302, {}, { location: `${apiUrl}${url.pathname}` });
        if (mode === 'forbidden') return json(403, { message: 'Resource not accessible by integration' });
        const created = {
          id: 100 + comments.length,
          body: (JSON.parse(body) as { body: string }).body,
          user: { login: 'github-actions[bot]', type: 'Bot' },
          issue: Number(list[1]),
        };
        comments.push(created);
        return json(201, created);
      }
      const patch = /^\/repos\/acme\/service\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (request.method === 'PATCH' && patch) {
        const comment = [SQUATTER, ...comments].find((candidate) => candidate.id === Number(patch[1]));
        if (!comment) return json(404, {});
        comment.body = (JSON.parse(body) as { body: string }).body;
        return json(200, comment);
      }
      return json(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  repo = createRepo();
  const config = { migrations: [{ dir: 'db/migrations', edition: 'core' }], openapi: 'api/openapi.yaml', mcpTools: false, env: false };
  repo.commit(
    {
      'release-safety.config.json': JSON.stringify(config),
      'db/migrations/001.sql': 'create table users (id int, email text, name text);\n',
      'api/openapi.yaml': 'openapi: 3.0.3\ninfo: {title: s, version: "1"}\npaths: {}\n',
    },
    { tag: 'v1.4.0' },
  );
  baseSha = repo.commit({ 'README.md': 'main moves on\n' });
  repo.git('checkout', '-q', '-b', 'feature', 'v1.4.0');
  // 400 added endpoints: info findings enough to pass GitHub's comment limit several times over.
  const paths = Array.from({ length: 400 }, (_, i) => `  /api/v1/padding/${i}:\n    get: {responses: {'200': {description: ok}}}\n`).join('');
  headSha = repo.commit({
    'db/migrations/002_@octocat_#123.sql': `SET lock_timeout = '2s';\n-- @release-safety accept require-concurrent-index-creation: ${HOSTILE_REASON}\ncreate index users_email on users (email);\n`,
    'db/migrations/003.sql': `SET lock_timeout = '2s';\n${BACKTICK_STATEMENT}\n`,
    'api/openapi.yaml': `openapi: 3.0.3\ninfo: {title: s, version: "1"}\npaths:\n${paths}`,
  });
  repo.git('checkout', '-q', 'main');
  runnerFiles = mkdtempSync(join(tmpdir(), 'rs-runner-hostile-'));
}, 180_000);

afterAll(async () => {
  repo?.cleanup();
  rmSync(runnerFiles, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function runAction(inputs: Record<string, string>, name: string, options: { issue?: number; fork?: boolean; cwd?: string } = {}) {
  const output = join(runnerFiles, `${name}.out`);
  const summary = join(runnerFiles, `${name}.summary`);
  const event = join(runnerFiles, `${name}.event.json`);
  const headRepo = options.fork ? 'mallory/service' : 'acme/service';
  writeFileSync(
    event,
    JSON.stringify({
      pull_request: {
        number: options.issue ?? 9,
        base: { sha: baseSha, repo: { full_name: 'acme/service' } },
        head: { sha: headSha, repo: { full_name: headRepo } },
      },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_EVENT_PATH: event,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'acme/service',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: apiUrl,
    RUNNER_TEMP: runnerFiles,
    'INPUT_GITHUB-TOKEN': 'test-token',
    INPUT_REPORT: join(runnerFiles, `${name}.md`),
  };
  for (const [key, value] of Object.entries(inputs)) env[`INPUT_${key.toUpperCase()}`] = value;
  return new Promise<{ status: number | null; stdout: string; stderr: string; summary: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { cwd: options.cwd ?? repo.dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => {
      let text = '';
      try {
        text = readFileSync(summary, 'utf8');
      } catch {
        // no summary written
      }
      resolve({ status, stdout, stderr, summary: text });
    });
  });
}

describe('pr on a hostile pull request', () => {
  let first: Awaited<ReturnType<typeof runAction>>;
  beforeAll(async () => {
    mode = 'normal';
    first = await runAction({ command: 'pr' }, 'hostile');
  }, 120_000);

  it('never writes into a comment someone else posted with the marker: it creates its own', () => {
    expect(first.stdout).toContain('release-safety: pull request comment created');
    expect(SQUATTER.body).toBe('<!-- release-safety -->\nrelease-safety says: all good');
    expect(comments).toHaveLength(1);
  });

  it('keeps the verdict and the acceptance in the comment past the size limit, cutting only lower levels with a count', () => {
    const body = comments[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body.split('\n')[1]).toMatch(/^### ❌ `1\.4\.1-pr\.9` is not rolling-safe — migrations: /);
    expect(body).toContain('Accepted (1)');
    expect(body).toContain('require-concurrent-index-creation');
    expect(body).toMatch(/\d+ lower-level finding\(s\) \(advisory or info, none that decides the verdict\) not shown here/);
    // The deciding finding on 003.sql is there, linked to the file at the head commit.
    expect(body).toContain(`](https://github.com/acme/service/blob/${headSha}/db/migrations/003.sql#L2)`);
  });

  it('renders no mention, reference, link, image or markup from repository text in the comment or the job summary', () => {
    for (const [where, markdown] of [
      ['comment', comments[0]!.body],
      ['summary', first.summary],
    ] as const) {
      expect(markdown, where).toContain('evil'); // the hostile text is there, quoted
      const live = liveMarkup(renderGfm(markdown), {
        allowedLinks: [/^https:\/\/github\.com\/acme\/service\/blob\/[0-9a-f]{40}\//, /^https:\/\/github\.com\/release-safety\/release-safety\/blob\//],
      });
      expect(live, where).toEqual([]);
    }
  });

  it('links a file with `@` and `#` in its name by its percent-encoded path at the head commit', () => {
    expect(comments[0]!.body).toContain('/db/migrations/002_%40octocat_%23123.sql#L3)');
  });
});

describe('pr against an API that misbehaves', () => {
  it('a redirected POST is not reported as created, and the step exits by the verdict', async () => {
    mode = 'redirect';
    const run = await runAction({ command: 'pr' }, 'redirect', { issue: 11 });
    mode = 'normal';
    expect(run.stdout).not.toContain('pull request comment created');
    expect(run.stdout).toMatch(
      /^::warning title=release-safety comment::release-safety: the pull request comment was not written \(GitHub API POST \/repos\/acme\/service\/issues\/11\/comments: HTTP 302 redirect/m,
    );
    expect(run.status).toBe(0);
  });

  it('a reply that is not a list says so instead of "o.find is not a function"', async () => {
    mode = 'object';
    const run = await runAction({ command: 'pr' }, 'object', { issue: 12 });
    mode = 'normal';
    expect(run.stdout).not.toContain('is not a function');
    expect(run.stdout).toContain('expected a list of comments, got an object (Moved Permanently)');
    expect(run.status).toBe(0);
  });

  it('a fork pull request (403): summary and annotations, one warning naming cause and fix, exit by verdict and fail-on', async () => {
    mode = 'forbidden';
    const run = await runAction({ command: 'pr' }, 'fork', { issue: 13, fork: true });
    const gated = await runAction({ command: 'pr', 'fail-on': 'unsafe' }, 'fork-gated', { issue: 13, fork: true });
    mode = 'normal';
    expect(run.status).toBe(0);
    expect(gated.status).toBe(1);
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning title=release-safety comment::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('a pull request from a fork gets a read-only token');
    expect(warnings[0]).toContain('pull_request_target');
    expect(warnings[0]).toContain('workflow_run');
    expect(run.stdout).toContain('::error file=db/migrations/003.sql,line=2');
    expect(run.summary).toContain('# Release safety: 1.4.1-pr.13');
  });
});

describe('pr on checkouts without history or tags', () => {
  it('says the checkout has no tags instead of inventing 0.0.1-pr.N', async () => {
    const bare = createRepo();
    try {
      bare.commit({ 'release-safety.config.json': '{"openapi": false, "mcpTools": false, "env": false}' });
      const base = bare.git('rev-parse', 'HEAD');
      bare.commit({ 'x.txt': 'x\n' });
      const head = bare.git('rev-parse', 'HEAD');
      const event = join(runnerFiles, 'tagless.event.json');
      writeFileSync(event, JSON.stringify({ pull_request: { number: 5, base: { sha: base }, head: { sha: head } } }));
      const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, [bundle], {
          cwd: bare.dir,
          env: {
            ...process.env,
            GITHUB_EVENT_PATH: event,
            GITHUB_REPOSITORY: 'acme/service',
            RUNNER_TEMP: runnerFiles,
            INPUT_COMMAND: 'pr',
            INPUT_REPORT: join(runnerFiles, 'tagless.md'),
          },
        });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        child.on('close', (status) => resolve({ status, stdout }));
      });
      expect(run.status).toBe(2);
      expect(run.stdout).toContain('the checkout has no tags: use actions/checkout with fetch-depth: 0');
      expect(run.stdout).not.toContain('0.0.1-pr.5');
    } finally {
      bare.cleanup();
    }
  });
});
