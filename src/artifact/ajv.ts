import ajv2020Module from 'ajv/dist/2020.js';
import ajvFormatsModule from 'ajv-formats';

// Both are CommonJS modules whose `module.exports` also carries itself as `.default`; under NodeNext
// the default import is `module.exports`, so `.default` is the class / plugin at run time and for tsc.
const Ajv2020 = ajv2020Module.default;
const addFormats = ajvFormatsModule.default;

/**
 * Strict Ajv 2020 with formats: the compiler. No command loads it: the schemas are compiled ahead of
 * time by scripts/build-validators.mjs (same options) into validators/*.generated.ts. Tests use
 * it to check the schemas against the 2020-12 meta-schema and that the generated code is current.
 * allErrors: a report on a published file should list every difference, not only the first one.
 */
export function createAjv(options: { validateSchema: boolean }): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, validateSchema: options.validateSchema });
  addFormats(ajv);
  return ajv;
}
