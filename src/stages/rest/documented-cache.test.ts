import { describe, expect, it } from 'vitest';
import type { ReleaseSafetyConfig } from '../../config/types.js';
import type { DerivedCache } from '../contract.js';
import { stageInput, type InMemoryRefs } from '../../../test/helpers/stage-input.js';
import { restStage } from './index.js';

/**
 * The cross-run cache of the operations a spec documents (documented-cache.ts), which the routes
 * surface checks served routes against: a second run serves them from the cache with the result of
 * no cache, and a changed spec blob or `$ref`'d file is modelled afresh. A hit is made visible by
 * emptying the stored operations: a result that calls every served route undocumented came from it.
 */

function mapCache(): DerivedCache & { store: Map<string, unknown>; forgetOperations(): void } {
  const store = new Map<string, unknown>();
  return {
    store,
    get: (key) => store.get(key),
    set: (key, value) => void store.set(key, value),
    forgetOperations() {
      for (const [key, value] of store) if (key.includes('rest-documented-operations')) store.set(key, { ...(value as object), operations: [] });
    },
  };
}

const spec = (ref: boolean) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: Object.fromEntries(
      ['/api/a', '/api/b'].map((path) => [
        path,
        {
          get: {
            responses: { '200': { description: 'ok', ...(ref ? { content: { 'application/json': { schema: { $ref: 'schemas.json#/Thing' } } } } : {}) } },
          },
        },
      ]),
    ),
  });
const thing = (properties: string[]) =>
  JSON.stringify({ Thing: { type: 'object', required: properties, properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])) } });
const app = (paths: string[]) =>
  `import express from 'express';\nconst app = express();\n${paths.map((path) => `app.get('${path}', (req, res) => res.json({}));`).join('\n')}\nexport default app;\n`;

const CONFIG: ReleaseSafetyConfig = { openapi: 'openapi.json', routes: { sources: ['src/**/*.ts'] } };
const run = (refs: InMemoryRefs, cache: DerivedCache | undefined) => restStage.run({ ...stageInput(refs, CONFIG), ...(cache ? { derivedCache: cache } : {}) });
const undocumented = (result: Awaited<ReturnType<typeof run>>) =>
  result.findings.filter((finding) => finding.rule === 'route-undocumented').map((finding) => `${finding.params.method} ${finding.params.path}`);

/** The spec unchanged, the code adds a route the spec does not list. */
const PAIR: InMemoryRefs = {
  base: { 'openapi.json': spec(false), 'src/app.ts': app(['/api/a', '/api/b']) },
  head: { 'openapi.json': spec(false), 'src/app.ts': app(['/api/a', '/api/b', '/api/c']) },
};

describe('REST documented-operations cache', () => {
  it('serves a second run from the cache, with the result of no cache', async () => {
    const uncached = await run(PAIR, undefined);
    expect(undocumented(uncached)).toEqual(['GET /api/c']);
    const cache = mapCache();
    expect(await run(PAIR, cache)).toEqual(uncached);
    expect([...cache.store.keys()].filter((key) => key.includes('rest-documented-operations'))).toHaveLength(1);
    // Through JSON, as the disk cache returns it.
    for (const [key, value] of cache.store) cache.store.set(key, JSON.parse(JSON.stringify(value)));
    expect(await run(PAIR, cache)).toEqual(uncached);
    cache.forgetOperations();
    expect(undocumented(await run(PAIR, cache)).sort()).toEqual(['GET /api/a', 'GET /api/b', 'GET /api/c']);
  });

  it('models the spec afresh when its head blob or a file its $refs reach changed', async () => {
    const withRef: InMemoryRefs = {
      base: { ...PAIR.base, 'openapi.json': spec(true), 'schemas.json': thing(['id']) },
      head: { ...PAIR.head, 'openapi.json': spec(true), 'schemas.json': thing(['id']) },
    };
    const cache = mapCache();
    await run(withRef, cache);
    cache.forgetOperations();
    expect(undocumented(await run(withRef, cache)).sort()).toEqual(['GET /api/a', 'GET /api/b', 'GET /api/c']);
    // The $ref'd file changed at the head ref: the stored operations are not served.
    expect(undocumented(await run({ ...withRef, head: { ...withRef.head, 'schemas.json': thing(['id', 'name']) } }, cache))).toEqual(['GET /api/c']);
    // Another head blob of the spec itself: not served either.
    cache.forgetOperations();
    expect(undocumented(await run(PAIR, cache))).toEqual(['GET /api/c']);
  });

  it('keeps an entry of the wrong shape from being served', async () => {
    const cache = mapCache();
    await run(PAIR, cache);
    for (const key of cache.store.keys()) if (key.includes('rest-documented-operations')) cache.store.set(key, { operations: [1], reads: [] });
    expect(undocumented(await run(PAIR, cache))).toEqual(['GET /api/c']);
  });
});
