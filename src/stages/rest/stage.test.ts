import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../rules/types.js';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { restStage } from './index.js';

/** The stage contract around the engine: configuration, blob ids, reading, fail-closed loading, spec versions. */

const fixture = (path: string): string => readFileSync(`fixtures/rest/${path}`, 'utf8');
const SPEC = 'openapi.yaml';
const run = (base: Record<string, string>, head: Record<string, string>, openapi: string | false | null = SPEC) =>
  restStage.run(stageInput({ base, head }, openapi === null ? {} : { openapi }));

const linesOf = (findings: Awaited<ReturnType<typeof run>>['findings']): string[] =>
  findings.map((finding) => {
    const meta = restStage.rules.find((rule) => rule.id === finding.rule)!;
    const rendered = renderFinding(meta, finding);
    return `${rendered.level} ${rendered.rule}: ${rendered.message}`;
  });

describe('REST stage configuration', () => {
  it('reports a service without a REST surface (openapi: false) as checked and not breaking', async () => {
    const result = await run({}, {}, false);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 });
  });

  it('reports a missing openapi key as unchecked and unknown, with the reason', async () => {
    const result = await run({}, {}, null);
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.section.breaking).toBe('unknown');
    expect(result.notes).toEqual(['REST surface not configured']);
  });

  it('reports a configured spec missing at the head ref as unchecked', async () => {
    const result = await run({ [SPEC]: fixture('seed/base.yaml') }, {});
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes[0]).toContain('does not exist at the head ref');
  });

  describe('a configured spec that exists at neither ref (formbricks: docs/api-v3-reference/src/openapi.yml is committed only in later releases)', () => {
    const app = (path: string) => `import express from 'express';\nconst app = express();\napp.get('${path}', (req, res) => res.send('ok'));\n`;
    const ROUTES = { sources: ['src/**/*.ts'] };

    it('with routes configured: judged from the routes read from code, and said so', async () => {
      const result = await restStage.run(
        stageInput({ base: { 'src/app.ts': app('/a') }, head: { 'src/app.ts': app('/a') } }, { openapi: SPEC, routes: ROUTES }),
      );
      expect(result.verdict).toEqual({ checked: true, breaking: false });
      expect(result.notes).toContain(
        `REST spec ${SPEC} (config "openapi") exists at neither ref: nothing to compare there; REST is judged from the routes read from code (config "routes")`,
      );
    });

    it('with routes configured, a route removed in code is still a break', async () => {
      const result = await restStage.run(
        stageInput({ base: { 'src/app.ts': app('/a') }, head: { 'src/app.ts': app('/b') } }, { openapi: SPEC, routes: ROUTES }),
      );
      expect(result.verdict).toEqual({ checked: true, breaking: true });
    });

    it('without routes: unknown, naming what is missing', async () => {
      const result = await restStage.run(stageInput({ base: {}, head: {} }, { openapi: SPEC }));
      expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
      expect(result.notes).toEqual([
        `REST spec ${SPEC} (config "openapi") exists at neither ref, and no routes are configured to judge REST from code instead (config "routes")`,
      ]);
    });

    it('a spec that exists at the base ref and not at the head ref stays unknown even with routes (a real difference)', async () => {
      const result = await restStage.run(
        stageInput(
          { base: { [SPEC]: fixture('seed/base.yaml'), 'src/app.ts': app('/a') }, head: { 'src/app.ts': app('/a') } },
          { openapi: SPEC, routes: ROUTES },
        ),
      );
      expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
      expect(result.notes.join('\n')).toContain('does not exist at the head ref');
    });
  });

  it('treats a spec that is new at the head ref as a new surface, without reading it', async () => {
    const input = stageInput({ base: {}, head: { [SPEC]: fixture('seed/base.yaml') } }, { openapi: `./${SPEC}` });
    const result = await restStage.run(input);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(input.reads.size).toBe(0);
  });

  it('reads a JSON spec saved with a byte order mark', async () => {
    const spec = (required: boolean) =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/a': { get: { parameters: [{ in: 'query', name: 'q', required, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } },
        },
      });
    const result = await restStage.run(
      stageInput({ base: { 'openapi.json': spec(false) }, head: { 'openapi.json': `\uFEFF${spec(true)}` } }, { openapi: 'openapi.json' }),
    );
    expect(result.notes).toEqual([]);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual(["GET /a — query parameter 'q' became required"]);
  });

  it('caps changes and advisories at 50 lines each, once, with the uncapped counts', async () => {
    // 60 operations removed (breaking) and 60 deprecated operations removed (advisory).
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 60; i += 1) {
      paths[`/gone/${String(i).padStart(2, '0')}`] = { get: { responses: { '200': { description: 'ok' } } } };
      paths[`/deprecated/${String(i).padStart(2, '0')}`] = { get: { deprecated: true, responses: { '200': { description: 'ok' } } } };
    }
    const spec = (specPaths: Record<string, unknown>) => JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: specPaths });
    const result = await restStage.run(stageInput({ base: { 'openapi.json': spec(paths) }, head: { 'openapi.json': spec({}) } }, { openapi: 'openapi.json' }));
    expect(result.section).toMatchObject({ checked: true, breaking: true, breakingCount: 60, advisoryCount: 60 });
    for (const lines of [result.section.changes, result.section.advisories]) {
      expect(lines).toHaveLength(50);
      expect(lines.at(-1)).toBe('… and 11 more');
      expect(lines.filter((line) => line.startsWith('…'))).toHaveLength(1);
    }
  });

  it('does not call a spec new when it may have moved (a JSON/YAML file was deleted): unchecked, with the candidates', async () => {
    const input = stageInput(
      { base: { 'api/swagger.yaml': fixture('seed/base.yaml') }, head: { [SPEC]: fixture('seed/org-users-removed.yaml') } },
      { openapi: SPEC },
    );
    const result = await restStage.run(input);
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual([
      `REST spec ${SPEC} is new at the head ref while api/swagger.yaml was deleted: the spec may have moved, so there is no proven base to compare with`,
    ]);
  });

  it('decides identical blobs are no change without reading or parsing anything', async () => {
    // Not even valid YAML: had it been read and parsed, the stage would report it unchecked.
    const text = 'openapi: [unclosed';
    const input = stageInput({ base: { [SPEC]: text }, head: { [SPEC]: text } }, { openapi: SPEC });
    const result = await restStage.run(input);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(input.reads.size).toBe(0);
  });

  it('scans (but does not parse) an unchanged spec for references to other files when JSON/YAML files changed', async () => {
    const text = 'openapi: [unclosed';
    const input = stageInput({ base: { [SPEC]: text, 'package.json': '{}' }, head: { [SPEC]: text, 'package.json': '{"v":2}' } }, { openapi: SPEC });
    const result = await restStage.run(input);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect([...input.reads.entries()]).toEqual([[`head:${SPEC}`, 1]]);
  });
});

