import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { generate, OPENAPI, SERVICE } from '../generate/release-service.js';

/**
 * Issue 16: `x-release-safety-accept` in an OpenAPI document (operation, parameter, schema) and in
 * an MCP tool's `annotations` / `_meta`, end to end. Releases branch from 1.0.0 (quiet release `true`).
 */
let repo: TestRepo;
let nextMinor = 0;
const REASON = 'no client sends this: the mobile app never shipped it';

function release(files: Record<string, string | null>): string {
  const tag = `1.${++nextMinor}.0`;
  repo.git('checkout', '-q', '--detach', '1.0.0');
  repo.commit(files, { tag });
  return tag;
}

function refused(to: string, from = '1.0.0'): { status: number; stderr: string } {
  const out = mkdtempSync(join(tmpdir(), 'rs-accept-'));
  try {
    const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', join(out, 'a.json'), '--quiet']);
    return { status: run.status, stderr: run.stderr };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The service's spec with a required query parameter added to `GET /items` (breaking), accepted where `accept` says. */
function specWithRequiredParameter(accept: { on: 'operation' | 'parameter' | 'none'; rule?: string; reason?: string }): string {
  const entry = `[{rule: ${accept.rule ?? 'new-required-request-parameter'}, reason: '${accept.reason ?? REASON}'}]`;
  const operationAccept = accept.on === 'operation' ? `\n      x-release-safety-accept: ${entry}` : '';
  const parameterAccept = accept.on === 'parameter' ? `, x-release-safety-accept: ${entry}` : '';
  return OPENAPI.replace(
    '      operationId: listItems\n',
    `      operationId: listItems${operationAccept}\n      parameters: [{name: tenant, in: query, required: true, schema: {type: string}${parameterAccept}}]\n`,
  );
}

const tools = (annotations: Record<string, unknown> | undefined, place: 'annotations' | '_meta' = 'annotations') =>
  `${JSON.stringify({ tools: [{ name: 'search_docs', description: 'Search', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }, ...(annotations ? { [place]: annotations } : {}) }] }, null, 2)}\n`;

beforeAll(() => {
  repo = createRepo();
  repo.commit(SERVICE, { tag: '1.0.0' });
});
afterAll(() => repo.cleanup());

describe('OpenAPI: x-release-safety-accept', () => {
  it('without it, a required parameter added to an operation is breaking', () => {
    const { artifact, report } = generate(repo, '1.0.0', release({ 'api/openapi.yaml': specWithRequiredParameter({ on: 'none' }) }));
    expect(artifact.api.rest.breaking).toBe(true);
    expect(report).toContain('`new-required-request-parameter` (rest)');
  });

  it.each(['operation', 'parameter'] as const)('accepted on the %s: the change moves to the advisories, verdict true, report lists it', (on) => {
    const { artifact, report } = generate(repo, '1.0.0', release({ 'api/openapi.yaml': specWithRequiredParameter({ on }) }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false, changes: [], breakingCount: 0 });
    expect(artifact.api.rest.advisories).toEqual([expect.stringMatching(/^accepted: GET \/items — .*tenant/)]);
    expect(report).toContain('## Accepted (1)');
    expect(report).toMatch(
      new RegExp(
        `\`new-required-request-parameter\` \\(rest\\) .*\\| ${REASON} \\| \`api/openapi\\.yaml#/paths/~1items/get${on === 'parameter' ? '/parameters/0' : ''}\` \\|`,
      ),
    );
  });

  it('a stale entry (the rule did not fire there) stops generate naming the file and pointer', () => {
    const run = refused(release({ 'api/openapi.yaml': specWithRequiredParameter({ on: 'operation', rule: 'request-property-became-required' }) }));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'api/openapi.yaml#/paths/~1items/get: accept request-property-became-required: the rule did not fire on this object or inside it',
    );
  });

  it('a short reason stops generate', () => {
    const run = refused(release({ 'api/openapi.yaml': specWithRequiredParameter({ on: 'parameter', reason: 'fine by us' }) }));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'api/openapi.yaml#/paths/~1items/get/parameters/0: accept new-required-request-parameter: the reason "fine by us" is shorter than 20 characters',
    );
  });

  it('a removed parameter is not covered by an entry on the parameter now at its index (the pointer names the old document)', () => {
    const withParameters = (parameters: string) =>
      OPENAPI.replace('      operationId: listItems\n', `      operationId: listItems\n      parameters: [${parameters}]\n`);
    const from = release({
      'api/openapi.yaml': withParameters('{name: tenant, in: query, schema: {type: string}}, {name: page, in: query, schema: {type: string}}'),
    });
    const to = `1.${++nextMinor}.0`;
    repo.commit(
      {
        'api/openapi.yaml': withParameters(
          `{name: page, in: query, schema: {type: string}, x-release-safety-accept: [{rule: request-parameter-removed, reason: '${REASON}'}]}`,
        ),
      },
      { tag: to },
    );
    const run = refused(to, from);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'api/openapi.yaml#/paths/~1items/get/parameters/0: accept request-parameter-removed: the rule did not fire on this object or inside it',
    );
  });

  it('--no-accept ignores it', () => {
    const tag = release({ 'api/openapi.yaml': specWithRequiredParameter({ on: 'operation' }) });
    expect(generate(repo, '1.0.0', tag, ['--no-accept']).artifact.api.rest.breaking).toBe(true);
  });
});

describe('MCP: x-release-safety-accept in annotations or _meta', () => {
  it('without it, a newly required tool input is breaking', () => {
    expect(generate(repo, '1.0.0', release({ 'mcp/tools.json': tools(undefined) })).artifact.api.mcp.breaking).toBe(true);
  });

  it.each(['annotations', '_meta'] as const)('accepted in %s: verdict true, the report lists it', (place) => {
    const rule = /`(tool-input[a-z-]*)` \(mcp\)/.exec(generate(repo, '1.0.0', release({ 'mcp/tools.json': tools(undefined) })).report)?.[1] ?? 'missing';
    const { artifact, report } = generate(
      repo,
      '1.0.0',
      release({ 'mcp/tools.json': tools({ 'x-release-safety-accept': [{ rule, reason: REASON }] }, place) }),
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(artifact.api.mcp.advisories).toEqual([expect.stringMatching(/^accepted: /)]);
    expect(report).toContain(`| ${REASON} | \`mcp/tools.json#/tools/0/${place}\` |`);
  });

  it('an entry naming a rule that does not exist is refused', () => {
    const run = refused(release({ 'mcp/tools.json': tools({ 'x-release-safety-accept': [{ rule: 'tool-became-strict', reason: REASON }] }) }));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('mcp/tools.json#/tools/0/annotations: accept tool-became-strict: no rule has this id');
  });
});
