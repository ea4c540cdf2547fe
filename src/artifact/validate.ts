import type { ErrorObject, ValidateFunction } from 'ajv';
import { validate as validateArtifactDocument } from './validators/artifact-schema.generated.js';
import { validate as validateIndexDocument } from './validators/index-schema.generated.js';

/**
 * Validation of release-safety.json and release-safety-index.json against their JSON Schemas
 * (draft 2020-12, strict, with formats). The validators are Ajv's standalone code, compiled from
 * schemas/*.json at build time (scripts/build-validators.mjs): loading them costs no Ajv compiler.
 */
export interface ValidationResult {
  valid: boolean;
  /** One line per problem: `<JSON pointer>: <what is wrong>`, e.g. `/entries/3/version: must match pattern "…"`. */
  errors: string[];
}

export function describeSchemaError(error: ErrorObject): string {
  const pointer = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${pointer}: must NOT have additional property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'enum') return `${pointer}: must be one of ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === 'const') return `${pointer}: must be ${JSON.stringify(params.allowedValue)}`;
  return `${pointer}: ${error.message ?? error.keyword}`;
}

function run(validate: ValidateFunction, data: unknown): ValidationResult {
  if (validate(data)) return { valid: true, errors: [] };
  // Several branches (anyOf) can report the same line; keep each once, in Ajv's order.
  const errors = [...new Set((validate.errors ?? []).map(describeSchemaError))];
  return { valid: false, errors };
}

/** Validates a per-release artifact (`release-safety.json`, schemaVersion "2"). */
export function validateArtifact(data: unknown): ValidationResult {
  return run(validateArtifactDocument as ValidateFunction, data);
}

/** Validates an index (`release-safety-index.json`, schemaVersion "1"). Order and uniqueness are checked in span/. */
export function validateIndex(data: unknown): ValidationResult {
  return run(validateIndexDocument as ValidateFunction, data);
}
