import { describe, expect, it } from 'vitest';
import { pairBranches } from './composition.js';
import { createSchemaDiffMemo, diffSchemas } from './diff.js';
import type { SchemaChange } from './types.js';

/** Changes as compact tuples `kind pointer path [detail]`, for exact comparison. */
const brief = (changes: SchemaChange[]) => changes.map((c) => [c.kind, c.pointer, c.path, c.detail].filter((x) => x !== undefined).join(' '));
const diff = (base: unknown, revision: unknown) => brief(diffSchemas(base, revision));

describe('diffSchemas: keywords of one node', () => {
  it.each<[string, unknown, unknown, string[]]>([
    ['identical schemas', { type: 'string', maxLength: 3 }, { type: 'string', maxLength: 3 }, []],
    ['type narrowed number → integer', { type: 'number' }, { type: 'integer' }, ['type-changed  (root) narrowed']],
    ['type widened integer → number', { type: 'integer' }, { type: 'number' }, ['type-changed  (root) widened']],
    ['type set widened', { type: 'string' }, { type: ['string', 'number'] }, ['type-changed  (root) widened']],
    ['type set narrowed', { type: ['string', 'number'] }, { type: 'string' }, ['type-changed  (root) narrowed']],
    ['type changed', { type: 'string' }, { type: 'boolean' }, ['type-changed  (root) changed']],
    ['any → typed is narrowed', {}, { type: 'object' }, ['type-changed  (root) narrowed']],
    ['typed → any is widened', { type: 'object' }, {}, ['type-changed  (root) widened']],
    ['{number, integer} equals {number}', { type: ['number', 'integer'] }, { type: 'number' }, []],
    ['3.0 nullable added', { type: 'string' }, { type: 'string', nullable: true }, ['nullable-added  (root)']],
    ['3.1 null type added', { type: 'string' }, { type: ['string', 'null'] }, ['nullable-added  (root)']],
    ['3.1 null type removed', { type: ['null', 'string'] }, { type: 'string' }, ['nullable-removed  (root)']],
    ['3.0 nullable → 3.1 null type is no change', { type: 'string', nullable: true }, { type: ['string', 'null'] }, []],
    ['format changed', { type: 'string' }, { type: 'string', format: 'email' }, ['format-changed  (root)']],
    ['description changed', { description: 'a' }, { description: 'b' }, ['description-changed  (root)']],
    ['default changed', { default: 10 }, { default: 20 }, ['default-changed  (root)']],
    ['default added', {}, { default: 1 }, ['default-changed  (root)']],
    ['object default with reordered keys is no change', { default: { a: 1, b: 2 } }, { default: { b: 2, a: 1 } }, []],
    ['enum value removed and added', { enum: ['a', 'b'] }, { enum: ['b', 'c'] }, ['enum-value-removed  (root)', 'enum-value-added  (root)']],
    ['enum reordered is no change', { enum: ['a', 'b'] }, { enum: ['b', 'a'] }, []],
    ['enum appears', { type: 'string' }, { type: 'string', enum: ['a'] }, ['constraint-tightened  (root) enum']],
    ['enum vanishes', { enum: ['a'] }, {}, ['constraint-loosened  (root) enum']],
    ['const changed', { const: 'a' }, { const: 'b' }, ['enum-value-removed  (root) const', 'enum-value-added  (root) const']],
    ['const appears', {}, { const: 'a' }, ['constraint-tightened  (root) const']],
    ['const vanishes', { const: 'a' }, {}, ['constraint-loosened  (root) const']],
    ['x-extensible-enum value removed', { 'x-extensible-enum': ['a', 'b'] }, { 'x-extensible-enum': ['a'] }, ['enum-value-removed  (root) x-extensible-enum']],
    ['x-extensible-enum value added is no change (extensible by design)', { 'x-extensible-enum': ['a'] }, { 'x-extensible-enum': ['a', 'b'] }, []],
  ])('%s', (_name, base, revision, expected) => {
    expect(diff(base, revision)).toEqual(expected);
  });

  it('keeps before/after values', () => {
    expect(diffSchemas({ enum: ['a', 'b'] }, { enum: ['a'] })).toEqual([{ kind: 'enum-value-removed', pointer: '', path: '(root)', before: 'b' }]);
    expect(diffSchemas({ type: ['string', 'null'] }, { type: 'integer' })[0]).toEqual({
      kind: 'type-changed',
      pointer: '',
      path: '(root)',
      before: ['string'],
      after: ['integer'],
      detail: 'changed',
    });
  });
});

