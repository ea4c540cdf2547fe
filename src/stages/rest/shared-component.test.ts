import { describe, expect, it } from 'vitest';
import { compareSpecs } from './engine.js';

/**
 * A component referenced by every operation, changed: each operation gets its finding (at its own
 * location), while the component's comparison is done once per spec pair and each operation's
 * walk stops as soon as it has reached the change — asserted on the diff's work counters, not on time.
 */

const CHAIN = 30;

/** `count` operations whose responses reach `Leaf` through a chain of CHAIN components (each also pointing at `Leaf`). */
function spec(count: number, leafRequired: string[]): string {
  const schemas: Record<string, unknown> = {
    Leaf: { type: 'object', required: leafRequired, properties: Object.fromEntries(leafRequired.map((name) => [name, { type: 'string' }])) },
    Link0: { type: 'object', properties: { leaf: { $ref: '#/components/schemas/Leaf' } } },
  };
  for (let link = 1; link <= CHAIN; link += 1) {
    schemas[`Link${link}`] = {
      type: 'object',
      properties: { leaf: { $ref: '#/components/schemas/Leaf' }, previous: { $ref: `#/components/schemas/Link${link - 1}` } },
    };
  }
  const paths: Record<string, unknown> = {};
  for (let operation = 0; operation < count; operation += 1) {
    // Each response schema is written inline, so no two operations share their root pair.
    const schema = { type: 'object', properties: { data: { $ref: `#/components/schemas/Link${CHAIN}` } } };
    paths[`/things${operation}`] = { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components: { schemas } });
}

async function compare(count: number) {
  return compareSpecs({ text: spec(count, ['id', 'name']), path: 'base.json' }, { text: spec(count, ['id']), path: 'revision.json' });
}

describe('a changed component referenced by every operation', () => {
  it('is reported at every operation', async () => {
    const { findings } = await compare(12);
    const removed = findings.filter((finding) => finding.rule === 'response-property-removed');
    expect(removed).toHaveLength(12);
    expect(new Set(removed.map((finding) => finding.evidence.pointer)).size).toBe(12);
    expect(removed[0]!.evidence.pointer).toMatch(
      /^\/paths\/~1things\d+\/get\/responses\/200\/content\/application~1json\/schema\/properties\/data\/properties\/leaf\/properties\/name$/,
    );
  });

  it('is compared once, and no operation walks the chain behind it again', async () => {
    const [few, many] = [(await compare(10)).diff.schemaDiffCost, (await compare(20)).diff.schemaDiffCost];
    // Ten more operations: ten more inline root pairs compared, nothing of the components again.
    expect(many.pairsCompared - few.pairsCompared).toBe(10);
    // Each operation walks its root, the chain's head and the changed Leaf: not the CHAIN links behind.
    expect(many.pairsWalked - few.pairsWalked).toBe(10 * 3);
  });
});
