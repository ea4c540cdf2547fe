import { homedir } from 'node:os';
import path from 'node:path';

/** The tool's cache folder (index copies, derived results, V8 code caches): one place decides where it is. */
export const CACHE_DIR_ENV = 'RELEASE_SAFETY_CACHE_DIR';

/** `RELEASE_SAFETY_CACHE_DIR`, else `$XDG_CACHE_HOME/release-safety`, else `~/.cache/release-safety`. */
export function cacheDirectory(env: NodeJS.ProcessEnv): string {
  const explicit = env[CACHE_DIR_ENV];
  if (explicit) return path.resolve(explicit);
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'release-safety');
  return path.join(homedir(), '.cache', 'release-safety');
}
