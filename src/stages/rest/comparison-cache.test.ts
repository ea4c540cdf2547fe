import { describe, expect, it } from 'vitest';
import type { ReleaseSafetyConfig } from '../../config/types.js';
import type { DerivedCache } from '../contract.js';
import { stageInput, type InMemoryRefs } from '../../../test/helpers/stage-input.js';
import { restStage } from './index.js';

/**
 * The cross-run cache of a spec comparison (comparison-cache.ts): a hit serves the stored result, and
 * every input of the comparison (either spec blob, a `$ref`'d file, config `rest`, the release date)
 * changes what is served. A hit is made visible by poisoning the stored entries with a warning no
 * comparison makes: a result carrying it came from the cache.
 */

const POISON = 'served from the cache';

function mapCache(): DerivedCache & { store: Map<string, unknown>; poison(): void } {
  const store = new Map<string, unknown>();
  return {
    store,
    get: (key) => store.get(key),
    set: (key, value) => void store.set(key, value),
    poison() {
      for (const [key, value] of store) store.set(key, { ...(value as object), warnings: [POISON] });
    },
  };
}

const spec = (required: boolean, ref = false) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        get: {
          parameters: [{ in: 'query', name: 'q', required, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', ...(ref ? { content: { 'application/json': { schema: { $ref: 'schemas.json#/Thing' } } } } : {}) } },
        },
      },
    },
  });
const thing = (properties: string[]) =>
  JSON.stringify({ Thing: { type: 'object', required: properties, properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])) } });

const CONFIG: ReleaseSafetyConfig = { openapi: 'openapi.json' };
const run = (refs: InMemoryRefs, cache: DerivedCache | undefined, config: ReleaseSafetyConfig = CONFIG, releaseDate?: string) =>
  restStage.run({ ...stageInput(refs, config), ...(cache ? { derivedCache: cache } : {}), ...(releaseDate ? { releaseDate } : {}) });
const served = (result: Awaited<ReturnType<typeof run>>) => result.notes.includes(`REST spec warning: ${POISON}`);

const PAIR: InMemoryRefs = { base: { 'openapi.json': spec(false) }, head: { 'openapi.json': spec(true) } };

