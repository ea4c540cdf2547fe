import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './helpers/cli.js';
import { createRepo, type TestRepo } from './helpers/git-fixture.js';
import { serviceReleases, type ServiceReleases } from './bump/service-releases.js';

/**
 * The Action's `bump-check` as the runner starts it on a Renovate-style pull request of a deployment
 * repository (the bundle, INPUT_* variables, the pull_request event, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files), with a local HTTP server on 127.0.0.1 standing in for the GitHub REST API.
 */
const bundleDir = join(projectRoot, 'action', '.test-dist-bump');
const bundle = join(bundleDir, 'index.mjs');
// As GitHub answers: every comment carries its author (the Action updates only its own).
const comments: { id: number; body: string; user: { login: string } }[] = [];
const requests: string[] = [];
let server: Server;
let apiUrl: string;
let repo: TestRepo;
let service: ServiceReleases;
let runnerFiles: string;
let baseSha: string;
let headSha: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-action.mjs', 'action/.test-dist-bump'], { cwd: projectRoot, stdio: 'pipe' });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url}`);
      const json = (status: number, data: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(data));
      };
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method === 'GET' && url.pathname === '/repos/acme/gitops/issues/9/comments')
        return json(200, [{ id: 1, body: 'renovate: this PR updates ghcr.io/acme/app', user: { login: 'renovate[bot]' } }, ...comments]);
      if (request.method === 'POST' && url.pathname === '/repos/acme/gitops/issues/9/comments') {
        const created = { id: 100 + comments.length, body: (JSON.parse(body) as { body: string }).body, user: { login: 'github-actions[bot]' } };
        comments.push(created);
        return json(201, created);
      }
      const patch = /^\/repos\/acme\/gitops\/issues\/comments\/(\d+)$/.exec(url.pathname);
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

  service = serviceReleases();
  repo = createRepo();
  const config = { images: { 'ghcr.io/acme/app': { index: 'ops/app/release-safety-index.json', tags: 'v{version}', artifacts: 'ops/app/artifacts' } } };
  const compose = (tag: string) =>
    `services:\n  web:\n    image: ghcr.io/acme/app:${tag}\n    environment:\n      MAIL_HOST: smtp.internal\n  cache:\n    image: redis:7.2\n`;
  baseSha = repo.commit({ 'release-safety.config.json': JSON.stringify(config), ...service.files('ops/app'), 'compose.yaml': compose('v1.2.0') });
  repo.git('checkout', '-q', '-b', 'renovate/ghcr.io-acme-app-1.x');
  headSha = repo.commit({ 'compose.yaml': compose('v1.4.0').replace('redis:7.2', 'redis:7.4') }, { message: 'chore(deps): update ghcr.io/acme/app to v1.4.0' });
  repo.git('checkout', '-q', 'main');
  runnerFiles = mkdtempSync(join(tmpdir(), 'rs-runner-bump-'));
}, 120_000);

afterAll(async () => {
  repo?.cleanup();
  rmSync(runnerFiles, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(service.folder, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function runAction(inputs: Record<string, string>, name: string) {
  const output = join(runnerFiles, `${name}.out`);
  const summary = join(runnerFiles, `${name}.summary`);
  const event = join(runnerFiles, `${name}.event.json`);
  writeFileSync(event, JSON.stringify({ action: 'opened', pull_request: { number: 9, base: { sha: baseSha }, head: { sha: headSha } } }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_EVENT_PATH: event,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'acme/gitops',
    GITHUB_API_URL: apiUrl,
    RUNNER_TEMP: runnerFiles,
  };
  for (const [key, value] of Object.entries(inputs)) env[`INPUT_${key.toUpperCase()}`] = value;
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

describe('Action command bump-check', () => {
  it('on a pull_request event: annotations on the changed lines, the job summary and one sticky comment; the verdict alone does not fail the step', async () => {
    const run = await runAction({ command: 'bump-check', 'github-token': 'test-token' }, 'bump-1');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('::error file=compose.yaml,line=3,title=release-safety bump-check::ghcr.io/acme/app 1.2.0 → 1.4.0: UNSAFE, strategy Recreate');
    expect(run.stdout).toContain('::warning file=compose.yaml,line=5,title=release-safety bump-check::MAIL_HOST: 1.3.0 renamed it to SMTP_HOST');
    expect(run.stdout).toContain('release-safety: pull request comment created');
    expect(run.outputs).toContain('verdict=UNSAFE\n');
    expect(run.outputs).toContain('exit-code=0\n');
    expect(run.summary).toContain('### `ghcr.io/acme/app` 1.2.0 → 1.4.0');
    expect(run.summary).toContain('`compose.yaml` `redis:7.4`: no entry for redis');
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body.startsWith('<!-- release-safety -->\n**release-safety** bump check of pull request #9')).toBe(true);
    expect(comments[0]!.body).toContain('`compose.yaml:5` sets `MAIL_HOST`');
  });

  it('with fail-on: unsafe the step fails, and the same comment is updated', async () => {
    const run = await runAction({ command: 'bump-check', 'github-token': 'test-token', 'fail-on': 'unsafe' }, 'bump-2');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('release-safety: pull request comment updated');
    expect(comments).toHaveLength(1);
    expect(requests.filter((line) => line.startsWith('POST '))).toHaveLength(1);
  });
});
