import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheFilePath, readCachedIndex, writeCachedIndex } from '../../src/span/index-cache.js';
import { resolveIndexSource } from '../../src/span/index-source.js';
import { parseIndex } from '../../src/span/load-index.js';
import { syntheticIndex } from './synthetic-index.js';

const emptyFolder = () => mkdtempSync(path.join(tmpdir(), 'rs-source-'));

describe('resolveIndexSource', () => {
  it.each([
    ['an https URL', 'https://example.test/release-safety-index.json', { kind: 'url', location: 'https://example.test/release-safety-index.json' }],
    ['an http URL', 'http://127.0.0.1:8080/i.json', { kind: 'url', location: 'http://127.0.0.1:8080/i.json' }],
    ['a relative path', 'data/index.json', { kind: 'file', location: path.resolve('/work/x', 'data/index.json') }],
    ['a file URL', pathToFileURL('/tmp/some index.json').href, { kind: 'file', location: '/tmp/some index.json' }],
  ])('reads --index as %s', (_name, index, expected) => {
    expect(resolveIndexSource({ index, env: {}, cwd: '/work/x' })).toEqual({ ...expected, origin: '--index' });
  });

  it.each([
    ['ftp://example.test/index.json', '--index: "ftp://example.test/index.json" uses an unsupported scheme (expected http://, https:// or a file path)'],
    ['https://exa mple.test/', '--index: "https://exa mple.test/" is not a valid URL'],
  ])('rejects %s', (index, message) => {
    expect(() => resolveIndexSource({ index, env: {}, cwd: '/work/x' })).toThrow(message);
  });

  it('an empty setting counts as unset, and a config indexUrl must be a string', () => {
    const folder = emptyFolder();
    writeFileSync(path.join(folder, 'release-safety.config.json'), JSON.stringify({ indexUrl: 42 }));
    expect(() => resolveIndexSource({ index: '', env: { RELEASE_SAFETY_INDEX_URL: '' }, cwd: folder })).toThrow('"indexUrl" must be a non-empty string');
    writeFileSync(path.join(folder, 'release-safety.config.json'), JSON.stringify({ openapi: false }));
    expect(() => resolveIndexSource({ env: {}, cwd: folder })).toThrow(/^no index given/);
  });

  it('names the setting that supplied the index', () => {
    const folder = emptyFolder();
    writeFileSync(path.join(folder, 'release-safety.config.json'), JSON.stringify({ indexUrl: 'https://config.test/i.json' }));
    expect(resolveIndexSource({ env: {}, cwd: folder }).origin).toBe('release-safety.config.json');
    expect(resolveIndexSource({ env: { RELEASE_SAFETY_INDEX_URL: 'https://env.test/i.json' }, cwd: folder })).toMatchObject({
      origin: 'RELEASE_SAFETY_INDEX_URL',
      location: 'https://env.test/i.json',
    });
  });
});

describe('index cache', () => {
  const record = { url: 'https://example.test/i.json', etag: '"v1"', lastModified: null, fetchedAt: '2026-01-01T00:00:00.000Z', body: '{}' };

  it('round-trips a record and leaves no temporary file', () => {
    const folder = path.join(emptyFolder(), 'nested', 'cache');
    writeCachedIndex(folder, record);
    expect(readCachedIndex(folder, record.url)).toEqual(record);
    expect(readdirSync(folder)).toEqual([path.basename(cacheFilePath(folder, record.url))]);
  });

  it('ignores a corrupt or foreign cache file instead of trusting it', () => {
    const folder = emptyFolder();
    writeFileSync(cacheFilePath(folder, record.url), '{"url": "https://example.test/i.json", "body": ');
    expect(readCachedIndex(folder, record.url)).toBeUndefined();
    writeFileSync(cacheFilePath(folder, record.url), JSON.stringify({ ...record, url: 'https://other.test/' }));
    expect(readCachedIndex(folder, record.url)).toBeUndefined();
  });

  it('reports a cache folder it cannot create', () => {
    const blocker = path.join(emptyFolder(), 'a-file');
    writeFileSync(blocker, 'not a folder');
    expect(() => writeCachedIndex(path.join(blocker, 'cache'), record)).toThrow(/ENOTDIR/);
  });
});

describe('parseIndex', () => {
  it('returns a valid index and names the source in every error', () => {
    const valid = syntheticIndex(['1.0.0', '1.1.0']);
    expect(parseIndex(JSON.stringify(valid), 'here.json')).toEqual(valid);
    expect(() => parseIndex('[', 'here.json')).toThrow(/^index here\.json is not valid JSON: /);
    expect(() => parseIndex('[]', 'here.json')).toThrow('index here.json does not match the index schema: /: must be object');
  });

  it('lists at most three schema problems and counts the rest', () => {
    const broken = syntheticIndex(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0']);
    for (const entry of broken.entries) (entry as { backfilled: unknown }).backfilled = 'no';
    expect(() => parseIndex(JSON.stringify(broken), 'i.json')).toThrow(/\/entries\/2\/backfilled: must be boolean \(and 2 more\)$/);
  });
});
