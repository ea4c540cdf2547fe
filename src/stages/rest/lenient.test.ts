import { describe, expect, it } from 'vitest';
import { compareSpecs } from './engine.js';
import { SpecError } from './spec-error.js';

/**
 * Issue 17.3, lenient loading: a document with recoverable problems is still diffed and each problem
 * is a warning; only text that does not parse, or a `$ref` that leads nowhere, stops the comparison
 * (the surface is then `unknown`, see stage.test.ts). A part that cannot be read at all (a parameter
 * without a name) also stops it: guessing would be a claim about what callers send.
 */
const HEAD = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n";
const USERS = "paths:\n  /users:\n    get: {responses: {'200': {description: ok}}}\n";

async function compare(base: string, revision: string) {
  return compareSpecs({ text: base, path: 'base.yaml' }, { text: revision, path: 'revision.yaml' });
}

describe('recoverable problems: diffed, each one a warning', () => {
  it.each([
    ['an operation without responses', `${HEAD}paths:\n  /users:\n    get: {}\n`, 'missing responses object (read as no documented response)'],
    ['responses that are not an object', `${HEAD}paths:\n  /users:\n    get: {responses: ok}\n`, 'responses is not an object (read as no documented response)'],
    ['an unknown top-level key', `${HEAD}produces: [application/json]\n${USERS}`, 'unknown key "produces" (ignored)'],
    [
      'an unknown operation key',
      `${HEAD}paths:\n  /users:\n    get: {summaryText: x, responses: {'200': {description: ok}}}\n`,
      'unknown key "summaryText" (ignored)',
    ],
    [
      'a $ref with siblings (OpenAPI 3.0)',
      `${HEAD}paths:\n  /users:\n    get: {responses: {'200': {$ref: '#/components/responses/Ok', description: x}}}\ncomponents:\n  responses:\n    Ok: {description: ok}\n`,
      '$ref with sibling keys description',
    ],
    ['no info object', `openapi: 3.0.3\n${USERS}`, 'missing info object (not needed for the comparison)'],
    ['no paths object (OpenAPI 3.0)', HEAD, 'missing paths object (read as no operations)'],
  ])('%s', async (_name, text, warning) => {
    const { warnings } = await compare(text, text);
    expect(warnings.some((line) => line.includes(warning))).toBe(true);
  });

  it('a change next to the problems is still found', async () => {
    const base = `openapi: 3.0.3\nx-vendor: 1\npaths:\n  /users:\n    get: {}\n    delete: {}\n`;
    const revision = `openapi: 3.0.3\nx-vendor: 1\npaths:\n  /users:\n    get: {}\n`;
    const { findings, warnings } = await compare(base, revision);
    expect(findings.map((finding) => finding.rule)).toEqual(['api-removed-without-deprecation']);
    expect(warnings).toHaveLength(5);
  });

  it('a document that lost its paths object reads as every operation removed (breaking), not as nothing to compare', async () => {
    const { findings } = await compare(`${HEAD}${USERS}`, HEAD);
    expect(findings.map((finding) => finding.rule)).toEqual(['api-path-removed-without-deprecation']);
  });
});

describe('what stops the comparison (the surface is unknown)', () => {
  it.each([
    ['text that does not parse', `${HEAD}paths: {/users: [}\n`, 'does not parse as YAML'],
    [
      'an unresolvable $ref',
      `${HEAD}paths:\n  /users:\n    get: {responses: {'200': {$ref: '#/components/responses/Gone'}}}\n`,
      'unresolved reference #/components/responses/Gone',
    ],
    [
      'a reference to another file without a reader',
      `${HEAD}paths:\n  /users:\n    get: {responses: {'200': {$ref: 'common.yaml#/Ok'}}}\n`,
      'reference to another document (common.yaml#/Ok) is not followed',
    ],
    [
      'a parameter without a name',
      `${HEAD}paths:\n  /users:\n    get: {parameters: [{in: query}], responses: {'200': {description: ok}}}\n`,
      'parameter without a name',
    ],
    ['not an OpenAPI document', 'title: t\n', 'no "openapi" or "swagger" version field'],
  ])('%s', async (_name, text, message) => {
    const error = await compare(`${HEAD}${USERS}`, text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as Error).message).toContain(message);
  });
});

describe('references in a JSON document (found in its text, not by a walk)', () => {
  const json = (responses: string, extra = '') =>
    `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/users": {"get": {"responses": ${responses}}}}${extra}}`;
  const components = ', "components": {"responses": {"Ok": {"description": "ok"}}}';
  const compareJson = (text: string) => compareSpecs({ text: json('{"200": {"description": "ok"}}'), path: 'base.json' }, { text, path: 'revision.json' });

  it.each([
    [
      'an unresolvable $ref, named where it sits',
      json('{"200": {"$ref": "#/components/responses/Gone"}}'),
      'at /paths/~1users/get/responses/200/$ref: unresolved reference #/components/responses/Gone',
    ],
    [
      'a reference to another file without a reader',
      json('{"200": {"$ref" : "common.json#/Ok"}}'),
      'reference to another document (common.json#/Ok) is not followed',
    ],
    ['a $ref key spelled with an escape', json('{"200": {"\\u0024ref": "#/components/responses/Gone"}}'), 'unresolved reference #/components/responses/Gone'],
  ])('%s stops the comparison', async (_name, text, message) => {
    const error = await compareJson(text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as Error).message).toContain(message);
  });

  it('a $ref with siblings (OpenAPI 3.0) is a warning', async () => {
    const { warnings } = await compareJson(json('{"200": {"$ref": "#/components/responses/Ok", "description": "x"}}', components));
    expect(warnings.some((line) => line.includes('$ref with sibling keys description'))).toBe(true);
  });

  it('"$ref" written inside a string, or as the name of a property, is no reference', async () => {
    const schema = '{"type": "object", "description": "send {\\"$ref\\": \\"#/nowhere\\"}", "properties": {"$ref": {"type": "string"}}}';
    const { warnings } = await compareJson(json(`{"200": {"description": "ok", "content": {"application/json": {"schema": ${schema}}}}}`));
    expect(warnings).toEqual([]);
  });
});