describe('REST stage loading fails closed', () => {
  it('reports a spec that does not parse as unchecked, with the parser message', async () => {
    const result = await run({ [SPEC]: fixture('seed/base.yaml') }, { [SPEC]: 'openapi: 3.0.0\npaths: {a: [unclosed\n' });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.section.checked).toBe(false);
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toMatch(/^REST spec cannot be checked: openapi\.yaml does not parse as YAML: .+\(head ref\)$/s);
  });

  it.each([
    ['no version field', 'info: {title: t, version: "1"}\npaths: {}\n', 'no "openapi" or "swagger" version field'],
    ['an unsupported version', 'openapi: 4.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n', 'unsupported OpenAPI version "4.0.0"'],
    [
      'a parameter without a location',
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {/a: {get: {parameters: [{name: x}], responses: {}}}}\n',
      'parameter location undefined',
    ],
    [
      'an unresolved $ref',
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {/a: {get: {responses: {'200': {$ref: '#/components/responses/Nope'}}}}}\n",
      'unresolved reference #/components/responses/Nope',
    ],
    [
      'two templates of one path',
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {"/a/{x}": {get: {responses: {}}}, "/a/{y}": {get: {responses: {}}}}\n',
      'are the same operation',
    ],
  ])('reports %s as unchecked', async (_name, broken, message) => {
    const result = await run({ [SPEC]: broken }, { [SPEC]: fixture('seed/base.yaml') });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes[0]).toContain(message);
    expect(result.notes[0]).toContain('(base ref)');
  });

  it.each([
    ['a URL', "{$ref: 'https://example.com/schemas.yaml#/User'}", 'reference to a URL (https://example.com/schemas.yaml#/User) is not followed'],
    ['a path leaving the repository', "{$ref: '../../outside.yaml#/User'}", 'reference ../../outside.yaml#/User leaves the repository'],
    ['a missing file', "{$ref: './missing.yaml#/User'}", 'referenced file api/missing.yaml does not exist'],
  ])('reports a $ref to %s as unchecked', async (_name, schema, message) => {
    const spec = `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok, content: {application/json: {schema: ${schema}}}}\n`;
    const result = await run({ 'api/openapi.yaml': fixture('seed/base.yaml') }, { 'api/openapi.yaml': spec }, 'api/openapi.yaml');
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes[0]).toContain(message);
  });
});