describe('diffSchemas: constraints', () => {
  it.each<[string, object, object, string]>([
    ['maxLength lowered', { maxLength: 10 }, { maxLength: 5 }, 'constraint-tightened maxLength'],
    ['maxLength raised', { maxLength: 5 }, { maxLength: 10 }, 'constraint-loosened maxLength'],
    ['maxLength added', {}, { maxLength: 5 }, 'constraint-tightened maxLength'],
    ['maxLength removed', { maxLength: 5 }, {}, 'constraint-loosened maxLength'],
    ['minLength raised', { minLength: 1 }, { minLength: 2 }, 'constraint-tightened minLength'],
    ['minItems removed', { minItems: 1 }, {}, 'constraint-loosened minItems'],
    ['maxItems lowered', { maxItems: 3 }, { maxItems: 2 }, 'constraint-tightened maxItems'],
    ['maxProperties added', {}, { maxProperties: 2 }, 'constraint-tightened maxProperties'],
    ['minProperties raised', { minProperties: 0 }, { minProperties: 1 }, 'constraint-tightened minProperties'],
    ['maximum lowered', { maximum: 100 }, { maximum: 50 }, 'constraint-tightened maximum'],
    ['maximum removed', { maximum: 100 }, {}, 'constraint-loosened maximum'],
    ['minimum raised', { minimum: 0 }, { minimum: 1 }, 'constraint-tightened minimum'],
    ['minimum lowered', { minimum: 1 }, { minimum: 0 }, 'constraint-loosened minimum'],
    ['3.0 exclusiveMaximum turned on', { maximum: 10 }, { maximum: 10, exclusiveMaximum: true }, 'constraint-tightened exclusiveMaximum'],
    ['3.0 exclusiveMinimum turned off', { minimum: 0, exclusiveMinimum: true }, { minimum: 0 }, 'constraint-loosened exclusiveMinimum'],
    ['3.1 exclusiveMaximum lowered', { exclusiveMaximum: 10 }, { exclusiveMaximum: 9 }, 'constraint-tightened exclusiveMaximum'],
    ['3.1 exclusiveMinimum added', {}, { exclusiveMinimum: 0 }, 'constraint-tightened exclusiveMinimum'],
    ['inclusive → exclusive at the same value', { maximum: 10 }, { exclusiveMaximum: 10 }, 'constraint-tightened exclusiveMaximum'],
    ['pattern added', {}, { pattern: '^a' }, 'constraint-tightened pattern'],
    ['pattern changed', { pattern: '^a' }, { pattern: '^b' }, 'constraint-tightened pattern'],
    ['pattern removed', { pattern: '^a' }, {}, 'constraint-loosened pattern'],
    ['uniqueItems on', {}, { uniqueItems: true }, 'constraint-tightened uniqueItems'],
    ['uniqueItems off', { uniqueItems: true }, { uniqueItems: false }, 'constraint-loosened uniqueItems'],
    ['multipleOf 2 → 4', { multipleOf: 2 }, { multipleOf: 4 }, 'constraint-tightened multipleOf'],
    ['multipleOf 4 → 2', { multipleOf: 4 }, { multipleOf: 2 }, 'constraint-loosened multipleOf'],
    ['multipleOf 2 → 3', { multipleOf: 2 }, { multipleOf: 3 }, 'constraint-tightened multipleOf'],
    ['multipleOf 0.1 → 0.05', { multipleOf: 0.1 }, { multipleOf: 0.05 }, 'constraint-loosened multipleOf'],
  ])('%s', (_name, base, revision, expected) => {
    expect(diff(base, revision)).toEqual([expected.replace(' ', '  (root) ')]);
  });

  it.each<[string, object, object]>([
    ['minLength 0 appearing', {}, { minLength: 0 }],
    ['3.0 exclusive form equals the 3.1 form', { maximum: 10, exclusiveMaximum: true }, { exclusiveMaximum: 10 }],
    ['3.1 minimum with a looser exclusiveMinimum', { minimum: 5 }, { minimum: 5, exclusiveMinimum: 1 }],
    ['uniqueItems false appearing', {}, { uniqueItems: false }],
  ])('no change: %s', (_name, base, revision) => {
    expect(diff(base, revision)).toEqual([]);
  });

  it('keeps the keyword values as before/after', () => {
    expect(diffSchemas({ maxLength: 10 }, { maxLength: 5 })).toEqual([
      { kind: 'constraint-tightened', pointer: '', path: '(root)', detail: 'maxLength', before: 10, after: 5 },
    ]);
  });
});

