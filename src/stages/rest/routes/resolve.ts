import { resolveImport, type ModuleLayout } from '../../../syntax/modules.js';
import type { FileRoutes, RouterId } from './types.js';

/**
 * From routes as files register them to routes as the service serves them: each router's prefix
 * is the chain of mounts above it (`app.use('/api/v1', apiV1Router)` in one file,
 * `apiV1Router.use('/projects/:projectUuid', projectRouter)` in another). Where a chain cannot be
 * followed (a mount in a file not read, a prefix that is not a literal, an import that leads to no file), the
 * route is anchored at its router (`file#router`) and compared by router file + local path: equal
 * on both sides when nothing about the mount changed.
 */

export interface ServedRoute {
  method: string;
  /** The path as served (prefixes joined), or the local path under an unresolved router. */
  path: string;
  /** `file#router` when the prefix could not be resolved. */
  anchor?: string;
  /** What two routes are compared by: method aside, the path with parameter names erased (and the anchor). */
  key: string;
  file: string;
  line: number;
  framework: string;
  /** The conditions it is served under (its mounts' and its own, outermost first); none when always served. */
  condition?: string;
  /** As `RegisteredRoute.opaque` (types.ts): a path not read, the same at both refs; `path` holds a token. */
  opaque?: string;
}

interface Prefix {
  text: string;
  anchor?: string;
  /** Conditions of the mounts on the way, as written (a route moved to another file under the same condition is no change). */
  conditions?: string[];
}

export function resolveServedRoutes(files: ReadonlyMap<string, FileRoutes>, treePaths: ReadonlySet<string>, layout?: ModuleLayout): ServedRoute[] {
  const global = (file: string, router: RouterId) => `${file}#${router}`;
  // The router a module exports under a name, through barrels that re-export it (read files only).
  const exportedRouter = (fromFile: string, module: string, exportName: string, depth: number): string | undefined => {
    const target = resolveModule(fromFile, module, treePaths, layout);
    const routes = target === undefined ? undefined : files.get(target);
    if (target === undefined || routes === undefined || depth > 4) return undefined;
    const own = routes.exports[exportName];
    if (own !== undefined) return global(target, own);
    const reexport = routes.reexports?.[exportName];
    if (reexport) return exportedRouter(target, reexport.module, reexport.exportName, depth + 1);
    if (exportName === 'default') return undefined;
    for (const star of routes.starReexports ?? []) {
      const found = exportedRouter(target, star, exportName, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const mountsInto = new Map<string, { parent: string; prefix: string | undefined; prefixText?: string; condition?: string }[]>();
  const roots = new Set<string>();
  const ownPrefix = new Map<string, string>();
  for (const [file, routes] of files) {
    for (const root of routes.roots) roots.add(global(file, root));
    for (const [router, prefix] of Object.entries(routes.ownPrefixes)) ownPrefix.set(global(file, router), prefix);
    for (const mount of routes.mounts) {
      let child: string | undefined;
      if (mount.child.kind === 'local') child = global(file, mount.child.router);
      else {
        child = exportedRouter(file, mount.child.module, mount.child.exportName, 0);
      }
      if (child === undefined) continue;
      const list = mountsInto.get(child) ?? [];
      list.push({
        parent: global(file, mount.parent),
        prefix: mount.prefix,
        ...(mount.prefixText === undefined ? {} : { prefixText: `${file}:${mount.prefixText}` }),
        ...(mount.condition === undefined ? {} : { condition: mount.condition }),
      });
      mountsInto.set(child, list);
    }
  }

  const memo = new Map<string, Prefix[]>();
  const prefixesOf = (router: string, visiting: Set<string>): Prefix[] => {
    const known = memo.get(router);
    if (known) return known;
    const own = ownPrefix.get(router) ?? '';
    const anchored: Prefix[] = [{ text: own.includes('\u0000') ? '' : own, anchor: router }];
    if (own.includes('\u0000')) return anchored;
    const mounts = mountsInto.get(router);
    let result: Prefix[];
    if (visiting.has(router)) result = anchored;
    else if (mounts && mounts.length > 0) {
      visiting.add(router);
      const underCondition = (prefix: Prefix, condition: string | undefined): Prefix =>
        condition === undefined ? prefix : { ...prefix, conditions: [...(prefix.conditions ?? []), condition] };
      result = mounts.flatMap((mount) =>
        mount.prefix === undefined
          ? anchored.map((prefix) =>
              underCondition(mount.prefixText === undefined ? prefix : { ...prefix, anchor: `${prefix.anchor} under ${mount.prefixText}` }, mount.condition),
            )
          : prefixesOf(mount.parent, visiting).map((parent) =>
              underCondition({ ...parent, text: joinPaths(parent.text, mount.prefix!, own) }, mount.condition),
            ),
      );
      visiting.delete(router);
    } else result = roots.has(router) ? [{ text: own }] : anchored;
    memo.set(router, result);
    return result;
  };

  const served: ServedRoute[] = [];
  for (const [file, routes] of files) {
    for (const route of routes.routes) {
      const prefixes: Prefix[] = route.router === '' ? [{ text: '' }] : prefixesOf(global(file, route.router), new Set());
      for (const prefix of prefixes) {
        const path = joinPaths(prefix.text, route.path);
        const key = `${prefix.anchor === undefined ? '' : `${prefix.anchor}|`}${normalizePath(path)}`;
        const conditions = [...(prefix.conditions ?? []), ...(route.condition === undefined ? [] : [route.condition])];
        served.push({
          method: route.method,
          path,
          ...(prefix.anchor === undefined ? {} : { anchor: prefix.anchor }),
          key,
          file,
          line: route.line,
          framework: route.framework,
          ...(conditions.length === 0 ? {} : { condition: conditions.join(' && ') }),
          ...(route.opaque === undefined ? {} : { opaque: route.opaque }),
        });
      }
    }
  }
  return served;
}

/** `/api/v1` + `projects/:id/` → `/api/v1/projects/:id`; Koa RPC names (`documents.list`) become `/documents.list`. */
export function joinPaths(...parts: readonly string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/');
  return `/${joined}`;
}

/** Parameter names erased: `/:id` ≡ `/:uuid` ≡ `/{id}` ≡ `/[id]`; catch-alls `*`, `*slug`, `{*path}` alike. */
export function normalizePath(path: string): string {
  return joinPaths(path)
    .split('/')
    .map((segment) => {
      if (/^:[^/]*$/.test(segment)) return segment.endsWith('?') ? ':?' : ':';
      if (/^\{[^}*]+\}$/.test(segment)) return ':';
      if (/^(\*[\w$]*\??|\{\*[^}]*\})$/.test(segment)) return segment.endsWith('?') ? '*?' : '*';
      return segment.replace(/:[\w$]+/g, ':').replace(/\{[^}]+\}/g, ':');
    })
    .join('/');
}

/** A relative import to a file of the tree (`./users` → `src/users.ts` or `src/users/index.ts`), resolved by the toolkit (src/syntax/modules.ts). */
export function resolveModule(fromFile: string, specifier: string, treePaths: ReadonlySet<string>, layout?: ModuleLayout): string | undefined {
  return resolveImport(fromFile, specifier, (path) => treePaths.has(path), layout);
}
