import { describe, expect, it } from 'vitest';
import { compareSpecs } from './engine.js';

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
