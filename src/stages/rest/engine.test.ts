import { describe, expect, it } from 'vitest';
import { compareSpecs } from './engine.js';
import { specAcceptance } from './acceptance.js';

const spec = (required: boolean) => `
openapi: 3.0.0
info: {title: t, version: '1'}
paths:
  /api/v1/org/users:
    get:
      parameters: [{name: page, in: query, required: ${required}, schema: {type: integer}}]
      responses: {'200': {description: ok}}
`;

describe('compareSpecs with blob ids (consecutive pairs of a backfill)', () => {
  it('gives the same findings whether a model is parsed or reused by its blob id', async () => {
    const optional = { text: spec(false), path: 'api/openapi.yaml' };
    const required = { text: spec(true), path: 'api/openapi.yaml' };
    const fresh = await compareSpecs(optional, required);
    // Pair 1: optional → required; pair 2 reuses the head model of pair 1 as its base.
    const first = await compareSpecs({ ...optional, blobId: 'a1' }, { ...required, blobId: 'b2' });
    const second = await compareSpecs({ ...required, blobId: 'b2' }, { ...optional, blobId: 'c3' });
    expect(first.findings).toEqual(fresh.findings);
    expect(first.findings.map((finding) => finding.rule)).toEqual(['request-parameter-became-required']);
    expect(second.findings).toEqual((await compareSpecs(required, optional)).findings);
    expect(second.findings.map((finding) => finding.rule)).not.toContain('request-parameter-became-required');
  });
});

// Issue 32: a change seen through two media types of one body was one finding (the first media
// type's pointer): an acceptance placed on that media type then covered the other one's break too.
// As oasdiff does (checker formatMediaTypeDetails), each media type is its own finding, naming it
// when the body has more than one.
const twoMediaTypes = (required: string, accept = '') => `
openapi: 3.0.0
info: {title: t, version: '1'}
paths:
  /api/v1/org/users:
    post:
      requestBody:
        required: true
        content:
          application/json: {schema: {type: object, ${required}properties: {email: {type: string}}}${accept}}
          application/xml: {schema: {type: object, ${required}properties: {email: {type: string}}}}
      responses: {'200': {description: ok}}
`;

describe('compareSpecs: one finding per media type of a body', () => {
  it('keeps the same change in two media types apart, naming each', async () => {
    const { findings } = await compareSpecs(
      { text: twoMediaTypes(''), path: 'api/openapi.yaml' },
      { text: twoMediaTypes('required: [email], '), path: 'api/openapi.yaml' },
    );
    const required = findings.filter((finding) => finding.rule === 'request-property-became-required');
    expect(required.map((finding) => [finding.params.element, finding.evidence.pointer])).toEqual([
      [
        "request property 'email' (media type application/json)",
        '/paths/~1api~1v1~1org~1users/post/requestBody/content/application~1json/schema/properties/email',
      ],
      [
        "request property 'email' (media type application/xml)",
        '/paths/~1api~1v1~1org~1users/post/requestBody/content/application~1xml/schema/properties/email',
      ],
    ]);
  });

  it('an acceptance on one media type does not cover the other', async () => {
    const accept = `, x-release-safety-accept: [{rule: request-property-became-required, reason: 'no client sends JSON without an email'}]`;
    const head = twoMediaTypes('required: [email], ', accept);
    const { findings } = await compareSpecs({ text: twoMediaTypes(''), path: 'api/openapi.yaml' }, { text: head, path: 'api/openapi.yaml' });
    const acceptance = await specAcceptance(twoMediaTypes(''), head, 'api/openapi.yaml', 'api/openapi.yaml');
    const [holder] = acceptance.added;
    const covered = findings.filter((finding) => finding.rule === 'request-property-became-required').map((finding) => acceptance.covers(holder!, finding));
    expect(covered).toEqual([true, false]);
  });

  it('a body with one media type reads as before', async () => {
    const one = (required: string) => twoMediaTypes(required).replace(/ {10}application\/xml.*\n/, '');
    const { findings } = await compareSpecs({ text: one(''), path: 'api/openapi.yaml' }, { text: one('required: [email], '), path: 'api/openapi.yaml' });
    expect(findings.filter((finding) => finding.rule === 'request-property-became-required').map((finding) => finding.params.element)).toEqual([
      "request property 'email'",
    ]);
  });
});
