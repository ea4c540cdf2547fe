import { diffRoutes, documentedKey } from './diff.js';
import { extractRoutes } from './extract.js';
import { resolveServedRoutes, type ServedRoute } from './resolve.js';
import type { RouteRuleExample, RoutesDiff } from './rule.js';
import type { FileRoutes } from './types.js';

/**
 * A routes rule's example as the stage would see it: every file of both trees read, resolved and
 * diffed (for the rule book, the docs and the rules' table tests). Loads the parser: import lazily.
 */

export function servedRoutesOf(files: Readonly<Record<string, string>>): ServedRoute[] {
  const extracted = new Map<string, FileRoutes>();
  for (const [path, text] of Object.entries(files)) {
    const extraction = extractRoutes(text, path);
    if (!extraction.ok) throw new Error(extraction.reason);
    extracted.set(path, extraction);
  }
  return resolveServedRoutes(extracted, new Set(Object.keys(files)));
}

export function routesDiffOf(example: RouteRuleExample): RoutesDiff {
  const documented = example.documented && new Set(example.documented.map((entry) => documentedKey(entry.split(' ')[0]!, entry.split(' ')[1]!)));
  return diffRoutes(servedRoutesOf(example.base), servedRoutesOf(example.head), documented);
}
