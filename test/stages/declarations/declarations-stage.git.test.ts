import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationsStage } from '../../../src/stages/declarations/index.js';
import { buildFixtureRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/** `fixtures/declarations/<release>/` as a real tagged repository; contents come from `git show tag:path`. */
describe('declarationsStage on a real git repository (fixtures/declarations)', () => {
  let repo: TestRepo & { tags: string[] };
  beforeAll(() => {
    repo = buildFixtureRepo('fixtures/declarations');
  });
  afterAll(async () => {
    await closeGitStageInputs();
    repo.cleanup();
  });

  it('1.0.0 → 1.1.0: the existing annotation moved with its file; the README mention is prose: nothing declared', async () => {
    const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', {});
    expect(input.changes.map((change) => `${change.status} ${change.path}`)).toEqual(['added src/auth/sessions.ts', 'deleted src/sessions.ts']);
    const result = await declarationsStage.run(input);
    expect(result).toMatchObject({ section: [], verdict: { checked: true, breaking: false }, notes: [] });
  });

  it('1.1.0 → 1.2.0: a SQL required stop and a shell break; unchanged files are not read', async () => {
    const input = await gitStageInput(repo.dir, '1.1.0', '1.2.0', {});
    const result = await declarationsStage.run(input);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section).toEqual([
      {
        file: 'db/migrations/002_jobs_tenant.sql',
        line: 1,
        reason: 'jobs are re-keyed by tenant; 1.2.0 must run before 2.0 drops the old key',
        requiredStop: true,
      },
      { file: 'scripts/start.sh', line: 2, reason: 'workers and the API must be restarted together (new queue protocol)', requiredStop: false },
    ]);
    expect([...input.reads.keys()].sort()).toEqual([
      'base:scripts/start.sh',
      'head:db/migrations/002_jobs_tenant.sql',
      'head:scripts/start.sh',
      'head:src/queue.ts',
    ]);
  });

  it('1.0.0 → 1.2.0 spans both: the same two declarations, none from 1.0.0', async () => {
    const result = await declarationsStage.run(await gitStageInput(repo.dir, '1.0.0', '1.2.0', {}));
    expect(result.section.map((declared) => declared.file)).toEqual(['db/migrations/002_jobs_tenant.sql', 'scripts/start.sh']);
  });
});