describe('REST comparison cache', () => {
  it('serves a second run of the same pair from the cache, with the result of no cache', async () => {
    const cache = mapCache();
    const uncached = await run(PAIR, undefined);
    expect(uncached.verdict).toEqual({ checked: true, breaking: true });
    expect(await run(PAIR, cache)).toEqual(uncached);
    expect(cache.store.size).toBe(1);
    // Through JSON, as the disk cache returns it.
    for (const [key, value] of cache.store) cache.store.set(key, JSON.parse(JSON.stringify(value)));
    expect(await run(PAIR, cache)).toEqual(uncached);
    cache.poison();
    expect(served(await run(PAIR, cache))).toBe(true);
  });

  it('recomputes when either spec blob changed', async () => {
    const cache = mapCache();
    await run(PAIR, cache);
    cache.poison();
    const otherHead = await run({ base: PAIR.base, head: { 'openapi.json': spec(true, true), 'schemas.json': thing(['id']) } }, cache);
    expect(served(otherHead)).toBe(false);
    const otherBase = await run({ base: { 'openapi.json': spec(false, true), 'schemas.json': thing(['id']) }, head: PAIR.head }, cache);
    expect(served(otherBase)).toBe(false);
  });

  it('recomputes when config rest or the release date changed', async () => {
    const cache = mapCache();
    await run(PAIR, cache, CONFIG, '2026-01-01T00:00:00Z');
    cache.poison();
    expect(served(await run(PAIR, cache, CONFIG, '2026-01-01T00:00:00Z'))).toBe(true);
    expect(served(await run(PAIR, cache, { ...CONFIG, rest: { stabilityExtension: 'x-maturity' } }, '2026-01-01T00:00:00Z'))).toBe(false);
    expect(served(await run(PAIR, cache, { ...CONFIG, rest: { sunsetExtension: 'x-end-of-life' } }, '2026-01-01T00:00:00Z'))).toBe(false);
    expect(served(await run(PAIR, cache, CONFIG, '2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('recomputes when a file a $ref reaches changed, the spec blobs being the same', async () => {
    const cache = mapCache();
    const before = {
      base: { 'openapi.json': spec(false, true), 'schemas.json': thing(['id', 'name']) },
      head: { 'openapi.json': spec(false, true), 'schemas.json': thing(['id', 'name']) },
    };
    const unchanged = await run({ ...before, head: { ...before.head, 'other.json': '{}' } }, cache);
    expect(unchanged.verdict).toEqual({ checked: true, breaking: false });
    expect(cache.store.size).toBe(1);
    cache.poison();
    const refChanged = await run({ ...before, head: { ...before.head, 'schemas.json': thing(['id']) } }, cache);
    expect(served(refChanged)).toBe(false);
    expect(refChanged.verdict).toEqual({ checked: true, breaking: true });
  });

  it('recomputes an entry of the wrong shape, and one naming a rule no catalogue knows', async () => {
    const uncached = await run(PAIR, undefined);
    for (const wrong of [
      { findings: [{ rule: 5 }], warnings: [], reads: [] },
      { findings: 'no', warnings: [], reads: [] },
      { findings: [], warnings: [], reads: [['side', 'x', null]] },
      null,
      'text',
      { findings: [{ rule: 'no-such-rule', params: {}, evidence: {} }], warnings: [], reads: [] },
    ]) {
      const cache = mapCache();
      await run(PAIR, cache);
      for (const key of cache.store.keys()) cache.store.set(key, wrong);
      expect(await run(PAIR, cache)).toEqual(uncached);
    }
  });
});

/**
 * A served comparison reads the head document for its acknowledgements and the base document only when
 * the head holds one (issue 36): either way the result is the uncached one.
 */
describe('REST comparison cache: the documents a served comparison reads', () => {
  const withReads = (refs: InMemoryRefs, cache: DerivedCache, ruleId?: string) => {
    const input = { ...stageInput(refs, CONFIG), derivedCache: cache };
    const reads: string[] = [];
    const read = input.read;
    input.read = async (side, path) => {
      reads.push(`${side}:${path}`);
      return read(side, path);
    };
    const acceptance = { settings: {}, knownRule: (id: string) => (id === ruleId ? ({ id } as never) : undefined) };
    return { input: { ...input, acceptance }, reads };
  };
  const accepted = (rule: string) => {
    const head = JSON.parse(spec(true)) as { paths: Record<string, { get: Record<string, unknown> }> };
    head.paths['/a']!.get['x-release-safety-accept'] = [{ rule, reason: 'every client already sends the q parameter' }];
    return { base: { 'openapi.json': spec(false) }, head: { 'openapi.json': JSON.stringify(head) } };
  };

  it('without an acknowledgement in the head: the head only, and the uncached result', async () => {
    const cache = mapCache();
    const uncached = await restStage.run(withReads(PAIR, mapCache()).input);
    await restStage.run(withReads(PAIR, cache).input);
    const served = withReads(PAIR, cache);
    expect(await restStage.run(served.input)).toEqual(uncached);
    expect(served.reads).toEqual(['head:openapi.json']);
  });

  it('with one: both documents, and the acknowledgement applied as without the cache', async () => {
    const rule = (await run(PAIR, undefined)).findings[0]!.rule;
    const refs = accepted(rule);
    const uncached = await restStage.run(withReads(refs, mapCache(), rule).input);
    expect(uncached.accepted?.length ?? 0).toBeGreaterThan(0);
    const cache = mapCache();
    await restStage.run(withReads(refs, cache, rule).input);
    const served = withReads(refs, cache, rule);
    expect(await restStage.run(served.input)).toEqual(uncached);
    expect(served.reads.sort()).toEqual(['base:openapi.json', 'head:openapi.json']);
  });
});
