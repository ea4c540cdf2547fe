import { describe, expect, it } from 'vitest';
import { compareSpecs } from './engine.js';
import { wrapFragment } from './rule-book.js';
import { restRules } from './rules/index.js';

/**
 * The false alarms of issue 17 (refactors that change nothing on the wire), as whole REST
 * comparisons: no breaking finding, in requests and in responses; and the real changes next to
 * them still flagged.
 */

const breakingIds = new Set(restRules.filter((rule) => rule.meta.level === 'breaking').map((rule) => rule.meta.id));

async function breakingFindings(base: string, revision: string): Promise<string[]> {
  const { findings } = await compareSpecs({ text: wrapFragment(base), path: 'base.yaml' }, { text: wrapFragment(revision), path: 'revision.yaml' });
  return findings.filter((finding) => breakingIds.has(finding.rule)).map((finding) => `${finding.rule} ${JSON.stringify(finding.params)}`);
}

/** One operation whose request body and 200 response both use `schema`, plus `components`. */
const bothWays = (schema: string, components: string) => `
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: ${schema}}}}
      responses:
        '200': {description: ok, content: {application/json: {schema: ${schema}}}}
components:
  schemas:
${components}`;

describe('composition refactors are not breaking (issue 17)', () => {
  it('a required property moved from one allOf member to another', async () => {
    const base = bothWays(
      '{$ref: "#/components/schemas/User"}',
      `    Named: {type: object, required: [id], properties: {id: {type: string}}}
    User: {allOf: [{$ref: "#/components/schemas/Named"}, {type: object, required: [email], properties: {email: {type: string}}}]}`,
    );
    const revision = bothWays(
      '{$ref: "#/components/schemas/User"}',
      `    Named: {type: object, required: [id, email], properties: {id: {type: string}, email: {type: string}}}
    User: {allOf: [{$ref: "#/components/schemas/Named"}, {type: object}]}`,
    );
    expect(await breakingFindings(base, revision)).toEqual([]);
  });

  it('$ref refactored into allOf: [$ref] + nullable (in a request: nullable is a widening)', async () => {
    const components = `    Tag: {type: object, required: [name], properties: {name: {type: string}, color: {type: string}}}`;
    const request = (tag: string) => `
paths:
  /api/v1/items:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {tag: ${tag}}}}}}
      responses: {'204': {description: ok}}
components:
  schemas:
${components}`;
    expect(
      await breakingFindings(request('{$ref: "#/components/schemas/Tag"}'), request('{allOf: [{$ref: "#/components/schemas/Tag"}], nullable: true}')),
    ).toEqual([]);
    // In a response the same refactor is no change at all without `nullable`.
    expect(
      await breakingFindings(
        bothWays('{$ref: "#/components/schemas/Tag"}', components),
        bothWays('{allOf: [{$ref: "#/components/schemas/Tag"}], description: a tag}', components),
      ),
    ).toEqual([]);
  });

  it('an optional third allOf member', async () => {
    const components = `    A: {type: object, properties: {a: {type: string}}}
    B: {type: object, required: [b], properties: {b: {type: string}}}`;
    const base = bothWays('{allOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/B"}]}', components);
    const revision = bothWays(
      '{allOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/B"}, {type: object, properties: {c: {type: integer}}}]}',
      components,
    );
    expect(await breakingFindings(base, revision)).toEqual([]);
  });

  it('a new alternative in a request union, and a body that becomes a union', async () => {
    const components = `    Card: {type: object, required: [number], properties: {number: {type: string}}}
    Bank: {type: object, required: [iban], properties: {iban: {type: string}}}
    Sepa: {type: object, required: [mandate], properties: {mandate: {type: string}}}`;
    const request = (schema: string) => `
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: ${schema}}}}
      responses: {'201': {description: created}}
components:
  schemas:
${components}`;
    const card = '{$ref: "#/components/schemas/Card"}';
    const bank = '{$ref: "#/components/schemas/Bank"}';
    const sepa = '{$ref: "#/components/schemas/Sepa"}';
    expect(await breakingFindings(request(`{oneOf: [${card}, ${bank}]}`), request(`{oneOf: [${sepa}, ${card}, ${bank}]}`))).toEqual([]);
    // Issue 32: a plain Card becoming oneOf [Card, Sepa] is a wrapping: {number, mandate} matched Card and now matches both (refused).
    expect(await breakingFindings(request(card), request(`{oneOf: [${card}, ${sepa}]}`))).toEqual([
      'request-body-wrapped-in-one-of {"method":"POST","path":"/api/v1/payments","element":"request body","alternatives":"2"}',
    ]);
    // Inline alternatives without titles are matched by shape, not by position.
    const inline = (...names: string[]) =>
      `{oneOf: [${names.map((name) => `{type: object, required: [${name}], properties: {${name}: {type: string}}}`).join(', ')}]}`;
    expect(await breakingFindings(request(inline('number', 'iban')), request(inline('mandate', 'number', 'iban')))).toEqual([]);
  });
});

describe('the same composition changes where they do break', () => {
  it('a new alternative in a response union', async () => {
    const components = `    Card: {type: object, properties: {number: {type: string}}}
    Sepa: {type: object, properties: {mandate: {type: string}}}`;
    const findings = await breakingFindings(
      bothWays('{oneOf: [{$ref: "#/components/schemas/Card"}]}', components),
      bothWays('{oneOf: [{$ref: "#/components/schemas/Card"}, {$ref: "#/components/schemas/Sepa"}]}', components),
    );
    // The request side of bothWays: a one-alternative oneOf is that alternative, so it is a wrapping whose alternatives overlap (issue 32).
    expect(findings).toEqual([
      'request-body-wrapped-in-one-of {"method":"POST","path":"/api/v1/users","element":"request body","alternatives":"2"}',
      'response-property-type-changed {"method":"POST","path":"/api/v1/users","element":"response 200 body","aspect":"type","before":"documented","after":"new alternative"}',
    ]);
  });

  it('an alternative removed from a request union', async () => {
    const components = `    Card: {type: object, properties: {number: {type: string}}}
    Sepa: {type: object, properties: {mandate: {type: string}}}`;
    const findings = await breakingFindings(
      bothWays('{oneOf: [{$ref: "#/components/schemas/Card"}, {$ref: "#/components/schemas/Sepa"}]}', components),
      bothWays('{$ref: "#/components/schemas/Card"}', components),
    );
    expect(findings).toEqual([
      'request-property-type-changed {"method":"POST","path":"/api/v1/users","element":"request body","aspect":"type","before":"alternative","after":"none"}',
    ]);
  });

  it('a required property added through a new allOf member, in a request', async () => {
    const components = `    A: {type: object, properties: {a: {type: string}}}`;
    const findings = await breakingFindings(
      bothWays('{allOf: [{$ref: "#/components/schemas/A"}]}', components),
      bothWays('{allOf: [{$ref: "#/components/schemas/A"}, {required: [tenant], properties: {tenant: {type: string}}}]}', components),
    );
    expect(findings).toEqual(['new-required-request-property {"method":"POST","path":"/api/v1/users","element":"request property \'tenant\'"}']);
  });
});
