import type { ValidateFunction } from 'ajv';
import { validationResult, type ValidationResult } from './schema-errors.js';
import { validate as validateIndexDocument } from './validators/index-schema.generated.js';

/**
 * Validates an index (`release-safety-index.json`, schemaVersion "1") against its JSON Schema.
 * Order and uniqueness are checked in span/. A module of its own so that `upgrade-check` loads
 * the index validator only, not the artifact's (issue 21).
 */
export function validateIndex(data: unknown): ValidationResult {
  return validationResult(validateIndexDocument as ValidateFunction, data);
}
