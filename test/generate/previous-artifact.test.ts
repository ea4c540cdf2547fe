import { afterEach, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { generateRelease } from '../../src/generate/generate.js';
import { openRepository, type Repository } from '../../src/git/repository.js';
import { failClosedArtifact } from '../../src/index/fail-closed.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { stubStages } from './stub-stages.js';

/** `previousArtifact`: the caller's copy of the previous release's artifact, preferred to the committed file. */
const ALL_ABSENT = JSON.stringify({ migrations: false, openapi: false, mcpTools: false, env: false });

function artifactOf(version: string, upgrade: ReleaseSafetyArtifact['upgrade']): ReleaseSafetyArtifact {
  return { ...failClosedArtifact(version, null, '2026-01-01T00:00:00.000Z'), upgrade };
}

describe('generateRelease with previousArtifact', () => {
  let repo: TestRepo | undefined;
  let opened: Repository | undefined;
  afterEach(async () => {
    await opened?.close();
    repo?.cleanup();
    opened = undefined;
    repo = undefined;
  });

  async function releases(committed: ReleaseSafetyArtifact | undefined): Promise<Repository> {
    repo = createRepo();
    repo.commit({ 'release-safety.config.json': ALL_ABSENT, ...(committed ? { 'release-safety.json': JSON.stringify(committed) } : {}) }, { tag: '1.0.0' });
    repo.commit({ 'a.txt': 'x' }, { tag: '1.1.0' });
    opened = await openRepository(repo.dir);
    return opened;
  }

  it('raises the floor to a stop the given artifact lists, in preference to the committed file', async () => {
    const git = await releases(artifactOf('1.0.0', { minPreviousVersion: '0.5.0', requiredStops: [] }));
    const given = artifactOf('1.0.0', { minPreviousVersion: null, requiredStops: ['1.0.0'] });
    const outcome = await generateRelease(git, { from: '1.0.0', to: '1.1.0', previousArtifact: { data: given, source: '1.0.0.json' } }, stubStages());
    expect(outcome.artifact.upgrade).toEqual({ minPreviousVersion: '1.0.0', requiredStops: [] });
    expect(outcome.verdict.minPreviousVersionSource).toBe('required-stop');
    expect(outcome.previousArtifact).toEqual({ status: 'used', detail: 'artifact of 1.0.0 given by the caller (1.0.0.json)' });
  });

  it('falls back to the committed file when the given artifact is not schema-valid, and says why', async () => {
    const git = await releases(artifactOf('1.0.0', { minPreviousVersion: '0.5.0', requiredStops: [] }));
    const outcome = await generateRelease(
      git,
      { from: '1.0.0', to: '1.1.0', previousArtifact: { data: { schemaVersion: '2' }, source: 'broken.json' } },
      stubStages(),
    );
    expect(outcome.artifact.upgrade.minPreviousVersion).toBe('0.5.0');
    expect(outcome.previousArtifact.status).toBe('used');
    expect(outcome.previousArtifact.detail).toMatch(/^broken\.json is not schema-valid: .*; release-safety\.json of 1\.0\.0 at the from ref$/);
  });

  it('without either, the floor stays null (and a given artifact that is invalid is reported)', async () => {
    const git = await releases(undefined);
    const outcome = await generateRelease(git, { from: '1.0.0', to: '1.1.0', previousArtifact: { data: 'nope', source: 'x.json' } }, stubStages());
    expect(outcome.artifact.upgrade.minPreviousVersion).toBeNull();
    expect(outcome.previousArtifact.status).toBe('absent');
    expect(outcome.previousArtifact.detail).toMatch(/^x\.json is not schema-valid: .*; no release-safety\.json at the from ref$/);
  });
});
