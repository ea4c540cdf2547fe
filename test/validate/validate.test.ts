import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeArtifact } from '../index/artifacts.js';
import type { ReleaseSafetyArtifact as Artifact, ReleaseSafetyIndex } from '../../src/artifact/types.js';

const realIndexFile = new URL('../../fixtures/lightdash-index.json', import.meta.url).pathname;
const realArtifactsDir = new URL('../../fixtures/lightdash-release-safety', import.meta.url).pathname;

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rs-validate-'));
  return () => rmSync(scratch, { recursive: true, force: true });
});

function writeJson(name: string, data: unknown): string {
  const file = join(scratch, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}

function realIndex(): ReleaseSafetyIndex {
  return JSON.parse(readFileSync(realIndexFile, 'utf8')) as ReleaseSafetyIndex;
}

describe('release-safety validate', () => {
  it('passes the real published index: schema, order, chain, floor and dates', () => {
    const run = runCli(['validate', realIndexFile]);
    expect(run.stdout).toBe(`${realIndexFile}: valid index (3111 entries, floor 0.1893.0)\n`);
    expect(run.status).toBe(0);
  });

  it.each(['1.136.1', '2.114.0', '2.133.1'])('passes the real artifact %s', (version) => {
    const run = runCli(['validate', join(realArtifactsDir, `${version}.json`), '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'artifact', valid: true, errors: [], warnings: [] });
    expect(run.status).toBe(0);
  });

  it('lists the first 20 problems of a broken index and counts the rest (exit 1)', () => {
    const index = realIndex();
    // Swapping neighbours breaks the order and the chain 30 times over.
    for (let i = 100; i < 130; i += 2) {
      const a = index.entries[i]!;
      index.entries[i] = index.entries[i + 1]!;
      index.entries[i + 1] = a;
    }
    index.entries[5]!.syntheticRequiredStop = true;
    const run = runCli(['validate', writeJson('broken-index.json', index)]);
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/INVALID index: \d+ problems$/);
    expect(lines.filter((line) => line.startsWith('  error: '))).toHaveLength(20);
    expect(run.stdout).toMatch(/ {2}… and \d+ more errors/);
    expect(run.stdout).toContain('error: 0.1895.0 has syntheticRequiredStop: true but the floor is 0.1893.0');
  });

  it('reports schema problems with their JSON pointer', () => {
    const index = realIndex();
    (index.entries[2] as unknown as Record<string, unknown>).rollingUpdateSafe = 'yes';
    const run = runCli(['validate', writeJson('schema-index.json', index), '--json']);
    expect(run.status).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ kind: 'index', valid: false });
    expect(result.errors).toContain('/entries/2/rollingUpdateSafe: must be one of [true,false,"unknown"]');
  });

  it('warns, but passes, on a date going backwards', () => {
    const index = realIndex();
    index.entries[10]!.releaseDate = '2020-01-01T00:00:00Z';
    const run = runCli(['validate', writeJson('dates-index.json', index)]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`warning: ${index.entries[10]!.version} was released 2020-01-01T00:00:00Z, before`);
  });

  it('rejects an artifact that advises a rolling update without a proven verdict', () => {
    const artifact = makeArtifact('1.1.0', '1.0.0', { safe: 'unknown' });
    artifact.compatibility.recommendedStrategy = 'RollingUpdate';
    const run = runCli(['validate', writeJson('unsafe-artifact.json', artifact)]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'error: /compatibility/recommendedStrategy: RollingUpdate with rollingUpdateSafe "unknown" (only true may recommend RollingUpdate)',
    );
  });

  it.each([
    [
      'an unchecked REST surface',
      (a: Artifact) => void Object.assign(a.api.rest, { checked: false, breaking: 'unknown' }),
      '/api/rest: checked false, breaking "unknown"',
    ],
    [
      'a breaking MCP surface',
      (a: Artifact) => void Object.assign(a.api.mcp, { breaking: true, breakingCount: 1, changes: ['tool x removed'] }),
      '/api/mcp: checked true, breaking true',
    ],
    [
      'an unchecked config surface',
      (a: Artifact) => void Object.assign(a.config, { checked: false, breaking: 'unknown' }),
      '/config: checked false, breaking "unknown"',
    ],
    ['migrations that could not be read', (a: Artifact) => void Object.assign(a.migrations, { present: 'unknown' }), '/migrations/present: "unknown"'],
    [
      'a migration that may lock a table (unknown: never accepted)',
      (a: Artifact) =>
        void Object.assign(a.migrations, {
          present: true,
          count: 1,
          coreCount: 1,
          files: [{ name: '001.sql', edition: 'core', tables: ['users'], heaviness: { locksTable: 'unknown', rewritesTable: false, scansTable: false } }],
        }),
      '/migrations/files/0/heaviness: 001.sql may lock, rewrite or scan a table (unknown)',
    ],
    [
      'a declared break',
      (a: Artifact) => void a.declaredBreaks.push({ file: 'a.ts', line: 1, reason: 'the queue protocol changes incompatibly', requiredStop: false }),
      '/declaredBreaks: 1 declared break',
    ],
  ])('rejects rollingUpdateSafe true that its own sections disprove: %s (index refuses it too)', (_name, spoil, detail) => {
    const artifact = makeArtifact('1.1.0', '1.0.0');
    spoil(artifact);
    const file = writeJson(`contradicting-${String(Math.random()).slice(2)}.json`, artifact);
    const run = runCli(['validate', file]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`error: /compatibility/rollingUpdateSafe: true contradicts ${detail}`);
    const dir = mkdtempSync(join(scratch, 'artifacts-'));
    writeFileSync(join(dir, '1.1.0.json'), JSON.stringify(artifact));
    const index = runCli(['index', '--artifacts', dir, '--out', join(dir, 'index.out')]);
    expect(index.status).toBe(2);
    expect(index.stderr).toContain('rollingUpdateSafe: true contradicts');
  });

  it.each([
    ['a document of neither kind', { hello: 'world' }, 1, '/: neither a release-safety artifact'],
    ['an array', [1, 2], 1, '/: neither a release-safety artifact'],
    ['text that is not JSON', '{"entries": [', 2, 'is not JSON'],
  ])('handles %s', (_name, data, status, message) => {
    const run = runCli(['validate', writeJson(`odd-${status}-${String(Math.random()).slice(2)}.json`, data)]);
    expect(run.status).toBe(status);
    expect(run.stdout + run.stderr).toContain(message);
  });

  it('exits 2 naming a file that cannot be read', () => {
    const run = runCli(['validate', join(scratch, 'missing.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`cannot read ${join(scratch, 'missing.json')}`);
  });
});
