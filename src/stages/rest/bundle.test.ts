import { describe, expect, it } from 'vitest';
import { wrapFragment } from '../../../test/helpers/rest-specs.js';
import { bundleExternalRefs, EXTERNAL_DOCUMENTS, mayHaveExternalRefs } from './bundle.js';
import { compareSpecs } from './engine.js';
import { parseSpecText } from './load.js';

describe('mayHaveExternalRefs (text scan before any parse)', () => {
  it.each([
    ['{"$ref": "#/components/schemas/User"}', false],
    ['{"$ref":"./user.json#/User"}', true],
    ["schema: {$ref: '#/components/schemas/User'}", false],
    ['schema:\n  $ref: "#/definitions/User"', false],
    ['schema:\n  $ref: ./user.yaml#/User', true],
    ["items: {$ref: 'common/user.yaml'}", true],
    ['description: no references here', false],
  ])('%j → %s', (text, expected) => {
    expect(mayHaveExternalRefs(text)).toBe(expected);
  });
});

describe('bundleExternalRefs', () => {
  const files: Record<string, string> = {
    'api/a.yaml': "A: {type: object, properties: {b: {$ref: 'b.yaml#/B'}, self: {$ref: '#/A'}}}",
    'api/b.yaml': "B: {type: object, properties: {a: {$ref: './a.yaml#/A'}}}",
  };
  const read = async (path: string) => files[path];

  it('mounts referenced files once, rewriting refs between them (cycles across files terminate)', async () => {
    const document: Record<string, unknown> = { schema: { $ref: 'a.yaml#/A' } };
    await bundleExternalRefs(document, 'api/openapi.yaml', read, parseSpecText);
    expect(document.schema).toEqual({ $ref: `#/${EXTERNAL_DOCUMENTS}/api~1a.yaml/A` });
    expect(document[EXTERNAL_DOCUMENTS]).toEqual({
      'api/a.yaml': {
        A: { type: 'object', properties: { b: { $ref: `#/${EXTERNAL_DOCUMENTS}/api~1b.yaml/B` }, self: { $ref: `#/${EXTERNAL_DOCUMENTS}/api~1a.yaml/A` } } },
      },
      'api/b.yaml': { B: { type: 'object', properties: { a: { $ref: `#/${EXTERNAL_DOCUMENTS}/api~1a.yaml/A` } } } },
    });
  });

  it('treats a schema moved into another file with the same content as no change', async () => {
    const operation = (schema: string) => `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: ${schema}}}}}}
components:
  schemas:
    User: {type: object, required: [email], properties: {email: {type: string}}}`;
    const moved = { 'api/user.json': '{"User": {"type": "object", "required": ["email"], "properties": {"email": {"type": "string"}}}}' };
    const { findings } = await compareSpecs(
      { text: wrapFragment(operation("{$ref: '#/components/schemas/User'}")), path: 'api/openapi.yaml' },
      { text: wrapFragment(operation("{$ref: 'user.json#/User'}")), path: 'api/openapi.yaml', readSibling: async (path) => moved[path as keyof typeof moved] },
    );
    expect(findings).toEqual([]);
  });
});

describe('malformed references are spec errors naming the reference (fail closed with a reason)', () => {
  const spec = (ref: string) =>
    wrapFragment(`
paths:
  /a:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '${ref}'}}}}}}
components:
  schemas:
    A: {type: object}`);
  const load = (ref: string) =>
    compareSpecs(
      { text: spec('#/components/schemas/A'), path: 'api/openapi.yaml' },
      { text: spec(ref), path: 'api/openapi.yaml', readSibling: async () => undefined },
    );

  it('a local pointer with a stray % (not percent-encoding)', async () => {
    await expect(load('#/components/schemas/100%')).rejects.toThrow(
      /^api\/openapi.yaml: invalid OpenAPI 3.0 document at .*: unresolved reference #\/components\/schemas\/100%$/,
    );
  });

  it('a file reference with a stray %', async () => {
    await expect(load('./schemas/a%zz.yaml#/A')).rejects.toThrow(/^api\/openapi.yaml: reference \.\/schemas\/a%zz\.yaml#\/A is not a valid URI reference$/);
  });
});
