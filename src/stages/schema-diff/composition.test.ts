import { describe, expect, it } from 'vitest';
import { diffSchemas } from './diff.js';
import type { SchemaChange } from './types.js';

/** Changes as compact tuples `kind pointer path [detail]`. */
const brief = (changes: SchemaChange[]) => changes.map((c) => [c.kind, c.pointer, c.path, c.detail].filter((x) => x !== undefined).join(' '));
/** Both sides as one document each: `components.schemas` plus the compared `root`. */
const spec = (schemas: Record<string, unknown>, root: unknown) => ({ components: { schemas }, root });
const diffSpecs = (base: ReturnType<typeof spec>, revision: ReturnType<typeof spec>) =>
  brief(diffSchemas(base.root, revision.root, { baseRoot: base, revisionRoot: revision }));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const Base = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } };

describe('allOf is compared as the merged object', () => {
  it('a required property moved from one member to another is no change', () => {
    const base = spec({ Base }, { allOf: [ref('Base'), { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } }] });
    const revision = spec(
      { Base: { ...Base, required: ['id', 'email'], properties: { ...Base.properties, email: { type: 'string', format: 'email' } } } },
      { allOf: [ref('Base'), { type: 'object', properties: {} }] },
    );
    expect(diffSpecs(base, revision)).toEqual([]);
  });

  it('required listed on the wrapper or on a member is the same', () => {
    expect(
      brief(
        diffSchemas(
          { allOf: [{ properties: { a: { type: 'string' } } }], required: ['a'] },
          { allOf: [{ required: ['a'], properties: { a: { type: 'string' } } }] },
        ),
      ),
    ).toEqual([]);
  });

  it('$ref ↔ allOf: [$ref] is no change; with nullable it is only nullable added', () => {
    const schemas = { User: Base };
    expect(diffSpecs(spec(schemas, { properties: { owner: ref('User') } }), spec(schemas, { properties: { owner: { allOf: [ref('User')] } } }))).toEqual([]);
    expect(
      diffSpecs(spec(schemas, { properties: { owner: ref('User') } }), spec(schemas, { properties: { owner: { allOf: [ref('User')], nullable: true } } })),
    ).toEqual(['nullable-added /properties/owner owner']);
  });

  it('$ref ↔ the same schema inline is no change', () => {
    expect(diffSpecs(spec({ User: Base }, { properties: { owner: ref('User') } }), spec({}, { properties: { owner: Base } }))).toEqual([]);
  });

  it('3.0 allOf [$ref] + nullable ≡ 3.1 anyOf [$ref, {type: null}] ≡ oneOf', () => {
    const schemas = { User: Base };
    const v30 = spec(schemas, { allOf: [ref('User')], nullable: true });
    expect(diffSpecs(v30, spec(schemas, { anyOf: [ref('User'), { type: 'null' }] }))).toEqual([]);
    expect(diffSpecs(v30, spec(schemas, { oneOf: [{ type: 'null' }, ref('User')] }))).toEqual([]);
    expect(diffSpecs(spec(schemas, { type: ['object', 'null'], properties: Base.properties, required: ['id'] }), v30)).toEqual([]);
  });

  it('an optional third member is one optional property added', () => {
    const base = spec({ Base }, { allOf: [ref('Base'), { properties: { a: { type: 'string' } } }] });
    const revision = spec({ Base }, { allOf: [ref('Base'), { properties: { a: { type: 'string' } } }, { properties: { note: { type: 'string' } } }] });
    expect(diffSpecs(base, revision)).toEqual(['property-added /properties/note note optional']);
  });

  it('a required property in a new member is a new required property', () => {
    expect(brief(diffSchemas({ allOf: [Base] }, { allOf: [Base, { required: ['tenant'], properties: { tenant: { type: 'string' } } }] }))).toEqual([
      'property-added /properties/tenant tenant required',
    ]);
  });

  it('constraints are unioned: the tightest bound, intersected types, the same property merged', () => {
    const base = { allOf: [{ type: 'number', maximum: 10 }, { maximum: 5 }] };
    expect(brief(diffSchemas(base, { type: 'number', maximum: 5 }))).toEqual([]);
    expect(brief(diffSchemas(base, { type: 'number', maximum: 7 }))).toEqual(['constraint-loosened  (root) maximum']);
    expect(brief(diffSchemas({ allOf: [{ type: ['string', 'integer'] }, { type: ['number'] }] }, { type: 'integer' }))).toEqual([]);
    const split = { allOf: [{ properties: { n: { type: 'string' } } }, { properties: { n: { maxLength: 3 } } }] };
    expect(brief(diffSchemas(split, { properties: { n: { type: 'string', maxLength: 3 } } }))).toEqual([]);
    expect(brief(diffSchemas(split, { properties: { n: { type: 'string', maxLength: 2 } } }))).toEqual(['constraint-tightened /properties/n n maxLength']);
  });

  it('a readOnly wrapper around a $ref hides the property from the request view', () => {
    const schemas = { User: Base };
    const base = spec(schemas, { properties: { owner: { allOf: [ref('User')], readOnly: true } }, required: ['owner'] });
    const revision = spec(schemas, { properties: {} });
    expect(brief(diffSchemas(base.root, revision.root, { baseRoot: base, revisionRoot: revision, view: 'request' }))).toEqual([]);
  });
});

