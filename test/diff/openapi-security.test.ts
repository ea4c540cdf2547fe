import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** `release-safety diff openapi` on two spec files whose security scheme was redefined under the same name. */

const temp = mkdtempSync(join(tmpdir(), 'rs-diff-security-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function spec(name: string, scheme: string): string {
  const path = join(temp, name);
  writeFileSync(
    path,
    `openapi: 3.0.3
info: {title: Lightdash, version: '1'}
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
  /api/v1/health:
    get: {security: [], responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: ${scheme}
`,
  );
  return path;
}

describe('diff openapi: a security scheme redefined', () => {
  it('apiKey header → http bearer is breaking for every operation that uses it (exit 1)', () => {
    const base = spec('base.yaml', '{type: apiKey, in: header, name: Authorization, description: "ApiKey <token>"}');
    const revision = spec('revision.yaml', '{type: http, scheme: bearer}');
    const run = runCli(['diff', 'openapi', base, revision]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      "breaking  api-security-scheme-changed  GET /api/v1/org/users — security scheme 'ApiKeyAuth' changed: apiKey in header 'Authorization' → http bearer\n" +
        "      fix: Keep 'ApiKeyAuth' as it was and define the new way under a new scheme name beside it, listing both as alternatives on GET /api/v1/org/users (`security: [{ApiKeyAuth: []}, {NewScheme: []}]`); drop 'ApiKeyAuth' in a later release, once no client uses it.\n" +
        '      docs: https://github.com/release-safety/release-safety/blob/main/docs/rest.md#api-security-scheme-changed\n' +
        '1 breaking, 0 advisory, 0 info\n',
    );
  });

  it('only the description changed: no finding, exit 0', () => {
    const base = spec('same-base.yaml', '{type: apiKey, in: header, name: Authorization, description: old}');
    const revision = spec('same-revision.yaml', '{type: apiKey, in: header, name: authorization, description: new}');
    const run = runCli(['diff', 'openapi', base, revision]);
    expect(run.status).toBe(0);
  });
});
