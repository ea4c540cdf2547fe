import { describe, expect, it } from 'vitest';
import type { ChangedPath, StageInput } from './contract.js';
import { undeclaredSurfaceEvidence } from './undeclared-surface.js';

/**
 * The evidence of an undeclared surface is reused from the previous pair's head tree only when the
 * release touched nothing it can see (issue 36): every change that can move it is recomputed.
 */
const TRPC = { dependencies: ['@trpc/server'] };
const GRAPHQL = { dependencies: ['graphql-yoga'], files: /(^|\/)schema\.graphql$/ };

type Files = Record<string, string>;
const treeOf = (files: Files) => new Map(Object.keys(files).map((path) => [path, `blob:${files[path]}`]));

function pair(base: { tree: Map<string, string>; files: Files }, headFiles: Files, reads: string[]) {
  const head = treeOf(headFiles);
  const changes: ChangedPath[] = [];
  for (const path of new Set([...base.tree.keys(), ...head.keys()])) {
    const before = base.tree.get(path);
    const after = head.get(path);
    if (before !== after) changes.push({ path, status: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified' });
  }
  const input = {
    changes,
    trees: { base: base.tree, head },
    read: async (side: 'base' | 'head', path: string) => (reads.push(`${side}:${path}`), side === 'head' ? headFiles[path] : base.files[path]),
  } as unknown as StageInput;
  return { input, next: { tree: head, files: headFiles } };
}

describe('undeclared surface evidence across a history', () => {
  it('reuses the previous head tree’s answer for an untouched release and recomputes for each change that can move it', async () => {
    const reads: string[] = [];
    const plain = { 'package.json': '{"dependencies":{"express":"4"}}', 'src/a.ts': '1' };
    let state = { tree: treeOf({}), files: {} as Files };
    const step = async (files: Files, evidence: typeof TRPC | typeof GRAPHQL = TRPC) => {
      const { input, next } = pair(state, files, reads);
      state = next;
      reads.length = 0;
      return undeclaredSurfaceEvidence(input, evidence);
    };
    expect(await step(plain)).toBeUndefined();
    expect(reads).toEqual(['head:package.json']);
    // An unrelated edit: the answer of the tree before, nothing read.
    expect(await step({ ...plain, 'src/a.ts': '2' })).toBeUndefined();
    expect(reads).toEqual([]);
    // The manifest gains the server library: recomputed.
    const withTrpc = { ...plain, 'src/a.ts': '2', 'package.json': '{"dependencies":{"@trpc/server":"11"}}' };
    expect(await step(withTrpc)).toBe('package.json depends on @trpc/server');
    // A new manifest in a package: recomputed (and an ignored folder's manifest never counts).
    expect(await step({ ...withTrpc, 'test/package.json': '{}', 'packages/x/package.json': '{}' })).toBe('package.json depends on @trpc/server');
    // Recomputed, and the first manifest answers from its blob, read one release before: nothing read.
    expect(reads).toEqual([]);
    // The library removed again: recomputed to nothing (the root manifest's blob is one read before, the package's is new).
    expect(await step({ ...plain, 'packages/x/package.json': '{"dependencies":{"express":"5"}}' })).toBeUndefined();
    expect(reads).toEqual(['head:packages/x/package.json']);
    // A package manifest gains the library: its new blob is read and answers.
    expect(await step({ ...plain, 'packages/x/package.json': '{"dependencies":{"@trpc/server":"10"}}' })).toBe(
      'packages/x/package.json depends on @trpc/server',
    );
    expect(reads).toEqual(['head:packages/x/package.json']);
    // The same blob read for another surface's evidence answers for that evidence, not this one's.
    expect(await step({ ...plain, 'packages/x/package.json': '{"dependencies":{"@trpc/server":"10"}}', 'README.md': 'x' }, GRAPHQL)).toBeUndefined();
  });

  it('a surface file added or deleted moves the answer; one edited keeps it', async () => {
    const reads: string[] = [];
    const start = pair({ tree: treeOf({}), files: {} }, { 'package.json': '{}' }, reads);
    expect(await undeclaredSurfaceEvidence(start.input, GRAPHQL)).toBeUndefined();
    const added = pair(start.next, { 'package.json': '{}', 'api/schema.graphql': 'type Q { a: Int }' }, reads);
    expect(await undeclaredSurfaceEvidence(added.input, GRAPHQL)).toBe('api/schema.graphql is in the repository');
    const edited = pair(added.next, { 'package.json': '{}', 'api/schema.graphql': 'type Q { b: Int }' }, reads);
    expect(await undeclaredSurfaceEvidence(edited.input, GRAPHQL)).toBe('api/schema.graphql is in the repository');
    const deleted = pair(edited.next, { 'package.json': '{}' }, reads);
    expect(await undeclaredSurfaceEvidence(deleted.input, GRAPHQL)).toBeUndefined();
    // Another surface's evidence on the same trees is its own.
    expect(await undeclaredSurfaceEvidence(added.input, TRPC)).toBeUndefined();
  });

  it('follows added and deleted manifests and surface files from the tree before, and reads escaped names', async () => {
    const reads: string[] = [];
    let state = { tree: treeOf({}), files: {} as Files };
    const step = async (files: Files, evidence: typeof TRPC | typeof GRAPHQL) => {
      const { input, next } = pair(state, files, reads);
      state = next;
      return undeclaredSurfaceEvidence(input, evidence);
    };
    const root = { 'package.json': '{"name":"a","version":"1"}' };
    expect(await step({ ...root, 'b/schema.graphql': 'type Q { a: Int }' }, GRAPHQL)).toBe('b/schema.graphql is in the repository');
    // A surface file added before it in tree order (and one in an ignored folder): the first one now.
    expect(await step({ 'a/schema.graphql': 'x', 'test/schema.graphql': 'x', ...root, 'b/schema.graphql': 'y' }, GRAPHQL)).toBe(
      'a/schema.graphql is in the repository',
    );
    // Both deleted, the ignored one kept: no surface file; the manifests answer (none has the library).
    expect(await step({ 'test/schema.graphql': 'x', 'package.json': '{"name":"a","version":"2"}' }, GRAPHQL)).toBeUndefined();
    // A manifest added whose key is escaped: parsed, found.
    const escaped = {
      'test/schema.graphql': 'x',
      'package.json': '{"name":"a","version":"3"}',
      'pkg/package.json': '{"dependencies":{"\\u0040trpc/server":"11"}}',
    };
    expect(await step(escaped, TRPC)).toBe('pkg/package.json depends on @trpc/server');
    expect(await step({ ...escaped, 'package.json': '{"name":"a","version":"4"}' }, TRPC)).toBe('pkg/package.json depends on @trpc/server');
    // The manifest deleted: no longer read, no evidence.
    expect(await step({ 'test/schema.graphql': 'x', 'package.json': '{"name":"a","version":"5"}' }, TRPC)).toBeUndefined();
  });
});

describe('undeclared surface evidence reads manifests together', () => {
  it('asks for every unanswered manifest before awaiting any, answers with the first in order, and ignores a failing later read', async () => {
    const files: Files = {
      // Blobs no other test uses: the manifest answers are remembered by blob id across tests.
      'a/package.json': '{"name":"together-a","dependencies":{"left-pad":"1"}}',
      'b/package.json': '{"name":"together-b","dependencies":{"@trpc/server":"11"}}',
      'c/package.json': 'unreadable',
    };
    let inFlight = 0;
    let mostInFlight = 0;
    const input = {
      changes: Object.keys(files).map((path) => ({ path, status: 'added' })),
      trees: { base: new Map(), head: treeOf(files) },
      read: async (_side: string, path: string) => {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        if (path === 'c/package.json') throw new Error('git failed');
        return files[path];
      },
    } as unknown as StageInput;
    expect(await undeclaredSurfaceEvidence(input, TRPC)).toBe('b/package.json depends on @trpc/server');
    // One round trip for the three, not three in turn.
    expect(mostInFlight).toBe(3);
    // A failing read before the answer still fails the evidence (as the read in turn did).
    const failing: Files = { ...files, 'a/package.json': 'unreadable' };
    const input2 = {
      ...input,
      trees: { base: new Map(), head: treeOf({ ...failing, 'a/package.json': 'other blob' }) },
      read: async (_side: string, path: string) => {
        if (path === 'a/package.json') throw new Error('git failed');
        return failing[path];
      },
    } as unknown as StageInput;
    await expect(undeclaredSurfaceEvidence(input2, TRPC)).rejects.toThrow('git failed');
  });
});
