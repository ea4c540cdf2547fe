import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { defaultJobs } from '../index/backfill.js';
import { DiskDerivedCache, MemoryDerivedCache } from './derived-cache.js';
import { toolFingerprint } from './tool-fingerprint.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rs-derived-cache-'));
  folders.push(folder);
  return folder;
}

describe('derived-results cache', () => {
  test('memory: bounded by the characters of its values, least recently used out first', () => {
    const cache = new MemoryDerivedCache(25); // each value is 10 characters of JSON
    cache.set('a', 'x'.repeat(8));
    cache.set('b', 'y'.repeat(8));
    expect(cache.get('a')).toBe('xxxxxxxx');
    cache.set('c', 'z'.repeat(8));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('xxxxxxxx');
    expect(cache.get('c')).toBe('zzzzzzzz');
    cache.set('huge', 'w'.repeat(100));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  test('disk: a folder that cannot be written only costs the work (no error)', () => {
    const dir = scratch();
    const blocked = join(dir, 'file');
    writeFileSync(blocked, 'not a folder');
    const cache = new DiskDerivedCache(blocked, () => 'build');
    expect(() => cache.set('k', { v: 1 })).not.toThrow();
    expect(new DiskDerivedCache(blocked, () => 'build').get('k')).toBeUndefined();
  });

  test('the tool fingerprint changes when a file of the code changes, and with the dependencies', () => {
    const dir = scratch();
    const code = join(dir, 'dist');
    mkdirSync(code);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '1.0.0', dependencies: { 'some-orm': '^1' } }));
    writeFileSync(join(code, 'classify.js'), 'export const rule = 1;\n');
    const first = toolFingerprint(code);
    expect(toolFingerprint(code)).toBe(first);
    // Same size, rebuilt later (a dev checkout of the same version).
    writeFileSync(join(code, 'classify.js'), 'export const rule = 2;\n');
    utimesSync(join(code, 'classify.js'), new Date(), new Date(Date.now() + 5000));
    const rebuilt = toolFingerprint(code);
    expect(rebuilt).not.toBe(first);
    mkdirSync(join(dir, 'node_modules', 'some-orm'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'some-orm', 'package.json'), JSON.stringify({ version: '1.2.3' }));
    expect(toolFingerprint(code)).not.toBe(rebuilt);
  });

  test('backfill uses one job below 4 cores, then half the cores (at most 4)', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultJobs(cores))).toEqual([1, 1, 1, 2, 4, 4]);
  });
});
