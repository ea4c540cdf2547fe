import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE_NAME } from '../config/types.js';
import { InputError, UsageError } from '../core/errors.js';
import { parseJson } from '../core/structured-text.js';

/** Where the index comes from, and which setting named it (for messages). */
export interface IndexSource {
  kind: 'file' | 'url';
  /** Absolute file path, or the http(s) URL. */
  location: string;
  origin: '--index' | 'RELEASE_SAFETY_INDEX_URL' | typeof CONFIG_FILE_NAME;
}

export const INDEX_URL_ENV = 'RELEASE_SAFETY_INDEX_URL';

/**
 * Precedence: `--index`, then the environment variable, then `indexUrl` in `release-safety.config.json`
 * of the current folder. Each may name an http(s) URL or a file (relative to the current folder).
 */
export function resolveIndexSource(options: { index?: string; env: NodeJS.ProcessEnv; cwd: string }): IndexSource {
  if (options.index !== undefined && options.index !== '') return toSource(options.index, '--index', options.cwd);
  const fromEnv = options.env[INDEX_URL_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return toSource(fromEnv, INDEX_URL_ENV, options.cwd);
  const fromConfig = readIndexUrlFromConfig(options.cwd);
  if (fromConfig !== undefined) return toSource(fromConfig, CONFIG_FILE_NAME, options.cwd);
  throw new UsageError(`no index given: pass --index <file-or-URL>, set ${INDEX_URL_ENV}, or set "indexUrl" in ./${CONFIG_FILE_NAME}`);
}

function toSource(text: string, origin: IndexSource['origin'], cwd: string): IndexSource {
  if (/^https?:\/\//i.test(text)) {
    try {
      return { kind: 'url', location: new URL(text).href, origin };
    } catch {
      throw new UsageError(`${origin}: "${text}" is not a valid URL`);
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^file:\/\//i.test(text)) {
    throw new UsageError(`${origin}: "${text}" uses an unsupported scheme (expected http://, https:// or a file path)`);
  }
  const filePath = /^file:\/\//i.test(text) ? fileURLToPath(text) : text;
  return { kind: 'file', location: path.resolve(cwd, filePath), origin };
}

/** Only `indexUrl` is read here; a missing config file is fine, an unreadable one is an error. */
function readIndexUrlFromConfig(cwd: string): string | undefined {
  const configPath = path.join(cwd, CONFIG_FILE_NAME);
  let text: string;
  try {
    text = readFileSync(configPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`cannot read ${configPath}: ${(error as Error).message}`);
  }
  let config: unknown;
  try {
    config = parseJson(text);
  } catch (error) {
    throw new InputError(`${configPath} is not valid JSON: ${(error as Error).message}`);
  }
  const indexUrl = (config as { indexUrl?: unknown } | null)?.indexUrl;
  if (indexUrl === undefined) return undefined;
  if (typeof indexUrl !== 'string' || indexUrl === '') throw new InputError(`${configPath}: "indexUrl" must be a non-empty string`);
  return indexUrl;
}
