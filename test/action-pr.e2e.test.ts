import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './helpers/cli.js';
import { createRepo, type TestRepo } from './helpers/git-fixture.js';

/**
 * The Action's other commands as the runner starts them (the bundle, INPUT_* variables, the event
 * payload, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files), with a local HTTP server on 127.0.0.1
 * standing in for the GitHub REST API of the sticky comment.
 */
const bundleDir = join(projectRoot, 'action', '.test-dist-pr');
const bundle = join(bundleDir, 'index.mjs');

interface StoredComment {
  id: number;
  body: string;
  user: { login: string };
}
const comments: StoredComment[] = [];
const quietComments: StoredComment[] = [];
const requests: string[] = [];
let server: Server;
let apiUrl: string;
let repo: TestRepo;
let runnerFiles: string;
let baseSha: string;
let headSha: string;
let quietHeadSha: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-action.mjs', 'action/.test-dist-pr'], { cwd: projectRoot, stdio: 'pipe' });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      const json = (status: number, data: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(data));
      };
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method === 'GET' && url.pathname === '/repos/acme/service/issues/7/comments') {
        // Someone else's comment first: the marker, not the position, finds ours.
        return json(200, [{ id: 1, body: 'looks good', user: { login: 'octocat' } }, ...comments]);
      }
      if (request.method === 'POST' && url.pathname === '/repos/acme/service/issues/7/comments') {
        const created = { id: 100 + comments.length, body: (JSON.parse(body) as { body: string }).body, user: { login: 'github-actions[bot]' } };
        comments.push(created);
        return json(201, created);
      }
      // Pull request 8 (nothing in it affects the verdict): its own list.
      if (request.method === 'GET' && url.pathname === '/repos/acme/service/issues/8/comments') return json(200, quietComments);
      if (request.method === 'POST' && url.pathname === '/repos/acme/service/issues/8/comments') {
        const created = { id: 900 + quietComments.length, body: (JSON.parse(body) as { body: string }).body, user: { login: 'github-actions[bot]' } };
        quietComments.push(created);
        return json(201, created);
      }
      const patch = /^\/repos\/acme\/service\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (request.method === 'PATCH' && patch) {
        const comment = comments.find((candidate) => candidate.id === Number(patch[1]));
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
  const config = { migrations: [{ dir: 'db/migrations', edition: 'core' }], openapi: false, mcpTools: false, env: false };
  repo.commit(
    { 'release-safety.config.json': JSON.stringify(config), 'db/migrations/001.sql': 'create table users (id int, email text);\n' },
    { tag: 'v1.4.0' },
  );
  baseSha = repo.commit({ 'README.md': 'main moves on\n' });
  repo.git('checkout', '-q', '-b', 'feature', 'v1.4.0');
  headSha = repo.commit({ 'db/migrations/002.sql': "SET lock_timeout = '2s';\ncreate index users_email on users (email);\n" });
  repo.git('checkout', '-q', '-b', 'docs', 'v1.4.0');
  quietHeadSha = repo.commit({ 'docs/guide.md': 'how to run it\n' });
  repo.git('checkout', '-q', 'main');
  runnerFiles = mkdtempSync(join(tmpdir(), 'rs-runner-pr-'));
}, 120_000);

