import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describeError, InputError } from '../core/errors.js';
import { parseJsonOrYaml } from '../core/structured-text.js';

/**
 * The operator's own files: the deployment's env (`.env` files or exported `KEY=VALUE` lists, later
 * files winning) and what their clients use (lines, or an OpenAPI document whose operations count).
 */
function read(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new InputError(`cannot read ${flag} ${file}: ${describeError(error)}`);
  }
}

export function readEnvFiles(files: readonly string[]): Map<string, string> {
  const env = new Map<string, string>();
  for (const file of files) {
    // `export KEY=VALUE` lists as well as .env files.
    const text = read(file, '--env-file').replace(/^\s*export\s+/gm, '');
    for (const [name, value] of Object.entries(parseEnv(text))) env.set(name, value ?? '');
  }
  return env;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export async function readUses(file: string): Promise<string[]> {
  const text = read(file, '--uses');
  if (/^\s*\{?\s*["']?(openapi|swagger)["']?\s*:/m.test(text.slice(0, 4096))) {
    let document: { paths?: Record<string, Record<string, unknown>> };
    try {
      document = (await parseJsonOrYaml(text, file)) as typeof document;
    } catch (error) {
      throw new InputError(`--uses ${file} is not a readable OpenAPI document: ${describeError(error)}`);
    }
    return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => HTTP_METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}
