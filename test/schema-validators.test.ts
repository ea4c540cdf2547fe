import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { GENERATED_VALIDATORS, generatedValidatorPath, generatedValidatorSource } from '../scripts/build-validators.mjs';
import { createAjv } from '../src/artifact/ajv.js';
import { readSchema, type SchemaFile } from '../src/artifact/schemas.js';
import { validateArtifact, validateIndex } from '../src/artifact/validate.js';

/**
 * The validators every command runs are Ajv's standalone code generated from schemas/*.json at build
 * time (issue 21). They must be the code Ajv compiles from today's schemas, and judge like it.
 */
const generated = Object.entries(GENERATED_VALIDATORS as Record<string, SchemaFile>);

describe('precompiled schema validators', () => {
  it.each(generated)('%s is current with schemas/%s (npm run build regenerates it)', (moduleName, schemaFile) => {
    expect(readFileSync(generatedValidatorPath(moduleName) as string, 'utf8')).toBe(generatedValidatorSource(schemaFile));
  });

  it('judge an index and an artifact as the run-time compiled schema does, errors included', () => {
    const index = JSON.parse(readFileSync('fixtures/lightdash-index.json', 'utf8')) as { entries: Record<string, unknown>[] };
    const compiledIndex = createAjv({ validateSchema: false }).compile(readSchema('release-safety-index.schema.json'));
    expect(validateIndex(index).valid).toBe(compiledIndex(index));
    const broken = { ...index, entries: [{ ...index.entries[0], version: 'v1', extra: true }, ...index.entries.slice(1)] };
    expect(compiledIndex(broken)).toBe(false);
    const describe = (errors: typeof compiledIndex.errors) => (errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`);
    const result = validateIndex(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThanOrEqual(2);
    expect(describe(compiledIndex.errors)).toEqual(expect.arrayContaining(['/entries/0 additionalProperties', '/entries/0/version pattern']));

    const compiledArtifact = createAjv({ validateSchema: false }).compile(readSchema('release-safety.schema.json'));
    for (const file of ['1.136.1.json', '2.114.0.json', '2.133.1.json']) {
      const artifact = JSON.parse(readFileSync(`fixtures/lightdash-release-safety/${file}`, 'utf8')) as unknown;
      expect(validateArtifact(artifact).valid, file).toBe(compiledArtifact(artifact));
    }
  });
});
