import { posix } from 'node:path';
import picomatch from 'picomatch';
import type { ReleaseSafetyConfig } from '../config/types.js';
import type { LinkKind } from '../git/tree.js';
import type { Side, StageInput } from '../stages/contract.js';
import type { ConfiguredSurface } from './checked-surfaces.js';

/**
 * Configured paths that pass through a symbolic link or a submodule. Git stores a link as a blob
 * holding its target and a submodule as a commit of another repository: a migrations folder that is
 * a link lists no files at all, so a `DROP TABLE` behind it would look like "no migration changed".
 * Links are not followed (their target may change, leave the repository, or differ between the
 * refs): a surface whose configured path meets one, at either ref, is `unknown` with the reason.
 */

export type Links = Readonly<Record<Side, ReadonlyMap<string, LinkKind>>>;

interface ConfiguredPath {
  /** Where the path comes from in the config, for the message (`migrations[0].dir`). */
  key: string;
  path: string;
  shape: 'file' | 'folder' | 'glob';
}

const SIDE_NAMES: Record<Side, string> = { base: 'from', head: 'to' };

/** Every path a surface's config names, at the shape the stage reads it. */
export function configuredPaths(surface: ConfiguredSurface, config: ReleaseSafetyConfig): ConfiguredPath[] {
  const clean = (path: string) => {
    const normal = posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\//, '').replace(/\/+$/, '');
    return normal === '.' ? '' : normal;
  };
  switch (surface) {
    case 'migrations':
      return config.migrations ? config.migrations.map((folder, index) => ({ key: `migrations[${index}].dir`, path: clean(folder.dir), shape: 'folder' as const })) : [];
    case 'rest': {
      const documents = typeof config.openapi === 'string' ? [config.openapi] : Array.isArray(config.openapi) ? config.openapi : [];
      const routes = config.routes && Array.isArray(config.routes.sources) ? config.routes.sources : [];
      return [
        ...documents.map((path, index) => ({ key: Array.isArray(config.openapi) ? `openapi[${index}]` : 'openapi', path: clean(path), shape: 'file' as const })),
        ...routes.map((glob, index) => ({ key: `routes.sources[${index}]`, path: glob, shape: 'glob' as const })),
      ];
    }
    case 'mcp':
      return typeof config.mcpTools === 'string' ? [{ key: 'mcpTools', path: clean(config.mcpTools), shape: 'file' }] : [];
    case 'config':
      if (!config.env) return [];
      return [
        ...(Array.isArray(config.env.sources) ? config.env.sources : []).map((glob, index) => ({ key: `env.sources[${index}]`, path: glob, shape: 'glob' as const })),
        ...(config.env.envFiles ?? []).map((glob, index) => ({ key: `env.envFiles[${index}]`, path: glob, shape: 'glob' as const })),
      ];
  }
}

/** One reason per configured path that meets a link or submodule at either ref. */
export async function linkedPathReasons(paths: readonly ConfiguredPath[], links: Links, input: Pick<StageInput, 'trees' | 'read'>): Promise<string[]> {
  if (links.base.size === 0 && links.head.size === 0) return [];
  const reasons: string[] = [];
  const scopes = uniqueBy(paths, (path) => `${path.key}\0${path.path}`).map(scopeOf);
  for (const side of ['base', 'head'] as const) {
    for (const scope of scopes) {
      for (const [link, kind] of links[side]) {
        const meeting = scope.meets(link, kind);
        if (meeting === false || (meeting === 'unless-file' && (await pointsAtFile(link, side, input)))) continue;
        const { key, path } = scope.configured;
        const what = kind === 'symlink' ? 'a symbolic link' : 'a submodule';
        const how = link === path ? `is ${what}` : path.startsWith(`${link}/`) ? `passes through ${what} (${link})` : `reaches ${what} (${link})`;
        reasons.push(
          `${key} "${path}" ${how} at the ${SIDE_NAMES[side]} ref: git stores ${kind === 'symlink' ? 'the link, not the files it points to' : 'a commit of another repository'}, so what it holds cannot be compared`,
        );
      }
    }
  }
  return [...new Set(reasons)];
}

/** Whether a link matters to a configured path: yes, no, or only when it is not a link to a file. */
type Meeting = boolean | 'unless-file';

interface Scope {
  configured: ConfiguredPath;
  meets(link: string, kind: LinkKind): Meeting;
}

/** A configured path with its matchers compiled once (a tree may hold many links). */
function scopeOf(configured: ConfiguredPath): Scope {
  const isAncestorOf = (path: string, link: string) => path === link || path.startsWith(`${link}/`);
  const scan = configured.shape === 'glob' ? picomatch.scan(configured.path) : undefined;
  if (!scan?.isGlob) {
    const folder = configured.shape === 'folder';
    return {
      configured,
      meets: (link) => isAncestorOf(configured.path, link) || (folder && (configured.path === '' || link.startsWith(`${configured.path}/`))),
    };
  }
  const base = scan.base.replace(/\/+$/, '');
  const matches = picomatch(configured.path, { dot: true });
  // The glob's folder part: a link it matches is a folder the glob could descend into.
  const slash = configured.path.lastIndexOf('/');
  const inFolder = slash < 0 ? undefined : picomatch(configured.path.slice(0, slash), { dot: true });
  return {
    configured,
    meets: (link, kind) => {
      if (base !== '' && isAncestorOf(base, link)) return true;
      if (base !== '' && !link.startsWith(`${base}/`)) return false;
      if (matches(link)) return true;
      if (!inFolder?.(link)) return false;
      return kind === 'submodule' ? true : 'unless-file';
    },
  };
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(keyOf(item)) && Boolean(seen.add(keyOf(item))));
}

/** Whether a symbolic link's target, resolved inside the repository, is a file (not a folder, not outside). */
async function pointsAtFile(link: string, side: Side, input: Pick<StageInput, 'trees' | 'read'>): Promise<boolean> {
  const target = await input.read(side, link);
  if (target === undefined || target.startsWith('/')) return false;
  const resolved = posix.normalize(posix.join(posix.dirname(link), target));
  return !resolved.startsWith('../') && input.trees[side].has(resolved);
}
