import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigChange, ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { cliPath, runCli } from '../helpers/cli.js';

/**
 * `upgrade-plan` on an index built by `index` from a folder of artifacts (also served over HTTP on
 * 127.0.0.1): a required stop splits the path in two hops; the operator's env file and used
 * operations are checked against the span's changes.
 */
let work: string;
let artifacts: string;
let indexFile: string;
let server: Server;
let baseUrl: string;

function artifact(
  version: string,
  previousVersion: string | null,
  safe: boolean,
  extra: { stops?: string[]; config?: ConfigChange[]; rest?: string[]; heavy?: boolean } = {},
): ReleaseSafetyArtifact {
  const surface = { checked: true, breaking: false as const, changes: [] as string[], breakingCount: 0, advisories: [], advisoryCount: 0 };
  return {
    schemaVersion: '2',
    version,
    previousVersion,
    releaseDate: `2026-0${version.split('.')[1]!}-01T00:00:00.000Z`.replace('-00-', '-01-'),
    migrations: extra.heavy
      ? {
          present: true,
          count: 1,
          coreCount: 1,
          eeCount: 0,
          files: [
            { name: '20260301_index_orders.sql', edition: 'core', tables: ['orders'], heaviness: { locksTable: true, rewritesTable: false, scansTable: true } },
          ],
        }
      : { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
    compatibility: { rollingUpdateSafe: safe, recommendedStrategy: safe ? 'RollingUpdate' : 'Recreate' },
    api: {
      rest: extra.rest ? { ...surface, breaking: true as never, changes: extra.rest, breakingCount: extra.rest.length } : surface,
      mcp: surface,
    },
    config: { checked: true, breaking: (extra.config?.some((change) => change.type !== 'defaultChanged') ?? false) as never, changes: extra.config ?? [] },
    upgrade: { minPreviousVersion: extra.stops?.[0] ?? null, requiredStops: extra.stops ?? [] },
    declaredBreaks: [],
  };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rs-plan-'));
  artifacts = join(work, 'artifacts');
  mkdirSync(artifacts);
  const releases = [
    artifact('1.0.0', null, true),
    artifact('1.1.0', '1.0.0', false, { config: [{ type: 'renamed', name: 'SMTP_HOST', previousName: 'MAIL_HOST', defaultValue: null }] }),
    artifact('1.2.0', '1.1.0', true, { config: [{ type: 'defaultChanged', name: 'PAGE_SIZE', previousDefault: '50', defaultValue: '100' }] }),
    artifact('1.3.0', '1.2.0', false, { stops: ['1.2.0'], rest: ['DELETE /api/v1/orders/{orderId} — operation removed'], heavy: true }),
    artifact('1.4.0', '1.3.0', true),
  ];
  for (const release of releases) writeFileSync(join(artifacts, `${release.version}.json`), JSON.stringify(release, null, 2));
  indexFile = join(work, 'release-safety-index.json');
  const indexed = runCli(['index', '--artifacts', artifacts, '--floor', '1.0.0', '--out', indexFile]);
  expect(indexed.status).toBe(0);
  server = createServer((request, response) => {
    const match = /^\/releases\/download\/v([0-9.]+)\/release-safety\.json$/.exec(request.url ?? '');
    try {
      const body = match ? readFileSync(join(artifacts, `${match[1]!}.json`)) : undefined;
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
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

/** Asynchronous: the artifact server answers from this process while the CLI runs. */
function plan(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'upgrade-plan', '--index', indexFile, ...args], {
      env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: join(work, 'cache') },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('upgrade-plan', () => {
  it('two hops through the required stop, env edits, the used operation removed mid-span (folder)', async () => {
    writeFileSync(join(work, 'prod.env'), 'MAIL_HOST=smtp.internal\nDATABASE_URL=postgres://db/app\n');
    writeFileSync(join(work, 'uses.txt'), '# what our client calls\nGET /api/v1/orders\nDELETE /api/v1/orders/:id\n');
    const run = await plan([
      '--from',
      '1.0.0',
      '--to',
      '1.4.0',
      '--artifacts',
      artifacts,
      '--env-file',
      join(work, 'prod.env'),
      '--uses',
      join(work, 'uses.txt'),
      '--format',
      'json',
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the span 1.0.0 → 1.4.0 is not proven rolling-safe');
    const result = JSON.parse(run.stdout) as {
      complete: boolean;
      hops: { from: string; to: string; strategy: string; releases: string[] }[];
      envActions: { release: string; variable: string; edit: string }[];
      uses: { changes: { release: string; used: string }[] };
      heavyMigrations: { release: string }[];
    };
    expect(result.complete).toBe(true);
    expect(result.hops.map(({ from, to, strategy, releases }) => ({ from, to, strategy, releases }))).toEqual([
      { from: '1.0.0', to: '1.2.0', strategy: 'Recreate', releases: ['1.1.0', '1.2.0'] },
      { from: '1.2.0', to: '1.4.0', strategy: 'Recreate', releases: ['1.3.0', '1.4.0'] },
    ]);
    expect(result.envActions).toEqual([
      { release: '1.1.0', variable: 'MAIL_HOST', edit: 'rename MAIL_HOST to SMTP_HOST (1.1.0 reads only the new name; keep the value "smtp.internal")' },
      {
        release: '1.2.0',
        variable: 'PAGE_SIZE',
        edit: 'you rely on the default of PAGE_SIZE: it changes from "50" to "100"; set PAGE_SIZE=50 to keep the old behaviour',
      },
    ]);
    expect(result.uses.changes).toEqual([
      { release: '1.3.0', used: 'DELETE /api/v1/orders/:id', change: 'DELETE /api/v1/orders/{orderId} — operation removed' },
    ]);
    expect(result.heavyMigrations.map((heavy) => heavy.release)).toEqual(['1.3.0']);
  });

  it('renders the checklist as markdown for a change ticket', async () => {
    const run = await plan(['--from', '1.0.0', '--to', '1.4.0', '--artifacts', artifacts, '--format', 'markdown']);
    expect(run.stdout).toContain('# Upgrade plan: 1.0.0 → 1.4.0');
    expect(run.stdout).toContain('Path: 1.0.0 → 1.2.0 (required stop) → 1.4.0');
    expect(run.stdout).toContain(
      '- 1.0.0 → 1.2.0: `Recreate` (2 release(s)) — 1.1.0 is not rolling-safe; 1.2.0 is a required stop: upgrade to it, let its migrations run, then continue',
    );
    expect(run.stdout).toContain('- [ ] Schedule 1 heavy migration(s) for a quiet time:');
    expect(run.stdout).toContain('- [ ] Confirm a current database backup before the first hop');
  });

  it('a safe span with every artifact is exit 0; "none of the operations you use changed"', async () => {
    writeFileSync(
      join(work, 'client.yaml'),
      "openapi: 3.0.3\ninfo: { title: c, version: '1' }\npaths:\n  /api/v1/orders:\n    get:\n      responses: { '200': { description: ok } }\n",
    );
    const run = await plan([
      '--from',
      '1.3.0',
      '--to',
      '1.4.0',
      '--artifacts',
      `${baseUrl}/releases/download/v{version}/release-safety.json`,
      '--uses',
      join(work, 'client.yaml'),
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('1.3.0 → 1.4.0: RollingUpdate');
    expect(run.stdout).toContain('None of the 1 operation(s) you use changed in a breaking way');
  });

  it('a missing artifact (HTTP 404) is reported and the plan incomplete: exit 1 even for a safe span', async () => {
    unlinkSync(join(artifacts, '1.4.0.json'));
    const run = await plan(['--from', '1.3.0', '--to', '1.4.0', '--artifacts', `${baseUrl}/releases/download/v{version}/release-safety.json`, '--offline']);
    // Offline: the cached copy of the earlier run stands in.
    expect(run.status).toBe(0);
    rmSync(join(work, 'cache'), { recursive: true, force: true });
    const missing = await plan(['--from', '1.3.0', '--to', '1.4.0', '--artifacts', `${baseUrl}/releases/download/v{version}/release-safety.json`]);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain('Missing artifacts (the plan is incomplete)');
    expect(missing.stdout).toMatch(/1\.4\.0: http:\/\/127\.0\.0\.1:\d+\/releases\/download\/v1\.4\.0\/release-safety\.json: HTTP 404/);
    expect(missing.stderr).toContain('the plan is incomplete (artifacts missing)');
  });

  it('bad input is exit 2 naming it', async () => {
    // (Not a missing --env-file: Node 20 itself reads that flag anywhere on the command line and stops first.)
    const run = await plan(['--from', '1.0.0', '--to', '1.4.0', '--uses', join(work, 'nope.txt')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cannot read --uses');
    const span = await plan(['--from', '1.0.0', '--to', '9.0.0']);
    expect(span.status).toBe(2);
    expect(span.stderr).toContain('cannot evaluate 1.0.0 → 9.0.0');
  });
});