describe('diffSchemas: structure', () => {
  const user = (extra: object = {}) => ({
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string' }, email: { type: 'string' }, ...extra },
  });

  it('properties added and removed say whether they were required', () => {
    const base = user({ age: { type: 'integer' } });
    const revision = { ...user({ nick: { type: 'string' }, org: { type: 'string' } }), required: ['id', 'org'] };
    expect(diff(base, revision)).toEqual([
      'property-removed /properties/age age optional',
      'property-added /properties/nick nick optional',
      'property-added /properties/org org required',
    ]);
  });

  it('required added/removed on existing properties', () => {
    expect(diff(user(), { ...user(), required: ['email'] })).toEqual([
      'property-became-required /properties/email email',
      'property-became-optional /properties/id id',
    ]);
  });

  it('recurses into nested objects and arrays with pointers and human paths', () => {
    const base = { type: 'object', properties: { user: user(), tags: { type: 'array', items: { type: 'string', maxLength: 10 } } } };
    const revision = {
      type: 'object',
      properties: { user: user({ email: { type: 'string', format: 'email' } }), tags: { type: 'array', items: { type: 'string', maxLength: 5 } } },
    };
    expect(diff(base, revision)).toEqual([
      'constraint-tightened /properties/tags/items tags[] maxLength',
      'format-changed /properties/user/properties/email user.email',
    ]);
  });

  it('escapes property names in pointers', () => {
    expect(diff({ properties: {} }, { properties: { 'a/b~c': {} } })).toEqual(['property-added /properties/a~1b~0c a/b~c optional']);
  });

  it('schema added and removed (items, not)', () => {
    expect(diff({ type: 'array' }, { type: 'array', items: { type: 'string' } })).toEqual(['schema-added /items []']);
    expect(diff({ not: { type: 'null' } }, {})).toEqual(["unknown  (root) keyword 'not' changed (a change inside 'not' is not compared by this diff)"]);
    // A value added inside `not` refuses it: read in its normal position it would look like a widening.
    expect(diff({ type: 'string', not: { enum: ['a'] } }, { type: 'string', not: { enum: ['a', 'b'] } })).toEqual([
      "unknown  (root) keyword 'not' changed (a change inside 'not' is not compared by this diff)",
    ]);
    expect(diff({ type: 'string', not: { enum: ['a'] } }, { type: 'string', not: { enum: ['a'] } })).toEqual([]);
    expect(diff(undefined, {})).toEqual(['schema-added  (root)']);
  });

  it('tuples: prefixItems and draft-04 array items', () => {
    expect(diff({ prefixItems: [{ type: 'string' }] }, { prefixItems: [{ type: 'integer' }, { type: 'string' }] })).toEqual([
      'schema-added /prefixItems/1 [1]',
      'type-changed /prefixItems/0 [0] changed',
    ]);
    expect(diff({ items: [{ type: 'string' }] }, { items: [{ type: 'number' }] })).toEqual(['type-changed /prefixItems/0 [0] changed']);
  });

  it('additionalProperties closed, opened, and compared as a schema', () => {
    expect(diff({ type: 'object' }, { type: 'object', additionalProperties: false })).toEqual(['additional-properties-closed  (root)']);
    expect(diff({ additionalProperties: false }, { additionalProperties: { type: 'string' } })).toEqual(['additional-properties-opened  (root)']);
    expect(diff({ additionalProperties: true }, {})).toEqual([]);
    expect(
      diff({ properties: { meta: { additionalProperties: { type: 'string' } } } }, { properties: { meta: { additionalProperties: { type: 'integer' } } } }),
    ).toEqual(['type-changed /properties/meta/additionalProperties meta.* changed']);
  });

  it('composition branches are paired by index, and by $ref or title when reordered', () => {
    const base = {
      oneOf: [
        { title: 'Card', properties: { n: { type: 'string' } } },
        { title: 'Bank', properties: { iban: { type: 'string' } } },
      ],
    };
    const revision = {
      oneOf: [
        { title: 'Bank', properties: { iban: { type: 'string' } } },
        { title: 'Card', properties: { n: { type: 'integer' } } },
      ],
    };
    expect(diff(base, revision)).toEqual(['type-changed /oneOf/1/properties/n n changed']);
    // A null alternative is `nullable`; a single alternative is the schema itself; allOf is merged.
    expect(diff({ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual(['nullable-added  (root)']);
    expect(diff({ allOf: [{ type: 'string' }, { maxLength: 3 }] }, { allOf: [{ type: 'string' }] })).toEqual(['constraint-loosened  (root) maxLength']);
    // A whole anyOf/oneOf appearing restricts the value (unlike one more alternative): marked so rules can tell.
    expect(diff({ type: 'string' }, { type: 'string', anyOf: [{ format: 'email' }] })).toEqual(['schema-added /anyOf/0 (root) composition-keyword']);
    expect(diff({ oneOf: [{ type: 'string' }, { type: 'number' }] }, {})).toEqual([
      'schema-removed /oneOf/0 (root) composition-keyword',
      'schema-removed /oneOf/1 (root) composition-keyword',
    ]);
    expect(pairBranches([{ $ref: '#/a' }, { $ref: '#/b' }], [{ $ref: '#/b' }, { $ref: '#/c' }])).toEqual([
      { base: 1, revision: 0 },
      { base: 0, revision: 1 },
    ]);
  });
});

describe('diffSchemas: $ref', () => {
  const spec = (schemas: Record<string, unknown>, root: unknown) => ({ components: { schemas }, root });
  const withSpecs = (base: ReturnType<typeof spec>, revision: ReturnType<typeof spec>) =>
    brief(diffSchemas(base.root, revision.root, { baseRoot: base, revisionRoot: revision }));

  it('compares $ref targets by content: a renamed component is no change', () => {
    const base = spec({ User: { type: 'object', properties: { id: { type: 'string' } } } }, { $ref: '#/components/schemas/User' });
    const revision = spec({ Account: { type: 'object', properties: { id: { type: 'string' } } } }, { $ref: '#/components/schemas/Account' });
    expect(withSpecs(base, revision)).toEqual([]);
  });

  it('follows $defs, definitions and chains of refs on each side', () => {
    const base = { $defs: { Id: { type: 'string' } }, properties: { id: { $ref: '#/$defs/Id' } } };
    const revision = { definitions: { Id: { $ref: '#/definitions/Key' }, Key: { type: 'integer' } }, properties: { id: { $ref: '#/definitions/Id' } } };
    expect(diff(base, revision)).toEqual(['type-changed /properties/id id changed']);
  });

  it('applies keywords beside a $ref (3.1)', () => {
    const base = { $defs: { S: { type: 'string' } }, properties: { s: { $ref: '#/$defs/S' } } };
    const revision = { $defs: { S: { type: 'string' } }, properties: { s: { $ref: '#/$defs/S', description: 'now documented' } } };
    expect(diff(base, revision)).toEqual(['description-changed /properties/s s']);
  });

  it('uses the resolver options when given', () => {
    const components: Record<string, unknown> = { A: { type: 'string' }, B: { type: 'number' } };
    const changes = diffSchemas({ $ref: 'A' }, { $ref: 'B' }, { resolveBase: (ref) => components[ref], resolveRevision: (ref) => components[ref] });
    expect(brief(changes)).toEqual(['type-changed  (root) changed']);
  });

  describe('keywords compared as a whole follow their $refs (a component changed behind an unchanged $ref text)', () => {
    const Code = (pattern: string) => ({ Code: { type: 'string', pattern } });
    it.each<[string, (ref: unknown) => unknown]>([
      ['not', (ref) => ({ type: 'string', not: ref })],
      ['an if condition', (ref) => ({ if: ref, then: { minLength: 2 } })],
      ['an unmodelled keyword (draft-07 dependencies)', (ref) => ({ type: 'object', dependencies: { a: ref } })],
    ])('%s', (_name, schemaWith) => {
      const ref = { $ref: '#/components/schemas/Code' };
      expect(withSpecs(spec(Code('^a'), schemaWith(ref)), spec(Code('^b'), schemaWith(ref)))).toEqual([expect.stringMatching(/^unknown /)]);
      expect(withSpecs(spec(Code('^a'), schemaWith(ref)), spec(Code('^a'), schemaWith(ref)))).toEqual([]);
      // The same schema written inline is no change.
      expect(withSpecs(spec(Code('^a'), schemaWith(ref)), spec(Code('^a'), schemaWith(Code('^a').Code)))).toEqual([]);
    });

    it('an unresolvable $ref inside them is a change (fail closed)', () => {
      const schema = (ref: string) => ({ type: 'object', dependencies: { a: { $ref: ref } } });
      expect(withSpecs(spec({}, schema('#/components/schemas/Gone')), spec({}, schema('#/components/schemas/Gone')))).toEqual([
        expect.stringMatching(/^unknown /),
      ]);
    });
  });

  it('fails loudly on a ref it cannot resolve (the stage then fails closed)', () => {
    expect(() => diffSchemas({ $ref: '#/$defs/Missing' }, {})).toThrow('cannot resolve $ref "#/$defs/Missing" in the base schema');
    expect(() => diffSchemas({}, { $ref: 'other.json#/X' })).toThrow('external $ref');
    expect(() => diffSchemas({ $defs: { A: { $ref: '#/$defs/A' } }, $ref: '#/$defs/A' }, {})).toThrow('$ref loop');
  });

  it('terminates on circular refs and reports each change once', () => {
    const defs = (valueType: string) => ({
      $defs: {
        Node: {
          type: 'object',
          properties: { value: { type: valueType }, next: { $ref: '#/$defs/Node' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
    });
    const root = { $ref: '#/$defs/Node' };
    const run = (base: unknown, revision: unknown) => brief(diffSchemas(root, root, { baseRoot: base, revisionRoot: revision }));
    expect(run(defs('string'), defs('string'))).toEqual([]);
    expect(run(defs('string'), defs('integer'))).toEqual(['type-changed /properties/value value changed']);
    // A root that is Node merged with its sibling `$defs` is another node, but it shares Node's
    // `properties` objects: the `value` pair is still compared once.
    expect(diff({ ...defs('string'), ...root }, { ...defs('integer'), ...root })).toEqual(['type-changed /properties/value value changed']);
  });

  it('terminates on circular JavaScript objects (dereferenced specs)', () => {
    const build = (valueType: string) => {
      const a: Record<string, unknown> = { type: 'object', properties: { value: { type: valueType } } };
      const b: Record<string, unknown> = { type: 'object', properties: { a } };
      (a.properties as Record<string, unknown>).b = b;
      return a;
    };
    expect(diff(build('string'), build('number'))).toEqual(['type-changed /properties/value value changed']);
  });

  it('reports a changed shared component once, at the shortest path', () => {
    const doc = (idType: string) => ({
      $defs: { User: { type: 'object', properties: { id: { type: idType } } } },
      properties: { editor: { $ref: '#/$defs/User' }, history: { type: 'array', items: { $ref: '#/$defs/User' } }, author: { $ref: '#/$defs/User' } },
    });
    expect(diff(doc('string'), doc('integer'))).toEqual(['type-changed /properties/author/properties/id author.id changed']);
  });

  it('a shared memo skips clean pairs in later calls and gives the same answers', () => {
    const base = {
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' }, n: { type: 'string' } } },
        C: { type: 'object', properties: { a: { $ref: '#/$defs/A' }, s: { type: 'string' } } },
        D: { type: 'object', properties: { s: { type: 'string' } } },
      },
    };
    const revision = structuredClone(base);
    revision.$defs.B.properties.n.type = 'integer';
    const calls = ['#/$defs/A', '#/$defs/B', '#/$defs/C', '#/$defs/D', '#/$defs/A'];
    const run = (memo?: ReturnType<typeof createSchemaDiffMemo>) =>
      calls.map((ref) => brief(diffSchemas({ $ref: ref }, { $ref: ref }, { baseRoot: base, revisionRoot: revision, ...(memo ? { memo } : {}) })));
    const expected = [
      ['type-changed /properties/b/properties/n b.n changed'],
      ['type-changed /properties/n n changed'],
      ['type-changed /properties/a/properties/b/properties/n a.b.n changed'],
      [],
      ['type-changed /properties/b/properties/n b.n changed'],
    ];
    expect(run()).toEqual(expected);
    expect(run(createSchemaDiffMemo())).toEqual(expected);
  });
});

describe('diffSchemas: request and response views (readOnly / writeOnly)', () => {
  const user = (uuid: Record<string, unknown>) => ({ type: 'object', required: ['email', 'uuid'], properties: { email: { type: 'string' }, uuid } });
  const viewed = (view: 'request' | 'response', base: unknown, revision: unknown) => brief(diffSchemas(base, revision, { view }));

  it('a request leaves readOnly properties out (clients do not send them)', () => {
    expect(viewed('request', user({ type: 'string', readOnly: true }), user({ type: 'string' }))).toEqual(['property-added /properties/uuid uuid required']);
    expect(viewed('request', user({ type: 'string' }), user({ type: 'string', readOnly: true }))).toEqual(['property-removed /properties/uuid uuid required']);
    expect(viewed('response', user({ type: 'string', readOnly: true }), user({ type: 'string' }))).toEqual([]);
  });

  it('a response leaves writeOnly properties out (servers do not return them)', () => {
    expect(viewed('response', user({ type: 'string' }), user({ type: 'string', writeOnly: true }))).toEqual([
      'property-removed /properties/uuid uuid required',
    ]);
    expect(viewed('request', user({ type: 'string' }), user({ type: 'string', writeOnly: true }))).toEqual([]);
  });

  it('reads the flag through a $ref, and without a view sees every property', () => {
    const root = { $defs: { Uuid: { type: 'string', readOnly: true } } };
    const withRef = { ...user({ $ref: '#/$defs/Uuid' }), $defs: root.$defs };
    expect(viewed('request', user({ type: 'string' }), withRef)).toEqual(['property-removed /properties/uuid uuid required']);
    expect(diff(user({ type: 'string' }), user({ type: 'string', readOnly: true }))).toEqual([]);
  });

  it('a memo serves one view only', () => {
    const memo = createSchemaDiffMemo();
    diffSchemas({}, {}, { memo, view: 'request' });
    expect(() => diffSchemas({}, {}, { memo, view: 'response' })).toThrow(/view/);
  });
});

describe('diffSchemas: a property removed from a closed object', () => {
  it('carries after: false (the name is now refused) when the revision has additionalProperties: false', () => {
    const closed = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });
    expect(diffSchemas(closed({ a: {}, b: {} }), closed({ a: {} }))).toEqual([
      { kind: 'property-removed', pointer: '/properties/b', path: 'b', detail: 'optional', after: false },
    ]);
    expect(diffSchemas({ type: 'object', properties: { a: {}, b: {} } }, { type: 'object', properties: { a: {} } })).toEqual([
      { kind: 'property-removed', pointer: '/properties/b', path: 'b', detail: 'optional' },
    ]);
  });
});