describe('REST stage loads recoverable documents leniently (issue 17)', () => {
  // A hand-written spec: operations without `responses`, an unknown key, a `$ref` with a sibling.
  const handWritten = (extra: string) => `openapi: 3.0.3
info: {title: t, version: '1'}
produces: [application/json]
paths:
  /api/v1/org/users:
    get: {operationId: listUsers, parameters: [{$ref: '#/components/parameters/Page', description: which page}]}
${extra}components:
  parameters:
    Page: {name: page, in: query, schema: {type: integer}}
`;

  it('diffs a document without responses, finds the removed operation, and notes each problem', async () => {
    const result = await run({ [SPEC]: handWritten('  /api/v1/org/projects:\n    delete: {}\n') }, { [SPEC]: handWritten('') });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(linesOf(result.findings)).toEqual([
      'breaking api-path-removed-without-deprecation: DELETE /api/v1/org/projects — operation removed (no operation left on this path)',
    ]);
    expect(result.notes).toEqual([
      'REST spec warning: openapi.yaml: /produces: unknown key "produces" (ignored) (base ref)',
      'REST spec warning: openapi.yaml: /paths/~1api~1v1~1org~1users/get/responses: missing responses object (read as no documented response) (base ref)',
      'REST spec warning: openapi.yaml: /paths/~1api~1v1~1org~1projects/delete/responses: missing responses object (read as no documented response) (base ref)',
      'REST spec warning: openapi.yaml: /paths/~1api~1v1~1org~1users/get/parameters/0: $ref with sibling keys description (OpenAPI 3.0 ignores keys beside a $ref) (base ref)',
      'REST spec warning: openapi.yaml: /produces: unknown key "produces" (ignored) (head ref)',
      'REST spec warning: openapi.yaml: /paths/~1api~1v1~1org~1users/get/responses: missing responses object (read as no documented response) (head ref)',
      'REST spec warning: openapi.yaml: /paths/~1api~1v1~1org~1users/get/parameters/0: $ref with sibling keys description (OpenAPI 3.0 ignores keys beside a $ref) (head ref)',
    ]);
  });

  it('still reports an unresolvable $ref in such a document as unchecked', async () => {
    const broken = handWritten('').replace("'#/components/parameters/Page'", "'#/components/parameters/Nope'");
    const result = await run({ [SPEC]: handWritten('') }, { [SPEC]: broken });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes[0]).toContain('/paths/~1api~1v1~1org~1users/get/parameters/0');
  });
});

