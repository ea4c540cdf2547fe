import { describe, expect, it } from 'vitest';
import { wrapFragment } from './rule-book.js';
import { compareSpecs } from './engine.js';
import { DEFAULT_POLICY, parseInstant, removalOf, sunsetReached, type RestPolicy } from './policy.js';

describe('parseInstant (RFC 3339)', () => {
  it.each([
    ['2026-06-01', Date.UTC(2026, 5, 1)],
    ['2026-06-01T12:00:00Z', Date.UTC(2026, 5, 1, 12)],
    ['2026-06-01T12:00:00.250+02:00', Date.UTC(2026, 5, 1, 10, 0, 0, 250)],
  ])('%s', (text, instant) => expect(parseInstant(text)).toBe(instant));
  it.each(['2026-02-30', '2026-6-1', '01/06/2026', '2026-06-01T12:00', 'tomorrow', ''])('rejects %j', (text) => expect(parseInstant(text)).toBeUndefined());
});

describe('removalOf', () => {
  const policy: RestPolicy = { ...DEFAULT_POLICY, today: '2026-06-01T10:00:00Z' };
  it.each([
    [{ deprecated: false, extensions: { 'x-sunset': '2020-01-01' } }, { kind: 'not-deprecated' }],
    [{ deprecated: true, extensions: {} }, { kind: 'announced' }],
    [{ deprecated: true, extensions: { 'x-sunset': '2026-06-01' } }, { kind: 'announced' }],
    [
      { deprecated: true, extensions: { 'x-sunset': '2026-06-02' } },
      { kind: 'before-sunset', sunset: '2026-06-02' },
    ],
    [
      { deprecated: true, extensions: { 'x-sunset': ['2026'] } },
      { kind: 'sunset-invalid', value: '["2026"]' },
    ],
  ])('%j', (element, expected) => expect(removalOf(element, policy)).toEqual(expected));
  it('without a release date no sunset has passed; an unreadable release date neither', () => {
    expect(sunsetReached({ instant: 0 }, DEFAULT_POLICY)).toBe(false);
    expect(sunsetReached({ instant: 0 }, { ...DEFAULT_POLICY, today: 'yesterday' })).toBe(false);
  });
});

async function rulesOf(base: string, revision: string, policy: RestPolicy = { ...DEFAULT_POLICY, today: '2026-06-01' }) {
  const { findings } = await compareSpecs({ text: wrapFragment(base), path: 'base.yaml' }, { text: wrapFragment(revision), path: 'revision.yaml' }, policy);
  return findings.map((finding) => finding.rule);
}

describe('stability levels in the engine', () => {
  const body = (required: string) => `
paths:
  /api/v2/ai/agents:
    post:
      x-stability-level: LEVEL
      requestBody: {content: {application/json: {schema: {type: object, required: [${required}], properties: {prompt: {type: string}, model: {type: string}}}}}}
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}`;

  it('a breaking change of an alpha or draft operation is one advisory; of a beta one it stays breaking', async () => {
    for (const level of ['alpha', 'draft']) {
      expect(await rulesOf(body('prompt').replace('LEVEL', level), body('prompt, model').replace('LEVEL', level))).toEqual(['api-unstable-operation-changed']);
    }
    expect(await rulesOf(body('prompt').replace('LEVEL', 'beta'), body('prompt, model').replace('LEVEL', 'beta'))).toEqual([
      'request-property-became-required',
    ]);
  });

  it('the base level decides: alpha promoted to stable with a break is excused, stable demoted to alpha is not', async () => {
    expect(await rulesOf(body('prompt').replace('LEVEL', 'alpha'), body('prompt, model').replace('LEVEL', 'stable'))).toEqual([
      'api-unstable-operation-changed',
    ]);
    expect(await rulesOf(body('prompt').replace('LEVEL', 'stable'), body('prompt, model').replace('LEVEL', 'alpha'))).toEqual([
      'api-stability-decreased',
      'request-property-became-required',
    ]);
  });

  it('non-breaking findings of an alpha operation are kept as they are', async () => {
    const before = body('prompt').replace('LEVEL', 'alpha');
    const after = before
      .replace('properties: {id: {type: string}}', 'properties: {id: {type: string}, status: {type: string}}')
      .replace('required: [prompt]', 'required: [prompt]')
      .replace('model: {type: string}}', 'model: {type: string}, seed: {type: integer}}');
    expect(await rulesOf(before, after)).toEqual(['new-optional-request-property']);
  });

  it('a change of the level alone is a change of the operation (not skipped as unchanged)', async () => {
    expect(await rulesOf(body('prompt').replace('LEVEL', 'beta'), body('prompt').replace('LEVEL', 'alpha'))).toEqual(['api-stability-decreased']);
  });

  it('an invalid level is a finding, never a crash, and excuses nothing', async () => {
    expect(await rulesOf(body('prompt').replace('LEVEL', '{nested: true}'), body('prompt, model').replace('LEVEL', '{nested: true}'))).toEqual([
      'api-invalid-stability-level',
      'api-invalid-stability-level',
      'request-property-became-required',
    ]);
  });
});