afterAll(async () => {
  repo?.cleanup();
  rmSync(runnerFiles, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function runAction(inputs: Record<string, string>, name: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const output = join(runnerFiles, `${name}.out`);
  const summary = join(runnerFiles, `${name}.summary`);
  const event = join(runnerFiles, `${name}.event.json`);
  writeFileSync(event, JSON.stringify({ action: 'synchronize', pull_request: { number: 7, base: { sha: baseSha }, head: { sha: headSha } } }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_EVENT_PATH: event,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'acme/service',
    GITHUB_API_URL: apiUrl,
    RUNNER_TEMP: runnerFiles,
    ...extraEnv,
  };
  for (const [key, value] of Object.entries(inputs)) env[`INPUT_${key.toUpperCase()}`] = value;
  // Asynchronous: the API server answers from this process while the Action runs.
  return new Promise<{ status: number | null; stdout: string; stderr: string; outputs: string; summary: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { cwd: repo.dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => {
      const read = (file: string) => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return '';
        }
      };
      resolve({ status, stdout, stderr, outputs: read(output), summary: read(summary) });
    });
  });
}

describe('Action command pr', () => {
  it('creates one sticky comment, annotates the migration line and writes the summary; the verdict does not fail the step', async () => {
    const run = await runAction({ command: 'pr', 'github-token': 'test-token', report: join(runnerFiles, 'pr.md') }, 'pr-1');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('::error file=db/migrations/002.sql,line=2,title=release-safety require-concurrent-index-creation::');
    expect(run.stdout).toContain('release-safety: pull request comment created');
    expect(run.outputs).toContain('rolling-update-safe=false\n');
    expect(run.outputs).toContain('required-stops=[]\n');
    expect(run.outputs).toContain(`summary-path=${join(runnerFiles, 'pr.md')}\n`);
    expect(run.summary).toContain('# Release safety: 1.4.1-pr.7');
    expect(comments).toHaveLength(1);
    // The first line a reader sees: the verdict, the version and why, in one line.
    expect(comments[0]!.body.split('\n').slice(0, 2)).toEqual([
      '<!-- release-safety -->',
      '### ❌ `1.4.1-pr.7` is not rolling-safe — migrations: heavy migration(s): 002.sql',
    ]);
    expect(requests).toContain('POST /repos/acme/service/issues/7/comments Bearer test-token');
  });

  it('updates the same comment on the next run instead of adding one', async () => {
    const run = await runAction({ command: 'pr', 'github-token': 'test-token', report: join(runnerFiles, 'pr2.md'), 'max-annotations': '0' }, 'pr-2');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('release-safety: pull request comment updated');
    expect(run.stdout).not.toContain('::error file=db');
    expect(run.stdout).toContain('more findings are in the job summary');
    expect(comments).toHaveLength(1);
    expect(requests.filter((line) => line.startsWith('PATCH /repos/acme/service/issues/comments/100'))).toHaveLength(1);
  });

  it('fails the step on the verdict only with fail-on: unsafe, and writes no comment without a token', async () => {
    const before = requests.length;
    const run = await runAction({ command: 'pr', 'fail-on': 'unsafe', report: join(runnerFiles, 'pr3.md') }, 'pr-3');
    expect(run.status).toBe(1);
    expect(requests.length).toBe(before);
  });

  it('refuses an event that is not a pull request, naming it', async () => {
    const run = await runAction({ command: 'pr' }, 'pr-4', { GITHUB_EVENT_PATH: join(runnerFiles, 'missing.json') });
    expect(run.status).toBe(2);
    expect(run.stdout).toContain('::error::release-safety:');
  });
});

describe('Action command pr on a pull request that affects nothing', () => {
  const quietEvent = () => {
    const file = join(runnerFiles, 'quiet.event.json');
    writeFileSync(file, JSON.stringify({ pull_request: { number: 8, base: { sha: baseSha }, head: { sha: quietHeadSha } } }));
    return file;
  };

  it('comment: relevant posts nothing when nothing affects the verdict', async () => {
    const run = await runAction({ command: 'pr', 'github-token': 'test-token', comment: 'relevant', report: join(runnerFiles, 'q1.md') }, 'quiet-1', {
      GITHUB_EVENT_PATH: quietEvent(),
    });
    expect(run.status).toBe(0);
    expect(run.outputs).toContain('rolling-update-safe=true\n');
    expect(run.stdout).toContain('release-safety: no pull request comment (nothing affects the verdict; comment: relevant)');
    expect(quietComments).toHaveLength(0);
  });

  it('otherwise the comment is one line', async () => {
    const run = await runAction({ command: 'pr', 'github-token': 'test-token', report: join(runnerFiles, 'q2.md') }, 'quiet-2', {
      GITHUB_EVENT_PATH: quietEvent(),
    });
    expect(run.stdout).toContain('release-safety: pull request comment created');
    expect(quietComments).toHaveLength(1);
    const [marker, line, ...rest] = quietComments[0]!.body.split('\n');
    expect(marker).toBe('<!-- release-safety -->');
    expect(line).toMatch(/^✅ `1\.4\.1-pr\.8` is rolling-safe: nothing in this pull request affects the verdict/);
    expect(rest.join('')).toBe('');
  });
});

describe('Action commands generate (defaults), upgrade-check, index, lint-migrations, diff-openapi', () => {
  it('generate on a pushed tag defaults to/from the tag and the release before it', async () => {
    repo.git('checkout', '-q', 'feature');
    repo.git('tag', 'v1.5.0');
    const run = await runAction({ out: 'release-safety.json', report: 'report.md' }, 'tag', { GITHUB_REF: 'refs/tags/v1.5.0' });
    repo.git('checkout', '-q', 'main');
    expect(run.status).toBe(0);
    const artifact = JSON.parse(readFileSync(join(repo.dir, 'release-safety.json'), 'utf8')) as { version: string; previousVersion: string };
    expect(artifact).toMatchObject({ version: '1.5.0', previousVersion: '1.4.0' });
    expect(run.outputs).toContain('required-stops=[]\n');
  });

  it('upgrade-check publishes the verdict and the required stops', async () => {
    const index = join(projectRoot, 'fixtures/lightdash-index.json');
    const run = await runAction({ command: 'upgrade-check', from: '1.110.0', to: '1.125.0', index }, 'check');
    expect(run.status).toBe(1);
    expect(run.outputs).toContain('verdict=UNSAFE\n');
    expect(run.outputs).toContain('required-stops=["1.111.0"]\n');
    expect(run.stdout).toContain('Verdict: UNSAFE');
  });

  it('lint-migrations expands globs, annotates and summarises', async () => {
    const run = await runAction({ command: 'lint-migrations', files: 'db/migrations/*.sql' }, 'lint');
    expect(run.status).toBe(0);
    expect(run.summary).toContain('## release-safety lint-migrations');
    const none = await runAction({ command: 'lint-migrations', files: 'nothing/*.sql' }, 'lint-none');
    expect(none.status).toBe(2);
    expect(none.stdout).toContain('input "files" matched no file');
  });

  it('diff-openapi annotates breaking changes and summarises', async () => {
    const dir = join(projectRoot, 'fixtures/diff/openapi/yaml');
    const run = await runAction({ command: 'diff-openapi', 'openapi-base': join(dir, 'base.yaml'), 'openapi-head': join(dir, 'revision.yaml') }, 'diff');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=.*revision\.yaml,title=release-safety request-parameter-became-required::/m);
    expect(run.summary).toContain('| breaking | `request-parameter-became-required` |');
  });

  it('index regenerates the index from an artifacts folder', async () => {
    const artifacts = join(runnerFiles, 'artifacts');
    execFileSync('mkdir', ['-p', artifacts]);
    execFileSync('cp', [join(repo.dir, 'release-safety.json'), join(artifacts, '1.5.0.json')]);
    const indexFile = join(runnerFiles, 'release-safety-index.json');
    const run = await runAction({ command: 'index', artifacts, index: indexFile }, 'index');
    expect(run.stderr).toContain(`wrote ${indexFile}`);
    expect(run.status).toBe(0);
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: { version: string }[] };
    expect(index.entries.map((entry) => entry.version)).toEqual(['1.4.0', '1.5.0']);
  });
});
