import { describe, expect, it } from 'vitest';
import { committerDateOf, parseLsTree, parseNameStatus, parseTagRefs } from '../../src/git/parse.js';
import { TextCache } from '../../src/git/text-cache.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('git output parsers', () => {
  it('keeps blobs of ls-tree -z (tabs and newlines in names included) and skips submodules', () => {
    const output = `100644 blob ${A}\tsrc/a b.ts\x00120000 blob ${B}\tlink\x00160000 commit ${A}\tvendor/sub\x00100644 blob ${B}\tweird\tname\nx\x00`;
    expect([...parseLsTree(output)]).toEqual([
      ['src/a b.ts', A],
      ['link', B],
      ['weird\tname\nx', B],
    ]);
  });

  it('maps diff-tree statuses (type change is a modification) and sorts by path bytes', () => {
    expect(parseNameStatus('M\x00z.txt\x00A\x00B.txt\x00D\x00a.txt\x00T\x00link\x00')).toEqual([
      { status: 'added', path: 'B.txt' },
      { status: 'deleted', path: 'a.txt' },
      { status: 'modified', path: 'link' },
      { status: 'modified', path: 'z.txt' },
    ]);
    expect(parseNameStatus('')).toEqual([]);
    expect(() => parseNameStatus('U\x00conflict.txt\x00')).toThrow(/unexpected diff status/);
  });

  it('reads the committer date of a raw commit object as ISO 8601 UTC', () => {
    const commit = `tree ${A}\nauthor A <a@x> 1700000000 +0200\ncommitter C <c@x> 1767225600 -0500\n\ncommitter 1 +0000 in the message\n`;
    expect(committerDateOf(commit)).toBe('2026-01-01T00:00:00.000Z');
    expect(() => committerDateOf(`tree ${A}\n\nno committer`)).toThrow(/no committer/);
  });

  it('dereferences annotated tags and ignores tags of non-commits', () => {
    const output = [`v1.0.0\x00commit\x00${A}\x00\x00`, `v1.1.0\x00tag\x00${B}\x00commit\x00${A}`, `blob-tag\x00blob\x00${B}\x00\x00`].join('\n');
    expect(parseTagRefs(output)).toEqual([
      { name: 'v1.0.0', commit: A },
      { name: 'v1.1.0', commit: A },
      { name: 'blob-tag', commit: undefined },
    ]);
  });
});

describe('TextCache', () => {
  it('loads each id once and evicts least recently used texts beyond its budget', async () => {
    const cache = new TextCache(10);
    let loads = 0;
    const load = (text: string) => async () => {
      loads++;
      return text;
    };
    expect(await cache.get('a', load('12345'))).toBe('12345');
    expect(await cache.get('a', load('other'))).toBe('12345');
    expect(loads).toBe(1);
    await cache.get('b', load('12345'));
    await cache.get('a', load('12345')); // a is now the most recent
    await cache.get('c', load('123')); // over budget: b goes
    expect(cache.size).toBe(2);
    await cache.get('a', load('x'));
    expect(loads).toBe(3);
    await cache.get('b', load('12345'));
    expect(loads).toBe(4);
  });

  it('does not cache a failed load', async () => {
    const cache = new TextCache();
    await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
  });
});