describe('what cannot be merged stays unknown, never safe', () => {
  it('two different patterns: unknown when the composition changed, nothing when it did not', () => {
    const base = { allOf: [{ type: 'string', pattern: '^a' }, { pattern: 'b$' }] };
    expect(brief(diffSchemas(base, structuredClone(base)))).toEqual([]);
    expect(brief(diffSchemas(base, { allOf: [{ type: 'string', pattern: '^a' }, { pattern: 'c$' }] }))).toContain(
      "unknown  (root) allOf members disagree on 'pattern'",
    );
  });

  it('conflicting types', () => {
    expect(brief(diffSchemas({ type: 'string' }, { allOf: [{ type: 'string' }, { type: 'integer' }] }))).toContain(
      'unknown  (root) allOf members have no type in common',
    );
  });

  it("a member's additionalProperties: false refusing another member's properties", () => {
    const revision = { allOf: [{ properties: { a: {} }, additionalProperties: false }, { properties: { b: {} } }] };
    expect(brief(diffSchemas({ properties: { a: {}, b: {} } }, revision))[0]).toMatch(
      /^unknown {2}\(root\) 'additionalProperties' of one allOf member also applies to property 'b'/,
    );
    // Closed objects that declare every property are merged.
    expect(
      brief(
        diffSchemas(
          { properties: { a: {} }, additionalProperties: false },
          { allOf: [{ properties: { a: {} }, additionalProperties: false }, { properties: { a: { type: 'string' } } }] },
        ),
      ),
    ).toEqual(['type-changed /properties/a a narrowed']);
  });

  it('an allOf cycle is unknown, and the diff ends', () => {
    const base = spec({ A: { allOf: [ref('B')] }, B: { allOf: [ref('A')], type: 'object' } }, ref('A'));
    const revision = spec({ A: { type: 'object' } }, ref('A'));
    expect(diffSpecs(base, revision)[0]).toBe('unknown  (root) allOf refers back to itself (a cycle through allOf)');
  });

  it('a keyword the diff does not model is unknown when it changed', () => {
    expect(brief(diffSchemas({ $dynamicRef: '#a' }, { $dynamicRef: '#b' }))).toEqual([
      "unknown  (root) keyword '$dynamicRef' changed (not compared by this diff)",
    ]);
    expect(brief(diffSchemas({ 'x-internal': true }, { 'x-internal': false }))).toEqual([]);
  });

  it('a discriminator renamed or remapped is unknown; a mapping entry added is not', () => {
    const mapping = { card: '#/c', bank: '#/b' };
    expect(brief(diffSchemas({ discriminator: { propertyName: 'kind' } }, { discriminator: { propertyName: 'type' } }))).toEqual([
      'unknown  (root) discriminator property changed from kind to type',
    ]);
    expect(
      brief(
        diffSchemas({ discriminator: { propertyName: 'kind', mapping } }, { discriminator: { propertyName: 'kind', mapping: { ...mapping, card: '#/x' } } }),
      ),
    ).toEqual(["unknown  (root) discriminator mapping of 'card' changed"]);
    expect(
      brief(
        diffSchemas({ discriminator: { propertyName: 'kind', mapping } }, { discriminator: { propertyName: 'kind', mapping: { ...mapping, sepa: '#/s' } } }),
      ),
    ).toEqual([]);
  });
});

describe('oneOf / anyOf are compared alternative by alternative', () => {
  const card = { type: 'object', properties: { kind: { const: 'card' }, number: { type: 'string' } } };
  const bank = { type: 'object', properties: { kind: { const: 'bank' }, iban: { type: 'string' } } };
  const sepa = { type: 'object', properties: { kind: { const: 'sepa' }, mandate: { type: 'string' } } };

  it('a new alternative anywhere in the list is one alternative added (not a shifted comparison)', () => {
    expect(brief(diffSchemas({ oneOf: [card, bank] }, { oneOf: [sepa, card, bank] }))).toEqual(['schema-added /oneOf/0 (root)']);
    expect(brief(diffSchemas({ oneOf: [card, bank] }, { oneOf: [card] }))).toEqual(['schema-removed /oneOf/1 (root)']);
  });

  it('alternatives are matched by discriminator value, then by shape', () => {
    const discriminator = { propertyName: 'kind' };
    const changedCard = { ...card, properties: { ...card.properties, number: { type: 'string', maxLength: 19 } } };
    expect(brief(diffSchemas({ oneOf: [card, bank], discriminator }, { oneOf: [bank, changedCard], discriminator }))).toEqual([
      'constraint-tightened /oneOf/1/properties/number number maxLength',
    ]);
    expect(brief(diffSchemas({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string' }] }))).toEqual([
      'constraint-tightened /anyOf/0 (root) minimum',
    ]);
  });

  it('alternatives are matched by $ref through the discriminator mapping', () => {
    const schemas = { Card: card, Bank: bank };
    const discriminator = { propertyName: 'kind', mapping: { card: '#/components/schemas/Card', bank: '#/components/schemas/Bank' } };
    const base = spec(schemas, { oneOf: [ref('Card'), ref('Bank')], discriminator });
    const revision = spec(
      { ...schemas, Sepa: sepa },
      {
        oneOf: [ref('Sepa'), ref('Bank'), ref('Card')],
        discriminator: { ...discriminator, mapping: { ...discriminator.mapping, sepa: '#/components/schemas/Sepa' } },
      },
    );
    expect(diffSpecs(base, revision)).toEqual(['schema-added /oneOf/0 (root)']);
  });
});
