import { compareText } from '../../../core/compare-text.js';
import { isDevelopmentOnly } from './conditions.js';
import { normalizePath, type ServedRoute } from './resolve.js';
import type { RoutesDiff } from './rule.js';

/**
 * Routes served at the two refs, compared by method and path with parameter names erased: a route
 * that moved to another file, or whose parameter was renamed (`/:id` → `/:uuid`), is no change. A
 * handler for every method (`router.all`, a `pages/api` file) serves each method at its path.
 */
export function diffRoutes(base: readonly ServedRoute[], head: readonly ServedRoute[], documented?: ReadonlySet<string>): RoutesDiff {
  const baseRoutes = unique(base);
  const headRoutes = unique(head);
  const serves = (routes: Map<string, ServedRoute>, route: ServedRoute) => routes.has(keyOf(route)) || routes.has(keyOf({ ...route, method: 'ALL' }));
  // A route registered both under a development-only condition and otherwise is reported by the other registration.
  const production = new Map<string, ServedRoute>();
  for (const route of base) if (!isDevelopmentOnly(route.condition) && !production.has(keyOf(route))) production.set(keyOf(route), route);
  return {
    removed: [...baseRoutes.values()]
      .filter((route) => !serves(headRoutes, route))
      .map((route) => (isDevelopmentOnly(route.condition) ? (production.get(keyOf(route)) ?? route) : route)),
    added: [...headRoutes.values()].filter((route) => !serves(baseRoutes, route)),
    undocumented: documented === undefined ? [] : [...headRoutes.values()].filter((route) => !isDocumented(route, documented)),
  };
}

function keyOf(route: Pick<ServedRoute, 'method' | 'key'>): string {
  return `${route.method} ${route.key}`;
}

/** One route per method and key: the first registration by file and line (the one that answers). */
function unique(routes: readonly ServedRoute[]): Map<string, ServedRoute> {
  const sorted = [...routes].sort((a, b) => compareText(a.file, b.file) || a.line - b.line || compareText(a.method, b.method) || compareText(a.key, b.key));
  const byKey = new Map<string, ServedRoute>();
  for (const route of sorted) if (!byKey.has(keyOf(route))) byKey.set(keyOf(route), route);
  return byKey;
}

/**
 * `documented` holds `METHOD /normalized/path` of the spec's operations. A route under a router whose
 * mount could not be followed is documented when some operation ends with its path.
 */
function isDocumented(route: ServedRoute, documented: ReadonlySet<string>): boolean {
  const path = normalizePath(route.path);
  const methods = route.method === 'ALL' ? undefined : [route.method];
  // One look-up for a route of one method; only ALL and suffixes (a mount not followed) need the
  // scan of every operation, which a 1 MB spec has thousands of (issue 36).
  if (methods && documented.has(`${route.method} ${path}`)) return true;
  if (methods && route.anchor === undefined) return false;
  for (const entry of documented) {
    const space = entry.indexOf(' ');
    const method = entry.slice(0, space);
    const documentedPath = entry.slice(space + 1);
    if (methods && !methods.includes(method)) continue;
    if (route.anchor === undefined ? documentedPath === path : documentedPath === path || documentedPath.endsWith(path === '/' ? '' : path)) return true;
  }
  return false;
}

/** The spec's operations in the form {@link diffRoutes} compares: `GET /api/v1/saved/:`. */
export function documentedKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${normalizePath(path)}`;
}
