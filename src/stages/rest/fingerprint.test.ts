import { describe, expect, it } from 'vitest';
import { wrapFragment } from '../../../test/helpers/rest-specs.js';
import { compareSpecs } from './engine.js';
import { createUnchangedOperations } from './fingerprint.js';
import { loadSpec } from './load.js';
import { buildModel } from './model.js';

/** The unchanged-operation check gates the schema diff: unchanged must mean equal content; cycles must terminate. */

const OPERATION = 'GET /api/v1/tree';

async function modelOf(components: string) {
  const fragment = `
paths:
  /api/v1/tree:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Root'}}}}
components:
  schemas:
${components}`;
  return buildModel(await loadSpec(wrapFragment(fragment), 'spec.yaml'));
}

async function unchanged(base: string, revision: string): Promise<boolean> {
  const [before, after] = [await modelOf(base), await modelOf(revision)];
  return createUnchangedOperations(before, after).unchanged(before.operations.get(OPERATION)!, after.operations.get(OPERATION)!);
}

const TREE = `
    Root: {$ref: '#/components/schemas/Node'}
    Node:
      type: object
      properties:
        id: {type: string}
        children: {type: array, items: {$ref: '#/components/schemas/Node'}}
        folder: {$ref: '#/components/schemas/Folder'}
    Folder:
      type: object
      properties:
        items: {type: array, items: {$ref: '#/components/schemas/Item'}}
    Item:
      type: object
      properties:
        parent: {$ref: '#/components/schemas/Folder'}
        label: {$ref: '#/components/schemas/Label'}
    Label: {type: string, maxLength: 10}`;

describe('unchanged operations', () => {
  it('terminate on self and mutual reference cycles and find equal content unchanged', async () => {
    expect(await unchanged(TREE, TREE)).toBe(true);
  });

  it('are changed when a component deep behind a cycle changes', async () => {
    expect(await unchanged(TREE, TREE.replace('maxLength: 10', 'maxLength: 5'))).toBe(false);
  });

  it('are changed when a member of a cycle changes', async () => {
    expect(await unchanged(TREE, TREE.replace('        id: {type: string}', '        id: {type: integer}'))).toBe(false);
  });

  it('are changed when a component is renamed (the diff then finds the content equal)', async () => {
    const renamed = TREE.replace("label: {$ref: '#/components/schemas/Label'}", "label: {$ref: '#/components/schemas/Caption'}").replace(
      '    Label:',
      '    Caption:',
    );
    expect(await unchanged(TREE, renamed)).toBe(false);
  });

  it('ignore where a component sits in the document (key order of components)', async () => {
    const lines = TREE.split('\n');
    const reordered = ['', lines.at(-1)!, ...lines.slice(1, -1)].join('\n');
    expect(await unchanged(TREE, reordered)).toBe(true);
  });

  it('judge each component once per spec pair, however many times it is reached', async () => {
    const [before, after] = [await modelOf(TREE), await modelOf(TREE.replace('maxLength: 10', 'maxLength: 5'))];
    const check = createUnchangedOperations(before, after);
    for (let round = 0; round < 3; round += 1) expect(check.unchanged(before.operations.get(OPERATION)!, after.operations.get(OPERATION)!)).toBe(false);
    expect(check.comparedRefs).toBe(5);
    // Every member of the cycle reaches the changed Label; nothing reaches it from Label.
    expect(['Root', 'Node', 'Folder', 'Item', 'Label'].map((name) => check.unchangedRef(`#/components/schemas/${name}`))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const labelOnly = createUnchangedOperations(before, await modelOf(TREE.replace('        id: {type: string}', '        id: {type: integer}')));
    expect(['Label', 'Item', 'Folder', 'Node'].map((name) => labelOnly.unchangedRef(`#/components/schemas/${name}`))).toEqual([true, true, true, false]);
  });
});

describe('an operation whose meaning changes outside its own object is still diffed', () => {
  const ruleIds = async (base: string, revision: string) =>
    (await compareSpecs({ text: wrapFragment(base), path: 'base.yaml' }, { text: wrapFragment(revision), path: 'revision.yaml' })).findings.map(
      (finding) => finding.rule,
    );
  const ok = "{'200': {description: ok}}";

  it.each<[string, string, string, string[]]>([
    [
      'a path-level parameter became required',
      `paths: {/a: {parameters: [{in: query, name: q, schema: {type: string}}], get: {responses: ${ok}}}}`,
      `paths: {/a: {parameters: [{in: query, name: q, required: true, schema: {type: string}}], get: {responses: ${ok}}}}`,
      ['request-parameter-became-required'],
    ],
    [
      'global security added',
      `paths: {/a: {get: {responses: ${ok}}}}`,
      `security: [{key: []}]\npaths: {/a: {get: {responses: ${ok}}}}\ncomponents: {securitySchemes: {key: {type: apiKey, in: header, name: Authorization}}}`,
      ['api-security-added'],
    ],
    [
      'the servers path changed (every operation moved)',
      `servers: [{url: /api}]\npaths: {/a: {get: {responses: ${ok}}}}`,
      `servers: [{url: /api/v2}]\npaths: {/a: {get: {responses: ${ok}}}}`,
      ['api-path-removed-without-deprecation', 'endpoint-added'],
    ],
    [
      'a $ref-ed parameter component became required',
      `paths: {/a: {get: {parameters: [{$ref: '#/components/parameters/Q'}], responses: ${ok}}}}\ncomponents: {parameters: {Q: {in: query, name: q, schema: {type: string}}}}`,
      `paths: {/a: {get: {parameters: [{$ref: '#/components/parameters/Q'}], responses: ${ok}}}}\ncomponents: {parameters: {Q: {in: query, name: q, required: true, schema: {type: string}}}}`,
      ['request-parameter-became-required'],
    ],
    [
      'a $ref-ed response component lost a required property',
      `paths: {/a: {get: {responses: {'200': {$ref: '#/components/responses/R'}}}}}\ncomponents: {responses: {R: {description: ok, content: {application/json: {schema: {type: object, required: [id], properties: {id: {type: string}}}}}}}}`,
      `paths: {/a: {get: {responses: {'200': {$ref: '#/components/responses/R'}}}}}\ncomponents: {responses: {R: {description: ok, content: {application/json: {schema: {type: object}}}}}}`,
      ['response-property-removed'],
    ],
    [
      'a path item written as a $ref changed behind it (OpenAPI 3.1)',
      `openapi: 3.1.0\npaths: {/a: {$ref: '#/components/pathItems/A'}}\ncomponents: {pathItems: {A: {get: {parameters: [{in: query, name: q, schema: {type: string}}], responses: ${ok}}}}}`,
      `openapi: 3.1.0\npaths: {/a: {$ref: '#/components/pathItems/A'}}\ncomponents: {pathItems: {A: {get: {parameters: [{in: query, name: q, required: true, schema: {type: string}}], responses: ${ok}}}}}`,
      ['request-parameter-became-required'],
    ],
    [
      'the document-wide consumes changed (Swagger 2.0)',
      `swagger: '2.0'\nconsumes: [application/json, application/xml]\npaths: {/a: {post: {parameters: [{in: body, name: b, schema: {type: object}}], responses: ${ok}}}}`,
      `swagger: '2.0'\nconsumes: [application/json]\npaths: {/a: {post: {parameters: [{in: body, name: b, schema: {type: object}}], responses: ${ok}}}}`,
      ['request-body-media-type-removed'],
    ],
  ])('%s', async (_name, base, revision, expected) => {
    expect(await ruleIds(base, revision)).toEqual(expected);
  });
});
