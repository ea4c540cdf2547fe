import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDirectory, cacheFilePath, writeCachedIndex } from '../../src/span/index-cache.js';
import { cliPath, projectRoot, type CliRun } from '../helpers/cli.js';
import { syntheticIndex } from './synthetic-index.js';

/** The shared helper blocks on spawnSync, which would starve this process's own HTTP server. */
function runCliAsync(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: projectRoot,
      env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_INDEX_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}

const realIndexBody = readFileSync(path.join(projectRoot, 'fixtures/lightdash-index.json'), 'utf8');
const ETAG = '"lightdash-006ced09"';
const LAST_MODIFIED = 'Wed, 12 Aug 2026 11:40:50 GMT';

interface Seen {
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  status: number;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
/** Per-path switch a test flips to make the server fail (simulates an outage after a first fetch). */
const failing = new Set<string>();
/** Paths the server stops answering at all (simulates a stalled connection after a first fetch). */
const hanging = new Set<string>();

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = request.url ?? '/';
  const record = (status: number) =>
    seen.push({ path: url, ifNoneMatch: request.headers['if-none-match'], ifModifiedSince: request.headers['if-modified-since'], status });
  if (url.startsWith('/hang') || hanging.has(url)) {
    record(0); // never answers; the client's --timeout must end it
    return;
  }
  if (failing.has(url)) {
    record(503);
    response.writeHead(503).end('down for maintenance');
    return;
  }
  if (url.startsWith('/etag')) {
    if (request.headers['if-none-match'] === ETAG) {
      record(304);
      response.writeHead(304, { etag: ETAG }).end();
      return;
    }
    record(200);
    response.writeHead(200, { 'content-type': 'application/json', etag: ETAG }).end(realIndexBody);
    return;
  }
  if (url.startsWith('/last-modified')) {
    if (request.headers['if-modified-since'] === LAST_MODIFIED) {
      record(304);
      response.writeHead(304).end();
      return;
    }
    record(200);
    response.writeHead(200, { 'content-type': 'application/json', 'last-modified': LAST_MODIFIED }).end(realIndexBody);
    return;
  }
  if (url.startsWith('/invalid')) {
    record(200);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...syntheticIndex(['1.0.0', '1.1.0']), schemaVersion: '2' }));
    return;
  }
  record(404);
  response.writeHead(404).end('not found');
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const freshCache = () => mkdtempSync(path.join(tmpdir(), 'rs-http-cache-'));
const safeSpan = ['upgrade-check', '--from', '1.121.0', '--to', '1.136.1'];
const requestsTo = (prefix: string) => seen.filter((request) => request.path === prefix);

