import { readFileRoutes } from './frameworks.js';
import { FileSyntax, parseSource } from './syntax.js';
import type { FileExtraction, FileRoutes } from './types.js';

/**
 * The routes one source file registers, read statically (the heavy module of the routes surface,
 * loaded only when a release changed a route source). Extractions are cached by blob id: in a
 * backfill the head of one release is the base of the next.
 */
export function extractRoutes(text: string, path: string): FileExtraction {
  const parsed = parseSource(text, path);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  const out: FileRoutes = { routes: [], mounts: [], roots: [], ownPrefixes: {}, exports: {}, unreadable: [] };
  readFileRoutes(path, new FileSyntax(parsed.source), out);
  return { ok: true, ...out };
}

const cache = new Map<string, FileExtraction>();
const CACHE_LIMIT = 2000;

export function extractRoutesCached(blobId: string, path: string, text: string): FileExtraction {
  const key = `${blobId}\u0000${path}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const extraction = extractRoutes(text, path);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, extraction);
  return extraction;
}
