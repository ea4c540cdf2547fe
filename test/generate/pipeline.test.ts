import { afterEach, describe, expect, it } from 'vitest';
import { renderTextReport } from '../../src/generate/report.js';
import { createStyle } from '../../src/cli/style.js';
import { apiSectionFromFindings } from '../../src/stages/api-section.js';
import { generateRelease, InvalidArtifactError } from '../../src/generate/generate.js';
import { openRepository, type Repository } from '../../src/git/repository.js';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { removedToolFinding, stubStages, TOOL_REMOVED } from './stub-stages.js';

const ALL_ABSENT = JSON.stringify({ migrations: false, openapi: false, mcpTools: false, env: false });

describe('generateRelease (real git, stub stages)', () => {
  let repo: TestRepo | undefined;
  let opened: Repository | undefined;
  afterEach(async () => {
    await opened?.close();
    repo?.cleanup();
    opened = undefined;
    repo = undefined;
  });

  async function twoReleases(base: Record<string, string>, head: Record<string, string | null>) {
    repo = createRepo();
    repo.commit(base, { tag: 'v1.0.0', date: '2026-03-01T12:00:00Z' });
    repo.commit(head, { tag: 'v1.1.0', date: '2026-03-02T12:00:00+02:00' });
    opened = await openRepository(repo.dir);
    return opened;
  }

  it('gives true for a quiet release and hands stages the config, the diff, both trees and a reader', async () => {
    const git = await twoReleases(
      { 'release-safety.config.json': ALL_ABSENT, 'a.txt': 'one', 'gone.txt': 'x' },
      { 'a.txt': 'two', 'gone.txt': null, 'new.txt': 'n' },
    );
    const stages = stubStages();
    const outcome = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stages);
    expect(outcome.artifact.compatibility).toEqual({ rollingUpdateSafe: true, recommendedStrategy: 'RollingUpdate' });
    expect(outcome.artifact).toMatchObject({ version: '1.1.0', previousVersion: '1.0.0', releaseDate: '2026-03-02T10:00:00.000Z' });
    expect(outcome.config).toEqual({ status: 'loaded', source: 'release-safety.config.json at v1.1.0', changes: [] });
    const input = stages.inputs[0]!;
    expect(input.config).toEqual(JSON.parse(ALL_ABSENT));
    expect(input.postgresVersion).toBe(16);
    expect(input.changes).toEqual([
      { status: 'modified', path: 'a.txt' },
      { status: 'deleted', path: 'gone.txt' },
      { status: 'added', path: 'new.txt' },
    ]);
    expect([...input.trees.head.keys()].sort()).toEqual(['a.txt', 'new.txt', 'release-safety.config.json']);
    expect(await input.read('base', 'a.txt')).toBe('one');
    expect(await input.read('head', 'a.txt')).toBe('two');
    expect(await input.read('head', 'gone.txt')).toBeUndefined();
  });

  it('treats a missing config as nothing configured: unknown, not an error', async () => {
    const git = await twoReleases({ 'a.txt': 'one' }, { 'a.txt': 'two' });
    const stages = stubStages();
    const outcome = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stages);
    expect(outcome.config.status).toBe('missing');
    expect(stages.inputs[0]!.config).toEqual({});
    expect(outcome.artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(outcome.verdict.reasons.map((reason) => `${reason.surface}:${reason.cause}`)).toEqual([
      'migrations:unchecked',
      'rest:unchecked',
      'mcp:unchecked',
      'config:unchecked',
    ]);
  });

  it('fails closed when a stage throws, keeping the cause for the report', async () => {
    const git = await twoReleases({ 'release-safety.config.json': ALL_ABSENT }, { 'a.txt': 'x' });
    const stages = stubStages({ mcp: () => Promise.reject(new Error('tools.json at head is not JSON:\n  line 3 column 7')) });
    const outcome = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stages);
    expect(outcome.artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(outcome.artifact.api.mcp).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(outcome.stages.find((stage) => stage.surface === 'mcp')!.notes).toEqual(['mcp stage failed: tools.json at head is not JSON:\n  line 3 column 7']);
    // The report keeps the cause, on one line.
    expect(renderTextReport(outcome, createStyle(false))).toContain(
      '  - mcp: not checked (mcp stage failed: tools.json at head is not JSON: line 3 column 7)\n',
    );
  });

  it('turns a breaking finding and a declared required stop into false with the right members', async () => {
    const git = await twoReleases({ 'release-safety.config.json': ALL_ABSENT }, { 'a.txt': 'x' });
    const stages = stubStages({
      mcp: async () => {
        const findings = [removedToolFinding('delete_item')];
        const section = apiSectionFromFindings(findings, [TOOL_REMOVED]);
        return { section, verdict: { checked: true, breaking: section.breaking }, findings, notes: [] };
      },
      declarations: [{ file: 'src/a.ts', line: 4, reason: 'sessions move to a new table', requiredStop: true }],
    });
    const { artifact } = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stages);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: true, changes: ['tool delete_item removed'], breakingCount: 1 });
    expect(artifact.upgrade.requiredStops).toEqual(['1.1.0']);
    expect(artifact.declaredBreaks).toEqual([{ file: 'src/a.ts', line: 4, reason: 'sessions move to a new table', requiredStop: true }]);
  });

  it('carries minPreviousVersion from the from release artifact, raised by its required stop', async () => {
    const previous: ReleaseSafetyArtifact = {
      schemaVersion: '2',
      version: '1.0.0',
      previousVersion: '0.9.0',
      releaseDate: '2026-02-01T00:00:00.000Z',
      migrations: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
      compatibility: { rollingUpdateSafe: false, recommendedStrategy: 'Recreate' },
      api: {
        rest: { checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 },
        mcp: { checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 },
      },
      config: { checked: true, breaking: false, changes: [] },
      upgrade: { minPreviousVersion: '0.8.0', requiredStops: ['1.0.0'] },
      declaredBreaks: [{ file: 'a.ts', line: 1, reason: 'a break that needs a stop', requiredStop: true }],
    };
    const git = await twoReleases({ 'release-safety.config.json': ALL_ABSENT, 'release-safety.json': JSON.stringify(previous) }, { 'a.txt': 'x' });
    const outcome = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stubStages());
    expect(outcome.artifact.upgrade).toEqual({ minPreviousVersion: '1.0.0', requiredStops: [] });
    expect(outcome.previousArtifact.status).toBe('used');
    expect(outcome.verdict.minPreviousVersionSource).toBe('required-stop');

    // Later releases carry 1.0.0 on; a stale artifact (of 1.1.0 at the 1.2.0 tag) still carries its
    // floor, since dropping it would only allow more direct jumps, and the report says so.
    repo!.commit({ 'release-safety.json': JSON.stringify(outcome.artifact) }, { tag: 'v1.2.0' });
    repo!.commit({ 'b.txt': 'y' }, { tag: 'v1.3.0' });
    const next = await generateRelease(git, { from: 'v1.2.0', to: 'v1.3.0' }, stubStages());
    expect(next.artifact.upgrade.minPreviousVersion).toBe('1.0.0');
    expect(next.verdict.minPreviousVersionSource).toBe('carried');
    expect(next.previousArtifact.detail).toBe('release-safety.json of 1.1.0 at the from ref (it describes 1.1.0, not 1.2.0)');
  });

  it('ignores an invalid from artifact (minPreviousVersion null) and says why', async () => {
    const git = await twoReleases({ 'release-safety.config.json': ALL_ABSENT, 'release-safety.json': '{"schemaVersion":"2"}' }, { 'a.txt': 'x' });
    const outcome = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stubStages());
    expect(outcome.artifact.upgrade.minPreviousVersion).toBeNull();
    expect(outcome.previousArtifact.status).toBe('invalid');
    expect(outcome.previousArtifact.detail).toMatch(/not schema-valid/);
  });

  it('refuses to return an artifact that fails its schema (a stage bug), naming the errors', async () => {
    const git = await twoReleases({ 'release-safety.config.json': ALL_ABSENT }, { 'a.txt': 'x' });
    const stages = stubStages({ declarations: [{ file: 'a.ts', line: 0, reason: 'line zero is not a line', requiredStop: false }] });
    const error = await generateRelease(git, { from: 'v1.0.0', to: 'v1.1.0' }, stages).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidArtifactError);
    expect((error as InvalidArtifactError).errors.join('\n')).toMatch(/\/declaredBreaks\/0\/line/);
  });

  it('reuses one repository for many pairs (backfill), with one batch reader', async () => {
    const git = await twoReleases({ 'release-safety.config.json': ALL_ABSENT, 'a.txt': '1' }, { 'a.txt': '2' });
    repo!.commit({ 'a.txt': '3' }, { tag: 'v1.2.0' });
    repo!.commit({ 'a.txt': '4' }, { tag: 'v1.3.0' });
    const tags = (await git.releaseTags()).map((tag) => tag.tag);
    const verdicts = [];
    for (let i = 1; i < tags.length; i++) {
      const outcome = await generateRelease(git, { from: tags[i - 1]!, to: tags[i]! }, stubStages());
      verdicts.push(`${outcome.artifact.previousVersion}→${outcome.artifact.version}:${String(outcome.artifact.compatibility.rollingUpdateSafe)}`);
    }
    expect(verdicts).toEqual(['1.0.0→1.1.0:true', '1.1.0→1.2.0:true', '1.2.0→1.3.0:true']);
  });
});