describe('REST stage across formats and versions', () => {
  it('diffs JSON specs (and a JSON spec equals its YAML twin)', async () => {
    const same = await run({ [SPEC]: fixture('seed/base.yaml') }, { [SPEC]: fixture('formats/base.json') });
    expect(same.findings).toEqual([]);
    const changed = await run(
      { 'openapi.json': fixture('formats/base.json') },
      { 'openapi.json': fixture('formats/record-view-enum-value-removed.json') },
      'openapi.json',
    );
    expect(changed.section.changes).toEqual(['POST /api/v2/content/recently-viewed — request property \'contentType\' no longer accepts "dashboard"']);
    expect(changed.findings[0]?.evidence.file).toBe('openapi.json');
  });

  it('reads OpenAPI 3.1 null types, numeric exclusive bounds and const', async () => {
    const result = await run({ [SPEC]: fixture('openapi-3.1/base.yaml') }, { [SPEC]: fixture('openapi-3.1/revision.yaml') });
    expect(linesOf(result.findings)).toEqual([
      "breaking request-property-became-not-nullable: PATCH /api/v1/org/users/{userUuid} — request property 'nickname' no longer accepts null",
      "breaking request-property-constraint-tightened: PATCH /api/v1/org/users/{userUuid} — request property 'age' exclusiveMinimum tightened from 0 to 17",
      "breaking response-property-became-nullable: PATCH /api/v1/org/users/{userUuid} — response 200 property 'results.email' may now be null",
    ]);
  });

  it('normalises Swagger 2.0: basePath, body and formData parameters, collectionFormat, response schemas', async () => {
    const result = await run({ [SPEC]: fixture('swagger-2.0/base.yaml') }, { [SPEC]: fixture('swagger-2.0/revision.yaml') });
    expect(linesOf(result.findings)).toEqual([
      "breaking request-parameter-style-changed: POST /api/v1/saved/{chartUuid}/views — query parameter 'tags' serialization changed from style=form explode=true to style=form explode=false",
      "breaking request-property-became-required: POST /api/v1/upload — request property 'comment' became required",
      'breaking request-property-enum-value-removed: POST /api/v1/saved/{chartUuid}/views — request property \'source\' no longer accepts "api"',
      "breaking response-property-removed: POST /api/v1/saved/{chartUuid}/views — response 200 property 'lastViewedAt' removed",
    ]);
    expect(result.findings.find((finding) => finding.rule === 'request-property-enum-value-removed')?.evidence.pointer).toBe(
      '/paths/~1saved~1{chartUuid}~1views/post/parameters/2/schema/properties/source',
    );
  });

  it('follows $refs into other files of the same tree, even when the main file is unchanged', async () => {
    const tree = (schemas: string) => ({
      'api/openapi.yaml': fixture('external-ref/openapi.yaml'),
      'api/schemas.yaml': fixture(`external-ref/${schemas}`),
      'api/common/errors.yaml': fixture('external-ref/common/errors.yaml'),
    });
    const result = await run(tree('schemas.yaml'), tree('schemas.revision.yaml'), 'api/openapi.yaml');
    expect(linesOf(result.findings)).toEqual([
      "breaking response-property-became-optional: GET /api/v1/org/users — response 200 property '[].email' became optional",
      'advisory response-property-enum-value-added: GET /api/v1/org/users — response 200 property \'[].role\' may now be "owner"',
    ]);
    const unchanged = await run(tree('schemas.yaml'), { ...tree('schemas.yaml'), 'package.json': '{}' }, 'api/openapi.yaml');
    expect(unchanged.findings).toEqual([]);
    expect(unchanged.verdict).toEqual({ checked: true, breaking: false });
  });

  it('compares a Swagger 2.0 spec with its OpenAPI 3.0 rewrite as the same API (servers path = basePath)', async () => {
    const result = await run({ [SPEC]: fixture('swagger-2.0/base.yaml') }, { [SPEC]: fixture('swagger-2.0/migrated-to-3.0.yaml') });
    expect(linesOf(result.findings)).toEqual([]);
    const moved = fixture('swagger-2.0/migrated-to-3.0.yaml').replace('/api/v1', '/api/v2');
    const movedResult = await run({ [SPEC]: fixture('swagger-2.0/migrated-to-3.0.yaml') }, { [SPEC]: moved });
    expect(movedResult.section.changes).toEqual([
      'POST /api/v1/saved/{chartUuid}/views — operation removed (no operation left on this path)',
      'POST /api/v1/upload — operation removed (no operation left on this path)',
    ]);
  });

  it('diffs a circular spec without error, reporting changes inside the cycle once', async () => {
    const result = await run({ [SPEC]: fixture('circular/base.yaml') }, { [SPEC]: fixture('circular/revision.yaml') });
    expect(linesOf(result.findings)).toEqual([
      "breaking new-required-request-property: PUT /api/v1/spaces/{spaceUuid}/tree — new required request property 'items[].kind'",
      "breaking response-property-became-optional: GET /api/v1/spaces/{spaceUuid}/tree — response 200 property 'id' became optional",
    ]);
    const unchanged = await run({ [SPEC]: fixture('circular/base.yaml') }, { [SPEC]: `${fixture('circular/base.yaml')}\n# touched\n` });
    expect(unchanged.findings).toEqual([]);
  });
});
