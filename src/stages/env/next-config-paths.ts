import { posix } from 'node:path';
import type { EnvRead } from './extract-reads.js';
import type { LocatedRead } from './surface.js';

/**
 * The paths of Next.js configs and how their `env:` mappings apply to a read (next-config.ts reads the
 * mappings): apart, so that the env stage loads the source parser only when a next.config is read.
 */
export const NEXT_CONFIG = /(^|\/)next\.config\.(js|mjs|cjs|ts|mts)$/;

/** Per key: the reads the entry maps from (empty: a value set at build, no variable); unreadable entries are absent. */
export type NextEnvMapping = ReadonlyMap<string, readonly EnvRead[]>;

/** The next.config of the Next.js app a file belongs to: the one in its nearest ancestor folder; none when that folder has two (which one Next.js loads is not told). */
export function nextConfigOf(file: string, configs: readonly string[]): string | undefined {
  const depthOf = (dir: string) => (dir === '.' ? 0 : dir.split('/').length);
  let best: { config: string; depth: number; tied: boolean } | undefined;
  for (const config of configs) {
    const dir = posix.dirname(config);
    if (dir !== '.' && !file.startsWith(`${dir}/`)) continue;
    const depth = depthOf(dir);
    if (best === undefined || depth > best.depth) best = { config, depth, tied: false };
    else if (depth === best.depth) best.tied = true;
  }
  return best === undefined || best.tied ? undefined : best.config;
}

/**
 * A source's reads with mapped keys replaced by what they map from: the evidence stays the app's
 * read; the default is the mapping's literal, else the app's own (`process.env.basePath || ''`).
 */
export function applyNextMapping(read: LocatedRead, mapping: NextEnvMapping): LocatedRead[] {
  const from = mapping.get(read.name);
  if (from === undefined) return [read];
  return from.map((source) => ({
    ...read,
    name: source.name,
    default: source.default ?? read.default,
    ...(source.opaque !== undefined ? { opaque: source.opaque } : {}),
    ...(source.compared ? { compared: true as const } : {}),
  }));
}
