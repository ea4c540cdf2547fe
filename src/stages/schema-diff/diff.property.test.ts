import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSchemas } from './diff.js';
import type { SchemaChangeKind } from './types.js';

/** Random schemas over the keywords the diff reads (no `$ref`: those have their own tests), at most 3 deep. */
const schema = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'schema' },
    fc.record({ type: fc.constantFrom('string', 'integer') }),
    fc.record(
      {
        type: fc.constantFrom('string', 'number', 'integer', 'object', 'array', 'boolean', ['string', 'null']),
        nullable: fc.boolean(),
        format: fc.constantFrom('email', 'uuid', 'date-time'),
        description: fc.string({ maxLength: 5 }),
        enum: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 1, 2), { maxLength: 3 }),
        maxLength: fc.nat(20),
        minimum: fc.integer({ min: -5, max: 5 }),
        exclusiveMaximum: fc.oneof(fc.boolean(), fc.integer({ min: 0, max: 9 })),
        pattern: fc.constantFrom('^a', '^b'),
        uniqueItems: fc.boolean(),
        properties: fc.dictionary(fc.constantFrom('id', 'name', 'tags', 'meta'), tie('node'), { maxKeys: 3, depthIdentifier: 'schema' }),
        required: fc.uniqueArray(fc.constantFrom('id', 'name', 'tags'), { maxLength: 2 }),
        items: tie('node'),
        additionalProperties: fc.oneof(fc.boolean(), tie('node')),
        anyOf: fc.array(tie('node'), { maxLength: 2, depthIdentifier: 'schema' }),
        allOf: fc.array(tie('node'), { maxLength: 2, depthIdentifier: 'schema' }),
      },
      { requiredKeys: [] },
    ),
  ),
})).node;

const mirrored: Partial<Record<SchemaChangeKind, SchemaChangeKind>> = {
  'property-added': 'property-removed',
  'property-removed': 'property-added',
  'property-became-required': 'property-became-optional',
  'nullable-added': 'nullable-removed',
  'additional-properties-closed': 'additional-properties-opened',
};

describe('diffSchemas properties', () => {
  it('a schema compared with a copy of itself has no changes', () => {
    fc.assert(
      fc.property(schema, (s) => diffSchemas(s, structuredClone(s)).length === 0),
      { numRuns: 200 },
    );
  });

  it('is deterministic, and swapping the sides mirrors property, nullable and additionalProperties changes', () => {
    fc.assert(
      fc.property(schema, schema, (a, b) => {
        const forward = diffSchemas(a, b);
        expect(diffSchemas(a, b)).toEqual(forward);
        const backward = new Set(diffSchemas(b, a).map((change) => `${change.kind} ${change.pointer}`));
        for (const change of forward) {
          const mirror = mirrored[change.kind];
          // Only compare where both sides see the same pointer: inside anyOf the pairing may differ.
          if (mirror && !/anyOf|allOf/.test(change.pointer) && !forward.some((c) => c.kind === 'unknown'))
            expect(backward).toContain(`${mirror} ${change.pointer}`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
