import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** The REST stage inside `generate`, end to end: a real git repository, the built CLI, the artifact's `api.rest`. */

const seed = (variant: string): string => readFileSync(`fixtures/rest/seed/${variant}.yaml`, 'utf8');
const CONFIG = JSON.stringify({ migrations: false, openapi: 'api/openapi.yaml', mcpTools: false, env: false });

describe('generate with a REST surface', () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());

  function generate(from: string, to: string) {
    const out = join(repo!.dir, 'release-safety.json');
    const run = runCli(['generate', '--repo', repo!.dir, '--from', from, '--to', to, '--out', out, '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8')) as { api: { rest: Record<string, unknown> }; compatibility: { rollingUpdateSafe: unknown } };
  }

  it('reports the breaking change and the advisory of a release, and nothing for an untouched spec', () => {
    repo = createRepo();
    repo.commit({ 'release-safety.config.json': CONFIG, 'api/openapi.yaml': seed('base') }, { tag: '1.0.0' });
    repo.commit({ 'README.md': 'docs only\n' }, { tag: '1.1.0' });
    repo.commit({ 'api/openapi.yaml': seed('org-users-removed').replace('enum: [chart, dashboard]', 'enum: [chart, dashboard, space]') }, { tag: '1.2.0' });

    const untouched = generate('1.0.0', '1.1.0');
    expect(untouched.api.rest).toEqual({ checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 });

    const changed = generate('1.1.0', '1.2.0');
    expect(changed.api.rest).toEqual({
      checked: true,
      breaking: true,
      changes: ['GET /api/v1/org/users — operation removed (no operation left on this path)'],
      breakingCount: 1,
      advisories: ['POST /api/v2/content/recently-viewed — request property \'contentType\' now accepts "space"'],
      advisoryCount: 1,
    });
    expect(changed.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('fails closed on a spec that does not parse', () => {
    repo = createRepo();
    repo.commit({ 'release-safety.config.json': CONFIG, 'api/openapi.yaml': seed('base') }, { tag: '1.0.0' });
    repo.commit({ 'api/openapi.yaml': 'openapi: 3.0.0\npaths: [unclosed\n' }, { tag: '1.1.0' });
    const artifact = generate('1.0.0', '1.1.0');
    expect(artifact.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });
});
