import { oneLine } from '../core/one-line.js';
import { configGlobProblems } from './glob-bounds.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { InputError } from '../core/errors.js';
import { parseJson } from '../core/structured-text.js';
import type { ReleaseSafetyConfig } from './types.js';
import { CONFIG_SCHEMA_FILE, schemaLocation } from '../artifact/schemas.js';

/**
 * Reads and validates `release-safety.config.json` against `schemas/release-safety.config.schema.json`.
 * Pure over text: where the text comes from (a ref's tree, a `--config` file) is the caller's business,
 * named in `source` so every error says which file is wrong and where (JSON pointer).
 */
export class ConfigError extends InputError {}

export const CONFIG_SCHEMA_URL = schemaLocation(CONFIG_SCHEMA_FILE);

/** The schema compiled ahead of time (scripts/build-validators.mjs), loaded on first use only. */
async function configValidator(): Promise<ValidateFunction> {
  return (await import('../artifact/validators/config-schema.generated.js')).validate as ValidateFunction;
}

export async function parseConfig(text: string, source: string): Promise<ReleaseSafetyConfig> {
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (error) {
    throw new ConfigError(`invalid config ${source}: not JSON (${oneLine(error instanceof Error ? error.message : String(error))})`);
  }
  const validate = await configValidator();
  if (!validate(data)) throw new ConfigError(`invalid config ${source}: ${describeSchemaErrors(validate.errors ?? [])}`);
  const globs = configGlobProblems(data);
  if (globs.length > 0) throw new ConfigError(oneLine(`invalid config ${source}: ${globs.join('; ')}`));
  return data as ReleaseSafetyConfig;
}

/**
 * Schema errors as `<pointer> <message>` on one line. Of the alternatives of a `oneOf` (e.g. `false`
 * or a path), the deepest cause is shown: `/migrations/0/edition must be one of …`, not `must be false`.
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  const causes = errors.filter((error) => error.keyword !== 'oneOf');
  // Member names are the repository's text: kept on one line (core/one-line.ts).
  const pointerOf = (error: ErrorObject) => oneLine(error.instancePath === '' ? '/' : error.instancePath);
  const hasDeeperOrSibling = (error: ErrorObject) =>
    causes.some(
      (other) =>
        other !== error && other.keyword !== 'const' && (other.instancePath === error.instancePath || other.instancePath.startsWith(`${error.instancePath}/`)),
    );
  const shown = new Map<string, string>();
  for (const error of causes) {
    if (error.keyword === 'const' && hasDeeperOrSibling(error)) continue;
    const pointer = pointerOf(error);
    const orFalse = error.keyword === 'type' && causes.some((other) => other.keyword === 'const' && other.instancePath === error.instancePath);
    const text = orFalse ? `must be false or ${String((error.params as { type?: unknown }).type)}` : explain(error);
    if (!shown.has(pointer)) shown.set(pointer, `${pointer} ${text}`);
  }
  return [...shown.values()].join('; ');
}

function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `has unknown member ${oneLine(JSON.stringify(String(params.additionalProperty)))}`;
    case 'enum':
      return `must be one of ${JSON.stringify(params.allowedValues)}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return error.schemaPath.includes('/$defs/repo')
        ? `must be a path inside the repository, relative to its root (no leading "/", no "..")`
        : `${error.message ?? 'does not match'}`;
    default:
      return error.message ?? error.keyword;
  }
}
