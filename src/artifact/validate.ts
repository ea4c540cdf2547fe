import type { ErrorObject, ValidateFunction } from 'ajv';
import ajv2020Module from 'ajv/dist/2020.js';
import ajvFormatsModule from 'ajv-formats';
import { ARTIFACT_SCHEMA_FILE, INDEX_SCHEMA_FILE, readSchema, type SchemaFile } from './schemas.js';

/**
 * Validation of release-safety.json and release-safety-index.json against their JSON Schemas
 * (Ajv, draft 2020-12, strict, with formats). Each validator is compiled once, on first use.
 */
export interface ValidationResult {
  valid: boolean;
  /** One line per problem: `<JSON pointer>: <what is wrong>`, e.g. `/entries/3/version: must match pattern "…"`. */
  errors: string[];
}

// Both are CommonJS modules whose `module.exports` also carries itself as `.default`; under NodeNext
// the default import is `module.exports`, so `.default` is the class / plugin at run time and for tsc.
const Ajv2020 = ajv2020Module.default;
const addFormats = ajvFormatsModule.default;

/**
 * Strict Ajv 2020 with formats. The CLI compiles with `validateSchema: false`: checking our own
 * schemas against the 2020-12 meta-schema costs ~30 ms of CPU on every run (a third of the Ajv time
 * of upgrade-check) and proves nothing new at run time; test/schemas.test.ts does that check instead.
 * Strict mode still rejects unknown keywords and ambiguous types when a schema compiles.
 */
export function createAjv(options: { validateSchema: boolean }): InstanceType<typeof Ajv2020> {
  // allErrors: a report on a published file should list every difference, not only the first one.
  const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, validateSchema: options.validateSchema });
  addFormats(ajv);
  return ajv;
}

const compiled = new Map<SchemaFile, ValidateFunction>();

function validatorFor(file: SchemaFile): ValidateFunction {
  const existing = compiled.get(file);
  if (existing) return existing;
  const ajv = createAjv({ validateSchema: false });
  const validate = ajv.compile(readSchema(file));
  compiled.set(file, validate);
  return validate;
}

export function describeSchemaError(error: ErrorObject): string {
  const pointer = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${pointer}: must NOT have additional property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'enum') return `${pointer}: must be one of ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === 'const') return `${pointer}: must be ${JSON.stringify(params.allowedValue)}`;
  return `${pointer}: ${error.message ?? error.keyword}`;
}

function run(file: SchemaFile, data: unknown): ValidationResult {
  const validate = validatorFor(file);
  if (validate(data)) return { valid: true, errors: [] };
  // Several branches (anyOf) can report the same line; keep each once, in Ajv's order.
  const errors = [...new Set((validate.errors ?? []).map(describeSchemaError))];
  return { valid: false, errors };
}

/** Validates a per-release artifact (`release-safety.json`, schemaVersion "2"). */
export function validateArtifact(data: unknown): ValidationResult {
  return run(ARTIFACT_SCHEMA_FILE, data);
}

/** Validates an index (`release-safety-index.json`, schemaVersion "1"). Order and uniqueness are checked in span/. */
export function validateIndex(data: unknown): ValidationResult {
  return run(INDEX_SCHEMA_FILE, data);
}
