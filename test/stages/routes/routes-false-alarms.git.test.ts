import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderFinding } from '../../../src/rules/types.js';
import { restStage } from '../../../src/stages/rest/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * False alarms of the routes read from code seen on real services (issue 32, item 4), over real git
 * repositories: routes still served must not be reported removed; a real removal next to them
 * still is.
 */

type Files = Record<string, string | null>;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());
afterAll(() => closeGitStageInputs());

async function release(base: Files, head: Files, sources = ['src/**/*.ts']) {
  repo = createRepo();
  repo.commit({ ...base, 'README.md': 'service\n' }, { tag: '1.0.0' });
  repo.commit(head, { tag: '1.1.0' });
  const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { openapi: false, routes: { sources } });
  const result = await restStage.run(input);
  const lines = result.findings.map((finding) => {
    const rendered = renderFinding(restStage.rules.find((rule) => rule.id === finding.rule)!, finding);
    return `${rendered.level} ${rendered.message}`;
  });
  return { verdict: result.verdict, breaking: lines.filter((line) => line.startsWith('breaking')).sort(), lines: lines.sort(), notes: result.notes };
}

// A router file mounted by an application file that is not read (it imports it through a barrel the
// release did not change): its routes are anchored at `file#router`, as on lightdash-sized services.
const usersRouter = (helpers: string, extra = '') => `import express from 'express';
${helpers}
const router = express.Router();

router.get('/users/:id', async (req, res) => {
    res.json({ status: 'ok' });
});
router.post('/users', async (req, res) => {
    res.json({ status: 'ok' });
});
${extra}
export default router;
`;

describe('a helper added above the route registrations', () => {
  // Shapes of the reported release: a plain handler helper, an arrow const, and a helper taking a
  // router (its parameter is a router too, declared before the file's own \`router\`).
  const helpers = `function helper(req, res) {
    res.json({ ok: true });
}
const wrap = (fn) => async (req, res, next) => fn(req, res).catch(next);
function logRoutes(router) {
    console.log(router.stack.length);
}
`;

  it('changes nothing that is served (a helper whose parameter is named like a router does not rename the router)', async () => {
    const { verdict, lines, notes } = await release({ 'src/routers/users.ts': usersRouter('') }, { 'src/routers/users.ts': usersRouter(helpers) });
    expect(notes).toEqual([]);
    expect(lines).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a route really removed in the same release is still breaking', async () => {
    const head = usersRouter(helpers).replace("router.post('/users', async (req, res) => {\n    res.json({ status: 'ok' });\n});\n", '');
    const { verdict, breaking } = await release({ 'src/routers/users.ts': usersRouter('') }, { 'src/routers/users.ts': head });
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking POST …/users — route no longer served (code: src/routers/users.ts:8)']);
  });
});
