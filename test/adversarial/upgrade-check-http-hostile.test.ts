import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, projectRoot, type CliRun } from '../helpers/cli.js';

/**
 * Hostile index servers on 127.0.0.1: a gzip bomb, a body larger than the cap, HTML, a redirect loop,
 * a server that drips bytes forever, a truncated body, a 500. Each is exit 2 with one line naming
 * the URL, in bounded time and memory; none is ever a verdict.
 */
const realIndexBody = readFileSync(path.join(projectRoot, 'fixtures/lightdash-index.json'), 'utf8');
// The child reports its peak memory on exit (spawn has no rusage of the child).
const RSS_HOOK = 'data:text/javascript,process.on("exit",()=>{process.stderr.write(`\\nmax-rss-kb=${process.resourceUsage().maxRSS}\\n`)})';

function runCli(args: readonly string[]): Promise<CliRun & { maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', RSS_HOOK, cliPath, ...args], {
      cwd: projectRoot,
      env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_INDEX_URL: '', RELEASE_SAFETY_CACHE_DIR: mkdtempSync(path.join(tmpdir(), 'rs-hostile-cache-')) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      const maxRssMb = Number(/max-rss-kb=(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
      resolve({ status: status ?? -1, stdout, stderr: stderr.replace(/\nmax-rss-kb=\d+\n/, ''), maxRssMb });
    });
  });
}

let server: Server;
let base: string;
let bomb: Buffer;
let gzippedIndex: Buffer;

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = request.url ?? '/';
  if (url === '/bomb.json') {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
  } else if (url === '/index.json.gz') {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzippedIndex);
  } else if (url === '/html') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Sign in</body></html>');
  } else if (url === '/loop') {
    response.writeHead(302, { location: '/loop' }).end();
  } else if (url === '/drip') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{');
    const timer = setInterval(() => response.write(' '), 50);
    response.on('close', () => clearInterval(timer));
  } else if (url === '/truncated') {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(realIndexBody.length) });
    response.write(realIndexBody.slice(0, 1000), () => response.destroy());
  } else if (url === '/error') {
    response.writeHead(500).end('internal error');
  } else {
    response.writeHead(404).end();
  }
}

beforeAll(async () => {
  // 256 MB of spaces: about 250 KB gzipped, the shape of the bomb that reached 8.5 GB before.
  bomb = gzipSync(Buffer.alloc(256 * 1024 * 1024, 0x20), { level: 1 });
  gzippedIndex = gzipSync(realIndexBody);
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const span = ['upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index'];

describe('hostile index servers', () => {
  it('a gzip bomb is cut at the 64 MB default cap: exit 2 naming the cap, memory bounded', async () => {
    const run = await runCli([...span, `${base}/bomb.json`]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `release-safety: could not fetch the index ${base}/bomb.json: the body is larger than 67108864 bytes (raise --max-index-bytes if this index is really that large)`,
    );
    expect(run.maxRssMb).toBeLessThan(400);
  });

  it('--max-index-bytes lowers and raises the cap; a compressed real index is measured decompressed', async () => {
    const refused = await runCli([...span, `${base}/index.json.gz`, '--max-index-bytes', '500000']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('larger than 500000 bytes');
    const accepted = await runCli([...span, `${base}/index.json.gz`, '--max-index-bytes', '2000000']);
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('Verdict: SAFE');
  });

  it('--max-index-bytes must be a positive number', async () => {
    const run = await runCli([...span, `${base}/index.json.gz`, '--max-index-bytes', 'lots']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--max-index-bytes "lots" is not a positive number of bytes');
  });

  it.each([
    ['HTML instead of JSON', '/html', /is not valid JSON/],
    ['a redirect loop', '/loop', /could not fetch the index .*\/loop: /],
    ['a body that drips forever', '/drip', /timed out after 1000 ms/],
    ['a truncated body', '/truncated', /could not fetch the index .*\/truncated: /],
    ['HTTP 500', '/error', /HTTP 500/],
  ])('%s: exit 2, one line, no verdict', async (_name, route, message) => {
    const started = Date.now();
    const run = await runCli([...span, `${base}${route}`, '--timeout', '1000']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
