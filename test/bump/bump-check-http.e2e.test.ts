import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { serviceReleases, type ServiceReleases } from './service-releases.js';

/**
 * `bump-check` with the service's index and artifacts over HTTP on 127.0.0.1 (as a service publishes
 * them), a Docker Hub image named without its host, and the markdown report: links to each release's
 * artifact from the operator's config, and repository text that cannot turn into mentions or links.
 */
let service: ServiceReleases;
let server: Server;
let baseUrl: string;
let repo: TestRepo;
let cache: string;
const served: string[] = [];

beforeAll(async () => {
  service = serviceReleases();
  server = createServer((request, response) => {
    served.push(request.url ?? '');
    const artifact = /^\/download\/v([0-9.]+)\/release-safety\.json$/.exec(request.url ?? '');
    try {
      const body =
        request.url === '/release-safety-index.json'
          ? readFileSync(service.indexFile)
          : artifact
            ? readFileSync(join(service.artifactsFolder, `${artifact[1]!}.json`))
            : undefined;
      if (!body) throw new Error('not found');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end('Not Found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cache = mkdtempSync(join(tmpdir(), 'rs-bump-cache-'));
  repo = createRepo();
  const config = {
    images: { 'docker.io/acme/worker': { index: `${baseUrl}/release-safety-index.json`, artifacts: `${baseUrl}/download/v{version}/release-safety.json` } },
  };
  const composeFile = (tag: string) =>
    `services:\n  "worker @octocat [click](https://evil.example) <b>x</b>":\n    image: acme/worker:${tag}\n    environment:\n      - "MAIL_HOST=smtp.internal"\n`;
  repo.commit({ 'release-safety.config.json': JSON.stringify(config), 'deploy/compose.yml': composeFile('1.2.0') }, { tag: 'base' });
  repo.commit({ 'deploy/compose.yml': composeFile('1.4.0') }, { tag: 'head' });
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  repo.cleanup();
  rmSync(cache, { recursive: true, force: true });
  rmSync(service.folder, { recursive: true, force: true });
});

function bumpCheck(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'bump-check', '--repo', repo.dir, '--base', 'base', '--head', 'head', ...args], {
      env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: cache },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('bump-check over HTTP', () => {
  it('reads the index and the artifacts from 127.0.0.1: verdict, hops and the env finding', async () => {
    const run = await bumpCheck(['--json']);
    expect(run.status).toBe(1);
    const result = JSON.parse(run.stdout) as {
      bumps: {
        image: string;
        fromVersion: string;
        toVersion: string;
        strategy: string;
        envFindings: { oldName: string; newName: string; file: string; line: number }[];
      }[];
    };
    expect(result.bumps).toHaveLength(1);
    expect(result.bumps[0]).toMatchObject({ image: 'docker.io/acme/worker', fromVersion: '1.2.0', toVersion: '1.4.0', strategy: 'Recreate' });
    expect(result.bumps[0]!.envFindings).toMatchObject([{ oldName: 'MAIL_HOST', newName: 'SMTP_HOST', file: 'deploy/compose.yml', line: 5 }]);
    expect(served).toContain('/release-safety-index.json');
    expect(served).toContain('/download/v1.3.0/release-safety.json');
  });

  it('markdown: a section per bump with links to each artifact from the config; repository text stays inert', async () => {
    const run = await bumpCheck(['--format', 'markdown']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('### `docker.io/acme/worker` 1.2.0 → 1.4.0');
    expect(run.stdout).toContain('**UNSAFE — Recreate**');
    expect(run.stdout).toContain(`[1.3.0](${baseUrl}/download/v1.3.0/release-safety.json), [1.4.0](${baseUrl}/download/v1.4.0/release-safety.json)`);
    expect(run.stdout).toContain('`deploy/compose.yml:5` sets `MAIL_HOST`: 1.3.0 renamed it to `SMTP_HOST`');
    // Outside code spans, nothing of the service name is live markdown: no mention, no link, no HTML.
    const outsideCode = run.stdout.replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toContain('@octocat');
    expect(outsideCode).not.toContain('evil.example');
    expect(outsideCode).not.toContain('<b>');
    expect(run.stdout).toContain('`services.worker @octocat [click](https://evil.example) <b>x</b>`');
  });

  it('--offline uses the cached index and artifacts of the earlier runs', async () => {
    const before = served.length;
    const run = await bumpCheck(['--json', '--offline']);
    expect(run.status).toBe(1);
    expect(served.length).toBe(before);
    expect((JSON.parse(run.stdout) as { bumps: { envFindings: unknown[] }[] }).bumps[0]!.envFindings).toHaveLength(1);
  });
});
