import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../bench/gen-openapi.mjs';
import { runCli } from '../helpers/cli.js';

/**
 * Issue 17 "Done when": two versions of a real-shaped ~1 MB spec (bench/gen-openapi.mjs: hundreds of
 * entities, envelopes, cycles) whose refactors change nothing on the wire, compared by the built CLI
 * (`diff openapi --json`). Each refactor alone, then all together: no breaking change.
 *
 * The `allOf` refactors depend on the composition-aware schema diff (issue 17 item 1, rest-compose):
 * before it they were reported as hundreds of "property removed" / "new required property" lines.
 */
type Spec = ReturnType<typeof generateSpec> & { components: { schemas: Record<string, Record<string, unknown>> } };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
let dir: string;
let entities: string[];

/** Entity names in generation order (each has `Create<E>` and `Api<E>Response`). */
function entityNames(spec: Spec): string[] {
  return Object.keys(spec.components.schemas).filter((name) => spec.components.schemas[`Create${name}`] !== undefined);
}

/** The first version: as generated, with a request union and an entity already split into two `allOf` members. */
function version1(): Spec {
  const spec = generateSpec({ schemaCount: 600 }) as Spec;
  const schemas = spec.components.schemas;
  const [first, , third] = entityNames(spec);
  schemas[`Create${first}FromTemplate`] = {
    type: 'object',
    required: ['templateUuid'],
    additionalProperties: false,
    properties: { templateUuid: ref('UUID'), name: { type: 'string' } },
  };
  for (const item of Object.values(spec.paths)) {
    const post = (item as { post?: { requestBody: { content: Record<string, { schema: unknown }> } } }).post;
    if (post && JSON.stringify(post.requestBody.content['application/json']!.schema) === JSON.stringify(ref(`Create${first}`))) {
      post.requestBody.content['application/json']!.schema = { oneOf: [ref(`Create${first}`), ref(`Create${first}FromTemplate`)] };
    }
  }
  const { properties, required, description } = schemas[third!] as { properties: Record<string, unknown>; required: string[]; description: string };
  const { uuid, name, kind, ...rest } = properties;
  schemas[`${third}Identity`] = { type: 'object', required, properties: { uuid, name, kind } };
  schemas[third!] = { description, allOf: [ref(`${third}Identity`), { type: 'object', properties: rest }] };
  return spec;
}

const refactors: Record<string, (spec: Spec) => void> = {
  /** A union alternative added in a request: callers of the old alternatives still fit. */
  'a oneOf alternative added to a request body': (spec) => {
    const [first] = entities;
    spec.components.schemas[`Create${first}Copy`] = {
      type: 'object',
      required: ['sourceUuid'],
      additionalProperties: false,
      properties: { sourceUuid: ref('UUID') },
    };
    for (const item of Object.values(spec.paths)) {
      const schema = (item as { post?: { requestBody: { content: Record<string, { schema: { oneOf?: unknown[] } }> } } }).post?.requestBody.content[
        'application/json'
      ]!.schema;
      if (schema?.oneOf) schema.oneOf.push(ref(`Create${first}Copy`));
    }
  },
  /** A flat entity split into `allOf: [$ref Base, {rest}]`: the same merged object. */
  'an entity refactored into allOf of a shared base and its own members': (spec) => {
    const second = entities[1]!;
    const { properties, required, description } = spec.components.schemas[second] as {
      properties: Record<string, unknown>;
      required: string[];
      description: string;
    };
    const { uuid, name, createdAt, updatedAt, ...rest } = properties;
    spec.components.schemas[`${second}Base`] = { type: 'object', required: ['uuid', 'name'], properties: { uuid, name, createdAt, updatedAt } };
    spec.components.schemas[second] = {
      description,
      allOf: [ref(`${second}Base`), { type: 'object', required: required.filter((key) => !['uuid', 'name'].includes(key)), properties: rest }],
    };
  },
  /** A required property moved from one `allOf` member to the other (still required). */
  'a required property moved between allOf members': (spec) => {
    const third = entities[2]!;
    const identity = spec.components.schemas[`${third}Identity`] as { required: string[]; properties: Record<string, unknown> };
    const own = (spec.components.schemas[third] as { allOf: Array<{ required?: string[]; properties: Record<string, unknown> }> }).allOf[1]!;
    own.properties.name = identity.properties.name;
    own.required = ['name'];
    delete identity.properties.name;
    identity.required = identity.required.filter((key) => key !== 'name');
  },
  /** A `$ref` wrapped into `allOf: [$ref]` with a description beside it (OpenAPI 3.0 ignores siblings of a bare `$ref`). */
  'a $ref wrapped into allOf: [$ref] with a description': (spec) => {
    const fourth = entities[3]!;
    const envelope = spec.components.schemas[`Api${fourth}Response`] as { properties: Record<string, unknown> };
    envelope.properties.results = { description: `The ${fourth}.`, allOf: [ref(fourth)] };
  },
};

/** Refactors that need the composition-aware schema diff (rest-compose). */
const NEEDS_COMPOSITION = new Set([
  'an entity refactored into allOf of a shared base and its own members',
  'a required property moved between allOf members',
  'a $ref wrapped into allOf: [$ref] with a description',
]);

function diffAgainstVersion1(apply: ReadonlyArray<(spec: Spec) => void>, label: string) {
  const before = version1();
  const after = version1();
  for (const refactor of apply) refactor(after);
  const [oldPath, newPath] = [join(dir, `${label}-v1.json`), join(dir, `${label}-v2.json`)];
  writeFileSync(oldPath, JSON.stringify(before, null, 2));
  writeFileSync(newPath, JSON.stringify(after, null, 2));
  const run = runCli(['diff', 'openapi', oldPath, newPath, '--json']);
  expect(run.status, run.stderr).not.toBe(2);
  const report = JSON.parse(run.stdout) as { breaking: boolean; findings: Array<{ rule: string; level: string; message: string }> };
  return { run, report, size: JSON.stringify(before, null, 2).length };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-refactor-'));
  entities = entityNames(version1());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('refactors of a ~1 MB spec that change nothing on the wire', () => {
  it('a oneOf alternative added to a request body: no breaking change', () => {
    const { report, run, size } = diffAgainstVersion1([refactors['a oneOf alternative added to a request body']!], 'union');
    expect(size).toBeGreaterThan(1_000_000);
    expect(report.findings.filter((finding) => finding.level === 'breaking').map((finding) => finding.message)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('the allOf refactors (an entity split into allOf, a property moved between members, $ref → allOf: [$ref]): no breaking change', () => {
    const allOf = Object.entries(refactors)
      .filter(([name]) => NEEDS_COMPOSITION.has(name))
      .map(([, refactor]) => refactor);
    const { report } = diffAgainstVersion1(allOf, 'allof');
    expect(report.findings.filter((finding) => finding.level === 'breaking').map((finding) => finding.message)).toEqual([]);
  });

  it('all of them in one release: breaking is false', () => {
    const { report, run } = diffAgainstVersion1(Object.values(refactors), 'all');
    expect(report.breaking).toBe(false);
    expect(run.status).toBe(0);
  });
});
