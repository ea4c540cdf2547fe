import { readFileSync } from 'node:fs';

/**
 * Where the JSON Schemas live. The only place that knows the `schemas/` folder's location:
 * from `src/artifact/` and from `dist/artifact/` alike it is two folders up. A bundle that moves the
 * schemas (the GitHub Action) redirects the lookup here and nowhere else.
 */
export const ARTIFACT_SCHEMA_FILE = 'release-safety.schema.json';
export const INDEX_SCHEMA_FILE = 'release-safety-index.schema.json';
export const CONFIG_SCHEMA_FILE = 'release-safety.config.schema.json';

export type SchemaFile = typeof ARTIFACT_SCHEMA_FILE | typeof INDEX_SCHEMA_FILE | typeof CONFIG_SCHEMA_FILE;

export function schemaLocation(file: SchemaFile): URL {
  return new URL(`../../schemas/${file}`, import.meta.url);
}

/** Reads and parses one schema document; throws with the path when the file is missing or not JSON. */
export function readSchema(file: SchemaFile): Record<string, unknown> {
  const location = schemaLocation(file);
  try {
    return JSON.parse(readFileSync(location, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`cannot read JSON Schema ${location.pathname}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
