import type { ErrorObject, ValidateFunction } from 'ajv';
import { oneLine } from '../core/one-line.js';

/** What a schema validation found: the document's problems, one line each. */
export interface ValidationResult {
  valid: boolean;
  /** One line per problem: `<JSON pointer>: <what is wrong>`, e.g. `/entries/3/version: must match pattern "…"`. */
  errors: string[];
}

export function describeSchemaError(error: ErrorObject): string {
  const pointer = oneLine(error.instancePath === '' ? '/' : error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return `${pointer}: must NOT have additional property ${oneLine(JSON.stringify(String(params.additionalProperty)))}`;
  if (error.keyword === 'enum') return `${pointer}: must be one of ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === 'const') return `${pointer}: must be ${JSON.stringify(params.allowedValue)}`;
  return `${pointer}: ${error.message ?? error.keyword}`;
}

/** Runs one precompiled validator (src/artifact/validators/) on `data`. */
export function validationResult(validate: ValidateFunction, data: unknown): ValidationResult {
  if (validate(data)) return { valid: true, errors: [] };
  // Several branches (anyOf) can report the same line; keep each once, in Ajv's order.
  const errors = [...new Set((validate.errors ?? []).map(describeSchemaError))];
  return { valid: false, errors };
}
