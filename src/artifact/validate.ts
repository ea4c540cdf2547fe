import type { ValidateFunction } from 'ajv';
import { validationResult, type ValidationResult } from './schema-errors.js';
import { validate as validateArtifactDocument } from './validators/artifact-schema.generated.js';

/**
 * Validation of release-safety.json and release-safety-index.json against their JSON Schemas
 * (draft 2020-12, strict, with formats). The validators are Ajv's standalone code, compiled from
 * schemas/*.json at build time (scripts/build-validators.mjs): loading them costs no Ajv compiler.
 */
export { describeSchemaError, type ValidationResult } from './schema-errors.js';
export { validateIndex } from './validate-index.js';

/** Validates a per-release artifact (`release-safety.json`, schemaVersion "2"). */
export function validateArtifact(data: unknown): ValidationResult {
  return validationResult(validateArtifactDocument as ValidateFunction, data);
}
