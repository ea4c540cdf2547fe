import { describe, expect, it } from 'vitest';
import { diffSchemas } from './diff.js';
import type { SchemaChange } from './types.js';

/** Changes as compact tuples `kind pointer [detail]`. */
const brief = (changes: SchemaChange[]) => changes.map((c) => [c.kind, c.pointer, c.detail].filter((x) => x !== undefined && x !== '').join(' '));
const diff = (base: unknown, revision: unknown) => brief(diffSchemas(base, revision));

/**
 * Each keyword added (or made stricter) restricts the valid values: `constraint-tightened`, which
 * breaks requests. Swapped, the same pair is `constraint-loosened`, which breaks responses. The
 * table runs every pair in both directions.
 */
describe('JSON Schema 2020-12 keywords: tightened one way, loosened the other', () => {
  it.each<[string, object, object, string[]]>([
    ['if/then added', { type: 'object' }, { type: 'object', if: { required: ['kind'] }, then: { required: ['vat'] } }, ['/if if']],
    [
      'else added beside the same if',
      { if: { required: ['a'] }, then: { required: ['b'] } },
      { if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } },
      ['/else else'],
    ],
    ['dependentRequired added', {}, { dependentRequired: { card: ['cvc'] } }, ['/dependentRequired/card dependentRequired']],
    [
      'dependentRequired list grown',
      { dependentRequired: { card: ['cvc'] } },
      { dependentRequired: { card: ['cvc', 'expiry'] } },
      ['/dependentRequired/card dependentRequired'],
    ],
    ['dependentSchemas entry added', {}, { dependentSchemas: { card: { required: ['cvc'] } } }, ['/dependentSchemas/card dependentSchemas']],
    ['contains added', { type: 'array' }, { type: 'array', contains: { const: 'x' } }, ['/contains contains']],
    ['minContains raised (default 1)', { contains: {}, minContains: 1 }, { contains: {}, minContains: 2 }, [' minContains']],
    ['maxContains lowered', { contains: { type: 'string' } }, { contains: { type: 'string' }, maxContains: 3 }, [' maxContains']],
    [
      'patternProperties entry added (open object)',
      { type: 'object' },
      { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
      ['/patternProperties/^x- patternProperties'],
    ],
    [
      'patternProperties entry removed (closed object: names refused again)',
      { additionalProperties: false, patternProperties: { '^x-': {} } },
      { additionalProperties: false },
      ['/patternProperties/^x- patternProperties'],
    ],
    ['propertyNames added', { type: 'object' }, { type: 'object', propertyNames: { maxLength: 8 } }, ['/propertyNames propertyNames']],
    [
      'unevaluatedProperties: false added',
      { properties: { a: {} } },
      { properties: { a: {} }, unevaluatedProperties: false },
      ['/unevaluatedProperties unevaluatedProperties'],
    ],
    [
      'unevaluatedProperties schema → false',
      { unevaluatedProperties: { type: 'string' } },
      { unevaluatedProperties: false },
      ['/unevaluatedProperties unevaluatedProperties'],
    ],
    ['unevaluatedItems added', { prefixItems: [{}] }, { prefixItems: [{}], unevaluatedItems: { type: 'integer' } }, ['/unevaluatedItems unevaluatedItems']],
    [
      'contentSchema added',
      { type: 'string', contentMediaType: 'application/json' },
      { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object' } },
      ['/contentSchema contentSchema'],
    ],
    ['const added', { type: 'string' }, { type: 'string', const: 'a' }, [' const']],
    ['pattern added', { type: 'string' }, { type: 'string', pattern: '^a' }, [' pattern']],
    ['minimum raised', { minimum: 0 }, { minimum: 1 }, [' minimum']],
    ['exclusiveMinimum (3.1) added', {}, { exclusiveMinimum: 0 }, [' exclusiveMinimum']],
  ])('%s', (_name, looser, tighter, expected) => {
    const tightened = (c: string) => `constraint-tightened ${c}`.replace('tightened  ', 'tightened ');
    expect(diff(looser, tighter)).toEqual(expected.map(tightened));
    expect(diff(tighter, looser)).toEqual(expected.map((c) => tightened(c).replace('tightened', 'loosened')));
  });
});

describe('JSON Schema 2020-12 keywords: both ways, unknown, and no change', () => {
  it('a changed contentMediaType / contentEncoding is tightened and loosened at once', () => {
    expect(diff({ contentMediaType: 'image/png' }, { contentMediaType: 'image/webp' })).toEqual([
      'constraint-tightened contentMediaType',
      'constraint-loosened contentMediaType',
    ]);
    expect(diff({ contentEncoding: 'base64' }, {})).toEqual(['constraint-tightened contentEncoding', 'constraint-loosened contentEncoding']);
  });

  it('a dependentRequired list that gained one name and lost another goes both ways', () => {
    expect(diff({ dependentRequired: { card: ['cvc'] } }, { dependentRequired: { card: ['expiry'] } })).toEqual([
      'constraint-tightened /dependentRequired/card dependentRequired',
      'constraint-loosened /dependentRequired/card dependentRequired',
    ]);
  });

  it('a changed if condition is unknown; then/else present on both sides are compared inside', () => {
    expect(diff({ if: { required: ['a'] }, then: { required: ['b'] } }, { if: { required: ['z'] }, then: { required: ['b'] } })).toEqual([
      "unknown /if the condition 'if' changed (which values it selects cannot be compared)",
    ]);
    expect(
      diff(
        { if: { required: ['a'] }, then: { properties: { b: { maxLength: 5 } } } },
        { if: { required: ['a'] }, then: { properties: { b: { maxLength: 3 } } } },
      ),
    ).toEqual(['constraint-tightened /then/properties/b maxLength']);
    // An `if` alone restricts nothing.
    expect(diff({}, { if: { required: ['a'] } })).toEqual([]);
  });

  it('sub-schemas on both sides are compared inside', () => {
    expect(diff({ contains: { type: 'string' } }, { contains: { type: 'string', maxLength: 3 } })).toEqual(['constraint-tightened /contains maxLength']);
    expect(diff({ patternProperties: { '^x-': { type: 'string' } } }, { patternProperties: { '^x-': { type: 'integer' } } })).toEqual([
      'type-changed /patternProperties/^x- changed',
    ]);
    expect(diff({ dependentSchemas: { a: { required: ['b'] } } }, { dependentSchemas: { a: { required: ['b', 'c'] } } })).toEqual([
      'property-became-required /dependentSchemas/a/properties/c',
    ]);
    expect(diff({ propertyNames: { maxLength: 8 } }, { propertyNames: { maxLength: 4 } })).toEqual(['constraint-tightened /propertyNames maxLength']);
    expect(diff({ unevaluatedProperties: { type: 'string' } }, { unevaluatedProperties: { type: 'string', enum: ['a'] } })).toEqual([
      'constraint-tightened /unevaluatedProperties enum',
    ]);
    expect(diff({ contentSchema: { required: [] } }, { contentSchema: { required: ['id'] } })).toEqual([
      'property-became-required /contentSchema/properties/id',
    ]);
  });

  it('forms that mean the same are no change', () => {
    expect(diff({}, { unevaluatedProperties: true })).toEqual([]);
    expect(diff({ propertyNames: {} }, {})).toEqual([]);
    expect(diff({ contains: {} }, { contains: {}, minContains: 1 })).toEqual([]);
    expect(diff({ minContains: 5 }, {})).toEqual([]); // without `contains` the counts mean nothing
  });

  it('the keywords are understood inside allOf members (merged)', () => {
    expect(diff({ allOf: [{ dependentRequired: { a: ['b'] } }, { dependentRequired: { a: ['c'] } }] }, { dependentRequired: { a: ['b', 'c'] } })).toEqual([]);
    expect(
      diff(
        { allOf: [{ type: 'object' }, { patternProperties: { '^x-': { type: 'string' } } }] },
        { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
      ),
    ).toEqual([]);
  });
});