describe('upgrade-check with an index URL (local server on 127.0.0.1)', () => {
  it('fetches, caches with the ETag, then revalidates with If-None-Match and uses the cache on 304', async () => {
    const cache = freshCache();
    const url = `${base}/etag/a.json`;
    const first = await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Verdict: SAFE');
    const cached = JSON.parse(readFileSync(cacheFilePath(cache, url), 'utf8')) as { etag: string; body: string };
    expect(cached.etag).toBe(ETAG);
    expect(cached.body).toBe(realIndexBody);
    expect(readdirSync(cache).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const second = await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toBe('');
    expect(requestsTo('/etag/a.json').map(({ status, ifNoneMatch }) => ({ status, ifNoneMatch }))).toEqual([
      { status: 200, ifNoneMatch: undefined },
      { status: 304, ifNoneMatch: ETAG },
    ]);
  });

  it('sends If-Modified-Since when the server gave only Last-Modified', async () => {
    const cache = freshCache();
    const url = `${base}/last-modified/b.json`;
    expect((await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache })).status).toBe(0);
    expect((await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache })).status).toBe(0);
    expect(requestsTo('/last-modified/b.json').map(({ status, ifModifiedSince }) => ({ status, ifModifiedSince }))).toEqual([
      { status: 200, ifModifiedSince: undefined },
      { status: 304, ifModifiedSince: LAST_MODIFIED },
    ]);
  });

  it('reads the URL from RELEASE_SAFETY_INDEX_URL', async () => {
    const run = await runCliAsync(['upgrade-check', '--from', '1.110.0', '--to', '1.125.0'], {
      RELEASE_SAFETY_CACHE_DIR: freshCache(),
      RELEASE_SAFETY_INDEX_URL: `${base}/etag/env.json`,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Unsafe rolling-update safety: 1.112.0\n');
  });

  it('when the server fails later, uses the cached copy and warns on stderr that it may be stale', async () => {
    const cache = freshCache();
    const url = `${base}/etag/outage.json`;
    expect((await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache })).status).toBe(0);
    failing.add('/etag/outage.json');
    try {
      const run = await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Verdict: SAFE');
      expect(run.stderr).toMatch(
        /^release-safety: warning: could not fetch the index .*outage\.json \(HTTP 503\); using the cached copy from \S+, which may be stale\n$/,
      );
    } finally {
      failing.delete('/etag/outage.json');
    }
  });

  it('without a cached copy, a failing server is exit 2 naming the URL', async () => {
    const run = await runCliAsync([...safeSpan, '--index', `${base}/nothing-here.json`], { RELEASE_SAFETY_CACHE_DIR: freshCache() });
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd()).toBe(`release-safety: could not fetch the index ${base}/nothing-here.json: HTTP 404`);
  });

  it('--offline uses the cache without any request, and is exit 2 when nothing is cached', async () => {
    const cache = freshCache();
    const url = `${base}/etag/offline.json`;
    expect((await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache })).status).toBe(0);
    const requestsBefore = seen.length;
    const offline = await runCliAsync([...safeSpan, '--index', url, '--offline'], { RELEASE_SAFETY_CACHE_DIR: cache });
    expect(offline.status, offline.stderr).toBe(0);
    expect(seen.length).toBe(requestsBefore);

    const empty = freshCache();
    const none = await runCliAsync([...safeSpan, '--index', url, '--offline'], { RELEASE_SAFETY_CACHE_DIR: empty });
    expect(none.status).toBe(2);
    expect(none.stderr.trimEnd()).toBe(`release-safety: --offline: no cached copy of ${url} in ${empty}; run once online first`);
    expect(seen.length).toBe(requestsBefore);
  });

  it('--timeout ends a request the server never answers: exit 2, or the cached copy with a warning', async () => {
    const started = Date.now();
    const run = await runCliAsync([...safeSpan, '--index', `${base}/hang/c.json`, '--timeout', '300'], { RELEASE_SAFETY_CACHE_DIR: freshCache() });
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd()).toBe(`release-safety: could not fetch the index ${base}/hang/c.json: timed out after 300 ms`);
    expect(Date.now() - started).toBeLessThan(10_000);

    const cache = freshCache();
    const url = `${base}/etag/stall.json`;
    expect((await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache })).status).toBe(0);
    hanging.add('/etag/stall.json');
    try {
      const stale = await runCliAsync([...safeSpan, '--index', url, '--timeout', '300'], { RELEASE_SAFETY_CACHE_DIR: cache });
      expect(stale.status).toBe(0);
      expect(stale.stderr).toMatch(/^release-safety: warning: could not fetch the index .*stall\.json \(timed out after 300 ms\); using the cached copy/);
    } finally {
      hanging.delete('/etag/stall.json');
    }
  });

  it('a refused connection falls back to a cached copy with a warning, and is exit 2 without one', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/index.json`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const none = await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: freshCache() });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^release-safety: could not fetch the index http:\/\/127\.0\.0\.1:\d+\/index\.json: fetch failed: .*ECONNREFUSED/);

    const cache = freshCache();
    writeCachedIndex(cache, { url, etag: null, lastModified: null, fetchedAt: '2026-08-12T12:00:00.000Z', body: realIndexBody });
    const stale = await runCliAsync([...safeSpan, '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache });
    expect(stale.status).toBe(0);
    expect(stale.stderr).toMatch(/; using the cached copy from 2026-08-12T12:00:00\.000Z, which may be stale\n$/);
  });

  it('a fresh body that fails the schema is exit 2 and does not replace the cache', async () => {
    const cache = freshCache();
    const url = `${base}/invalid/d.json`;
    const run = await runCliAsync(['upgrade-check', '--from', '1.0.0', '--to', '1.1.0', '--index', url], { RELEASE_SAFETY_CACHE_DIR: cache });
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd()).toBe(`release-safety: index ${url} does not match the index schema: /schemaVersion: must be "1"`);
    expect(existsSync(cacheFilePath(cache, url))).toBe(false);
  });
});

describe('cache folder', () => {
  it('is RELEASE_SAFETY_CACHE_DIR, else $XDG_CACHE_HOME/release-safety, else ~/.cache/release-safety', () => {
    expect(cacheDirectory({ RELEASE_SAFETY_CACHE_DIR: '/tmp/rs-explicit', XDG_CACHE_HOME: '/tmp/xdg' })).toBe('/tmp/rs-explicit');
    expect(cacheDirectory({ XDG_CACHE_HOME: '/tmp/xdg' })).toBe('/tmp/xdg/release-safety');
    expect(cacheDirectory({ HOME: '/home/someone' })).toMatch(/\/\.cache\/release-safety$/);
  });

  it('names each URL by a hash, so different URLs never share a file', () => {
    expect(cacheFilePath('/c', 'https://a.example/index.json')).not.toBe(cacheFilePath('/c', 'https://b.example/index.json'));
    expect(path.basename(cacheFilePath('/c', 'https://a.example/index.json'))).toMatch(/^index-[0-9a-f]{64}\.json$/);
  });
});
