import { describe, expect, it } from 'vitest';
import { wrapFragment } from '../../../test/helpers/rest-specs.js';
import { createFingerprinter } from './fingerprint.js';
import { loadSpec } from './load.js';
import { buildModel } from './model.js';

/** Operation fingerprints gate the schema diff: equal must mean equal content; cycles must terminate. */

const OPERATION = 'GET /api/v1/tree';

async function fingerprintOf(components: string): Promise<string> {
  const fragment = `
paths:
  /api/v1/tree:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Root'}}}}
components:
  schemas:
${components}`;
  const spec = buildModel(await loadSpec(wrapFragment(fragment), 'spec.yaml'));
  return createFingerprinter(spec).operation(spec.operations.get(OPERATION)!);
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

describe('operation fingerprints', () => {
  it('terminate on self and mutual reference cycles and are stable', async () => {
    expect(await fingerprintOf(TREE)).toBe(await fingerprintOf(TREE));
  });

  it('change when a component deep behind a cycle changes', async () => {
    const changed = TREE.replace('maxLength: 10', 'maxLength: 5');
    expect(await fingerprintOf(changed)).not.toBe(await fingerprintOf(TREE));
  });

  it('change when a member of a cycle changes', async () => {
    const changed = TREE.replace('        id: {type: string}', '        id: {type: integer}');
    expect(await fingerprintOf(changed)).not.toBe(await fingerprintOf(TREE));
  });

  it('ignore the name of a component outside cycles (renamed, same content)', async () => {
    const renamed = TREE.replace("label: {$ref: '#/components/schemas/Label'}", "label: {$ref: '#/components/schemas/Caption'}").replace('    Label:', '    Caption:');
    expect(await fingerprintOf(renamed)).toBe(await fingerprintOf(TREE));
  });

  it('ignore where a component sits in the document (key order of components)', async () => {
    const lines = TREE.split('\n');
    const reordered = ['', lines.at(-1)!, ...lines.slice(1, -1)].join('\n');
    expect(await fingerprintOf(reordered)).toBe(await fingerprintOf(TREE));
  });
});
