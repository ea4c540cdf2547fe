import { describe, expect, it } from 'vitest';
import type { RuleMeta } from '../rules/types.js';
import { addedHolders, applyApiAcceptance, collectHolders, rulesWithSettings, type AcceptHolder } from './api-acceptance.js';
import { objectsAlong } from './rest/acceptance.js';

/** The REST/MCP side of acknowledgements (pure); end to end in test/accept/api.e2e.test.ts. */
const REASON = 'no client sends this parameter today';
const breaking: RuleMeta = {
  id: 'request-parameter-removed',
  surface: 'rest',
  level: 'breaking',
  summary: 's',
  message: '{method} {path}',
  why: 'w',
  fix: 'f',
  docs: 'd',
};
const unknownRule: RuleMeta = { ...breaking, id: 'request-schema-change-unknown', acceptable: false };
const advisory: RuleMeta = { ...breaking, id: 'request-parameter-enum-value-added', level: 'advisory' };
const acceptance = (settings = {}) => ({ settings, knownRule: (id: string) => [breaking, unknownRule, advisory].find((rule) => rule.id === id) });
const finding = (rule: string) => ({ rule, params: { method: 'GET', path: '/items' }, evidence: { pointer: '/paths/~1items/get/parameters/0' } });
const holder = (rule: string, pointer = '/paths/~1items/get'): AcceptHolder => ({ file: 'api.yaml', pointer, entries: [{ rule, reason: REASON }] });
const coversAll = () => true;

describe('applyApiAcceptance', () => {
  it('an entry covering a proven finding accepts it; an entry for an unknown-reporting rule is refused', () => {
    const ok = applyApiAcceptance('rest', [finding(breaking.id)], { added: [holder(breaking.id)], problems: [] }, coversAll, [breaking], acceptance());
    expect(ok).toMatchObject({
      remaining: [],
      acceptedFindings: [finding(breaking.id)],
      problems: [],
      accepted: [{ by: { kind: 'inline', file: 'api.yaml', pointer: '/paths/~1items/get' } }],
    });
    const refused = applyApiAcceptance(
      'rest',
      [finding(unknownRule.id)],
      { added: [holder(unknownRule.id)], problems: [] },
      coversAll,
      [unknownRule],
      acceptance(),
    );
    expect(refused.remaining).toHaveLength(1);
    expect(refused.problems[0]?.problem).toContain('only proven findings can be accepted');
  });

  it('a config lowering accepts breaking findings; raising makes an advisory rule breaking', () => {
    const lowered = applyApiAcceptance(
      'rest',
      [finding(breaking.id)],
      { added: [], problems: [] },
      coversAll,
      [breaking],
      acceptance({ [breaking.id]: { level: 'advisory', reason: REASON } }),
    );
    expect(lowered.accepted).toMatchObject([{ by: { kind: 'rule-setting', level: 'advisory' } }]);
    expect(rulesWithSettings([advisory], acceptance({ [advisory.id]: { level: 'breaking', reason: REASON } }))[0]?.level).toBe('breaking');
  });

  it('a stale entry and an entry of another surface are problems naming file#pointer', () => {
    const stale = applyApiAcceptance('rest', [], { added: [holder(breaking.id)], problems: [] }, coversAll, [breaking], acceptance());
    expect(stale.problems).toEqual([{ file: 'api.yaml#/paths/~1items/get', problem: expect.stringContaining('stale acceptance') as string }]);
  });

  it('only entries new in the release count (an entry kept from the base ref accepts nothing new)', () => {
    expect(addedHolders([holder(breaking.id)], [holder(breaking.id)])).toEqual([]);
    expect(addedHolders([holder(breaking.id)], [])).toHaveLength(1);
  });
});

describe('OpenAPI holders', () => {
  const spec = {
    paths: { '/items': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } } } },
    components: { schemas: { Item: { 'x-release-safety-accept': [{ rule: breaking.id, reason: REASON }], properties: { name: { type: 'string' } } } } },
  };

  it('finds every holder with its pointer, and malformed entries as problems', () => {
    expect(collectHolders(spec, 'api.yaml').holders.map((found) => found.pointer)).toEqual(['/components/schemas/Item']);
    expect(collectHolders({ a: { 'x-release-safety-accept': 'yes' } }, 'api.yaml').problems[0]?.problem).toContain('must be a list');
  });

  it('a logical pointer passes through the component its $ref leads to', () => {
    const along = objectsAlong(spec, '/paths/~1items/post/requestBody/content/application~1json/schema/properties/name');
    expect(along.has('/components/schemas/Item')).toBe(true);
    expect(along.has('/components/schemas/Item/properties/name')).toBe(true);
    expect(along.has('/paths/~1items/post')).toBe(true);
  });

  describe('an array index of a removal names the base document', () => {
    const parameter = (name: string, accept?: string) => ({
      name,
      in: 'query',
      schema: { type: 'string' },
      ...(accept ? { 'x-release-safety-accept': [{ rule: accept, reason: REASON }] } : {}),
    });
    const specWith = (parameters: unknown[]) => ({ paths: { '/items': { get: { parameters } } } });
    const pointer = '/paths/~1items/get/parameters/0';

    it("a parameter now at the removed one's index covers nothing inside it", () => {
      const base = specWith([parameter('tenant'), parameter('page')]);
      const head = specWith([parameter('page', breaking.id)]);
      const along = objectsAlong(head, pointer, base);
      expect(along.has('/paths/~1items/get')).toBe(true);
      expect(along.has(pointer)).toBe(false);
      // Without the base the walk cannot tell, and passes into the head's element.
      expect(objectsAlong(head, pointer).has(pointer)).toBe(true);
    });

    it('a reordered or changed parameter that still exists is walked into (head-indexed pointer)', () => {
      const base = specWith([parameter('tenant'), parameter('page')]);
      const reordered = specWith([{ ...parameter('page'), required: true }, parameter('tenant')]);
      expect(objectsAlong(reordered, `${pointer}/schema`, base).has(pointer)).toBe(true);
      const added = specWith([parameter('tenant'), parameter('page'), parameter('sort')]);
      expect(objectsAlong(added, '/paths/~1items/get/parameters/2', base).has('/paths/~1items/get/parameters/2')).toBe(true);
    });

    it('parameters behind $refs are compared by what they resolve to', () => {
      const components = (names: string[]) => ({ components: { parameters: Object.fromEntries(names.map((name) => [name, parameter(name)])) } });
      const base = { ...specWith([{ $ref: '#/components/parameters/tenant' }]), ...components(['tenant']) };
      const head = { ...specWith([{ $ref: '#/components/parameters/page' }]), ...components(['page']) };
      expect(objectsAlong(head, pointer, base).has('/components/parameters/page')).toBe(false);
    });
  });
});
