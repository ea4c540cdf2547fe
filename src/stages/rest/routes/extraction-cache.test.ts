import { describe, expect, it } from 'vitest';
import { MemoryDerivedCache } from '../../../cache/derived-cache.js';
import { extractRoutes } from './extract.js';
import { cachedRouteExtraction } from './extraction-cache.js';
import type { FileExtraction } from './types.js';

const ROUTER = "import express from 'express';\nexport const router = express.Router();\nrouter.get('/users/:id', handler);\napp.use('/api', router);\n";

describe('cachedRouteExtraction', () => {
  it('reads a blob once: the second run takes the extraction from the derived cache, equal to a fresh one', () => {
    const cache = new MemoryDerivedCache();
    let calls = 0;
    const extract = (_blob: string, path: string, text: string): FileExtraction => {
      calls += 1;
      return extractRoutes(text, path);
    };
    const first = cachedRouteExtraction(cache, 'blob-1', 'src/users.ts', ROUTER, extract);
    // Through JSON, as the disk cache hands it back.
    const reread = new MemoryDerivedCache();
    reread.set(JSON.stringify(['routes-extraction/1', 'blob-1', 'src/users.ts']), JSON.parse(JSON.stringify(first)));
    const second = cachedRouteExtraction(reread, 'blob-1', 'src/users.ts', ROUTER, extract);
    expect(calls).toBe(1);
    expect(second).toEqual(first);
    expect(first.ok && first.routes.map((route) => `${route.method} ${route.path}`)).toEqual(['GET /users/:id']);
  });

  it('keys by path too (the path picks the dialect and file-based frameworks) and re-reads an entry of another shape', () => {
    const cache = new MemoryDerivedCache();
    let calls = 0;
    const extract = (_blob: string, path: string, text: string): FileExtraction => {
      calls += 1;
      return extractRoutes(text, path);
    };
    cachedRouteExtraction(cache, 'blob-1', 'src/users.ts', ROUTER, extract);
    cachedRouteExtraction(cache, 'blob-1', 'src/other.ts', ROUTER, extract);
    expect(calls).toBe(2);
    cache.set(JSON.stringify(['routes-extraction/1', 'blob-2', 'src/users.ts']), { ok: true, routes: [{ method: 'GET' }] });
    const read = cachedRouteExtraction(cache, 'blob-2', 'src/users.ts', ROUTER, extract);
    expect(calls).toBe(3);
    expect(read.ok && read.routes).toHaveLength(1);
  });

  it('does not keep an extraction that would not read back as it is', () => {
    const cache = new MemoryDerivedCache();
    const odd = {
      ok: true,
      routes: [],
      mounts: [{ parent: 'app', prefix: undefined, child: { kind: 'local', router: 'r' }, line: 1 }],
      roots: [],
      ownPrefixes: {},
      exports: {},
      unreadable: [],
    };
    cachedRouteExtraction(cache, 'blob-3', 'src/a.ts', '', () => odd as FileExtraction);
    expect(cache.size).toBe(0);
  });
});
