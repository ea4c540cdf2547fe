import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderFinding } from '../../../src/rules/types.js';
import { restStage } from '../../../src/stages/rest/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';
import { FRAMEWORK_SCENARIOS, type FrameworkScenario } from './frameworks.js';

/**
 * The routes surface over real git repositories, for each framework: a removed route is breaking
 * with its file:line; a route moved to another file and a renamed path parameter are not; a
 * registration that cannot be read makes the surface unknown with its reason.
 */

describe.each(FRAMEWORK_SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('routes of %s', (_name, scenario: FrameworkScenario) => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());
  afterAll(() => closeGitStageInputs());

  /** 1.0.0, then each variant as its own release on top of it. */
  function build(): TestRepo {
    repo = createRepo();
    repo.commit({ ...scenario.v1, 'README.md': 'service\n' }, { tag: '1.0.0' });
    for (const [tag, files] of [
      ['1.1.0', scenario.removed],
      ['1.2.0', scenario.moved],
      ['1.3.0', scenario.renamed],
      ['1.4.0', scenario.dynamic],
    ] as const) {
      repo.git('checkout', '-q', '--detach', '1.0.0');
      repo.commit(files, { tag });
    }
    return repo;
  }

  async function run(to: string) {
    const input = await gitStageInput(repo!.dir, '1.0.0', to, { openapi: false, routes: { sources: scenario.sources } });
    const result = await restStage.run(input);
    const lines = result.findings.map((finding) => {
      const rendered = renderFinding(
        restStage.rules.find((rule) => rule.id === finding.rule)!,
        finding,
      );
      return `${rendered.level} ${rendered.message}`;
    });
    return { result, lines };
  }

  it('a removed route is breaking, naming the file and line it was served from; moves and renamed parameters are not; dynamic registration is unknown', async () => {
    build();
    const removed = await run('1.1.0');
    expect(removed.result.verdict).toEqual({ checked: true, breaking: true });
    expect(removed.result.section.changes).toEqual([scenario.removedLine]);

    const moved = await run('1.2.0');
    expect(moved.result.notes).toEqual([]);
    expect(moved.result.verdict).toEqual({ checked: true, breaking: false });
    expect(moved.lines.filter((line) => line.startsWith('breaking'))).toEqual([]);

    const renamed = await run('1.3.0');
    expect(renamed.result.verdict).toEqual({ checked: true, breaking: false });
    expect(renamed.lines).toEqual([]);

    const dynamic = await run('1.4.0');
    expect(dynamic.result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(dynamic.result.section).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(dynamic.result.notes.join('\n')).toContain(scenario.dynamicReason);
  });
});
