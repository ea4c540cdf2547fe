import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configStage } from '../../../src/stages/env/index.js';
import { buildFixtureRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

const ENV = { sources: ['src/config/**/*.ts'], helpers: ['getIntegerFromEnvironmentVariable'], envFiles: ['.env.example'] };

/** `fixtures/env/<release>/` as a real tagged repository; contents come from `git show tag:path`. */
describe('configStage on a real git repository (fixtures/env)', () => {
  let repo: TestRepo & { tags: string[] };
  beforeAll(() => {
    repo = buildFixtureRepo('fixtures/env');
  });
  afterAll(async () => {
    await closeGitStageInputs();
    repo.cleanup();
  });

  it('1.0.0 → 1.1.0 touches no configured file: checked, not breaking, no blob read', async () => {
    const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { env: ENV });
    const result = await configStage.run(input);
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
    expect(input.reads.size).toBe(0);
  });

  it('1.1.0 → 1.2.0: rename, removal, a code default change; the fallback name is kept; an example value is no default', async () => {
    const result = await configStage.run(await gitStageInput(repo.dir, '1.1.0', '1.2.0', { env: ENV }));
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual([
      { type: 'renamed', name: 'DATABASE_HOST', previousName: 'PGHOST', defaultValue: 'localhost' },
      { type: 'removed', name: 'LEGACY_AUTH_TOKEN', previousDefault: null },
      { type: 'defaultChanged', name: 'PGMAXCONNECTIONS', previousDefault: '10', defaultValue: '20' },
    ]);
    expect(result.findings.find((finding) => finding.rule === 'env-variable-added')).toEqual({
      rule: 'env-variable-added',
      params: { name: 'PUBLIC_URL', defaultValue: "'http://localhost:8080'" },
      evidence: {
        file: 'src/config/parse-config.ts',
        line: 9,
        statement: "siteUrl: process.env.PUBLIC_URL || process.env.SITE_URL || 'http://localhost:8080',",
      },
    });
    expect(result.findings.find((finding) => finding.rule === 'env-default-changed' && finding.params.name === 'PGMAXCONNECTIONS')?.evidence).toEqual({
      file: 'src/config/parse-config.ts',
      line: 13,
      statement: 'maxConnections: getIntegerFromEnvironmentVariable(',
    });
  });

  it('globs that select nothing at a ref fail closed', async () => {
    const result = await configStage.run(await gitStageInput(repo.dir, '1.0.0', '1.2.0', { env: { ...ENV, sources: ['src/settings/**/*.ts'] } }));
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes[0]).toBe(
      'env surface could not be checked: env source glob "src/settings/**/*.ts" select no file at either ref: the layout of this release is not covered by the config (add the folder it used to the globs)',
    );
  });
});
