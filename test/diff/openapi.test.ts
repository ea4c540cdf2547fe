import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.js';

/** `release-safety diff openapi` end to end: the built CLI on the spec pairs of fixtures/diff/openapi. */

const dir = 'fixtures/diff/openapi';
const diffOpenApi = (...args: string[]) => runCli(['diff', 'openapi', ...args]);

interface JsonReport {
  breaking: boolean;
  findings: Array<{ rule: string; level: string; operation: string; location: string; message: string }>;
}

function jsonReport(...args: string[]): { status: number; report: JsonReport } {
  const run = diffOpenApi('--json', ...args);
  expect(run.stderr).toBe('');
  return { status: run.status, report: JSON.parse(run.stdout) as JsonReport };
}

describe('diff openapi: findings', () => {
  it('YAML 3.0: breaking first, then advisory; info only with --verbose; exit 1', () => {
    const run = diffOpenApi(`${dir}/yaml/base.yaml`, `${dir}/yaml/revision.yaml`);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatchInlineSnapshot(`
      "breaking  request-parameter-became-required  GET /api/v2/projects/{projectUuid}/dataCatalog/metrics — query parameter 'page' became required
            fix: Keep query parameter 'page' of GET /api/v2/projects/{projectUuid}/dataCatalog/metrics optional with a server-side default; make it required in a later release, once every caller sends it.
            docs: https://github.com/release-safety/release-safety/blob/main/docs/rest.md#request-parameter-became-required
      advisory  request-parameter-enum-value-added  GET /api/v2/projects/{projectUuid}/dataCatalog/metrics — query parameter 'order' now accepts "none"
            fix: Accept "none" for query parameter 'order' of GET /api/v2/projects/{projectUuid}/dataCatalog/metrics, but have callers send it only once every instance is upgraded (old instances reject it).
            docs: https://github.com/release-safety/release-safety/blob/main/docs/rest.md#request-parameter-enum-value-added
      1 breaking, 1 advisory, 1 info (info shown with --verbose)
      "
    `);
    const verbose = diffOpenApi('--verbose', `${dir}/yaml/base.yaml`, `${dir}/yaml/revision.yaml`);
    // Each finding is followed by its fix: and docs: lines (as generate prints them).
    expect(verbose.stdout.split('\n')[6]).toBe('info      endpoint-added  GET /api/v2/projects/{projectUuid}/dataCatalog/tags — operation added');
  });

  it('--json: the documented shape, sorted by level then rule, every finding included', () => {
    const { status, report } = jsonReport(`${dir}/yaml/base.yaml`, `${dir}/yaml/revision.yaml`);
    expect(status).toBe(1);
    expect(Object.keys(report)).toEqual(['breaking', 'findings']);
    expect(report.breaking).toBe(true);
    expect(report.findings.map((f) => [f.level, f.rule])).toEqual([
      ['breaking', 'request-parameter-became-required'],
      ['advisory', 'request-parameter-enum-value-added'],
      ['info', 'endpoint-added'],
    ]);
    expect(report.findings[0]).toEqual({
      rule: 'request-parameter-became-required',
      level: 'breaking',
      operation: 'GET /api/v2/projects/{projectUuid}/dataCatalog/metrics',
      location: expect.stringMatching(/^\/paths\/~1api~1v2~1projects~1\{projectUuid\}~1dataCatalog~1metrics\/get/),
      message: "GET /api/v2/projects/{projectUuid}/dataCatalog/metrics — query parameter 'page' became required",
    });
    // Deterministic: the same inputs give byte-identical output.
    expect(diffOpenApi('--json', `${dir}/yaml/base.yaml`, `${dir}/yaml/revision.yaml`).stdout).toBe(JSON.stringify(report, null, 2) + '\n');
  });

  it('--fail-on advisory: an advisory alone exits 1; with the default level it exits 0', () => {
    const args = [`${dir}/yaml/base.yaml`, `${dir}/yaml/advisory-only.yaml`];
    const byDefault = jsonReport(...args);
    expect(byDefault.status).toBe(0);
    expect(byDefault.report.breaking).toBe(false);
    expect(byDefault.report.findings.map((f) => f.rule)).toEqual(['request-parameter-enum-value-added']);
    expect(diffOpenApi('--fail-on', 'advisory', ...args).status).toBe(1);
    expect(diffOpenApi('--fail-on', 'breaking', ...args).status).toBe(0);
  });

  it('OpenAPI 3.1: null in a type array and a numeric exclusiveMinimum', () => {
    const { status, report } = jsonReport(`${dir}/openapi-3.1/base.yaml`, `${dir}/openapi-3.1/revision.yaml`);
    expect(status).toBe(1);
    expect(report.findings.map((f) => f.rule)).toEqual(['request-property-constraint-tightened', 'response-property-became-nullable']);
    expect(report.findings.every((f) => f.operation === 'PATCH /api/v1/org/users/{userUuid}')).toBe(true);
  });

  it('circular $refs (a tree of nodes): a change inside is found, and it terminates', () => {
    const { status, report } = jsonReport(`${dir}/circular/base.json`, `${dir}/circular/revision.json`);
    expect(status).toBe(0);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      rule: 'response-optional-property-removed',
      level: 'advisory',
      operation: 'GET /api/v1/spaces/{spaceUuid}/tree',
    });
  });

  it('external $refs are read from sibling files, relative to each spec (circular across files too)', () => {
    const { status, report } = jsonReport(`${dir}/external/base.yaml`, `${dir}/external/revision.yaml`);
    expect(status).toBe(1);
    expect(report.findings.map((f) => [f.rule, f.message])).toEqual([
      ['response-property-removed', "GET /api/v1/org/users — response 200 property 'role' removed"],
    ]);
  });

  it('external $refs resolve relative to the spec, not to the working directory, also up through ../', () => {
    const run = runCli(['diff', 'openapi', '--json', 'base.yaml', 'revision.yaml'], { cwd: `${process.cwd()}/${dir}/external` });
    expect(run.status).toBe(1);
    expect((JSON.parse(run.stdout) as JsonReport).findings.map((f) => f.rule)).toEqual(['response-property-removed']);
    const climbing = runCli(['diff', 'openapi', '--json', '../base.yaml', 'openapi.yaml'], { cwd: `${process.cwd()}/${dir}/external/v2` });
    expect(climbing.stderr).toBe('');
    expect((JSON.parse(climbing.stdout) as JsonReport).findings.map((f) => f.rule)).toEqual(['response-property-removed']);
  });

  it('Swagger 2.0: a removed operation under basePath', () => {
    const { status, report } = jsonReport(`${dir}/swagger-2.0/base.json`, `${dir}/swagger-2.0/revision.json`);
    expect(status).toBe(1);
    expect(report.findings).toEqual([
      expect.objectContaining({ rule: 'api-removed-without-deprecation', level: 'breaking', operation: 'DELETE /api/v1/saved/{chartUuid}' }),
    ]);
  });

  it('identical files: no finding, exit 0, also as --json', () => {
    const run = diffOpenApi(`${dir}/yaml/base.yaml`, `${dir}/yaml/base.yaml`);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('No differences found by any rule.\n');
    expect(jsonReport(`${dir}/circular/base.json`, `${dir}/circular/base.json`)).toEqual({ status: 0, report: { breaking: false, findings: [] } });
  });

  it('the same spec in JSON (outside the project) and in YAML compares equal', () => {
    const temp = mkdtempSync(join(tmpdir(), 'rs-diff-'));
    try {
      const jsonCopy = join(temp, 'spec.json');
      writeFileSync(jsonCopy, JSON.stringify(parse(readFileSync(`${dir}/yaml/base.yaml`, 'utf8'))));
      expect(jsonReport(jsonCopy, `${dir}/yaml/base.yaml`)).toEqual({ status: 0, report: { breaking: false, findings: [] } });
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

describe('diff openapi: inputs it cannot use exit 2 and name the file', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['missing file', `${dir}/yaml/base.yaml`, `${dir}/yaml/nope.yaml`, /cannot read fixtures\/diff\/openapi\/yaml\/nope\.yaml/],
    ['invalid JSON', `${dir}/bad/invalid.json`, `${dir}/yaml/base.yaml`, /fixtures\/diff\/openapi\/bad\/invalid\.json does not parse as JSON/],
    ['invalid YAML', `${dir}/yaml/base.yaml`, `${dir}/bad/invalid.yaml`, /fixtures\/diff\/openapi\/bad\/invalid\.yaml does not parse as YAML/],
    [
      'not an OpenAPI document',
      `${dir}/bad/not-openapi.json`,
      `${dir}/yaml/base.yaml`,
      /fixtures\/diff\/openapi\/bad\/not-openapi\.json is not an OpenAPI document/,
    ],
    [
      'external $ref to a missing file',
      `${dir}/external/base.yaml`,
      `${dir}/external/missing-file.yaml`,
      /missing-file\.yaml: referenced file fixtures\/diff\/openapi\/external\/schemas\/does-not-exist\.yaml does not exist/,
    ],
    [
      'external $ref over the network (never fetched)',
      `${dir}/external/remote-ref.yaml`,
      `${dir}/external/base.yaml`,
      /remote-ref\.yaml: reference to a URL \(https:\/\/schemas\.example\.com\/members\.yaml#\/Member\) is not followed/,
    ],
  ];
  it.each(cases)('%s', (_name, oldPath, newPath, message) => {
    const run = diffOpenApi(oldPath, newPath);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('an unknown --fail-on level is a usage error', () => {
    const run = diffOpenApi('--fail-on', 'info', `${dir}/yaml/base.yaml`, `${dir}/yaml/base.yaml`);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--fail-on "info" is not a level (expected breaking or advisory)');
  });
});
