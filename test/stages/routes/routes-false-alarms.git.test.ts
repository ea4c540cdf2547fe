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
    const rendered = renderFinding(
      restStage.rules.find((rule) => rule.id === finding.rule)!,
      finding,
    );
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

describe('Next.js handlers: the methods they accept', () => {
  const nextSources = ['src/**/*.ts'];
  const guarded = `import type { NextApiRequest, NextApiResponse } from 'next';
import { getSession } from '../../lib/session';

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return res.status(405).json({ error: 'Method not allowed' });
  }
  const session = await getSession(req);
  return res.json({ ok: Boolean(session) });
}
`;
  const switched = (cases: string) => `import type { NextApiRequest, NextApiResponse } from 'next';

const handler = async (req: NextApiRequest, res: NextApiResponse) => {
  switch (req.method) {
${cases}
    default:
      res.status(405).end();
  }
};

export default withAuth(handler);
`;
  const branches = `export default async function handler(req, res) {
  const session = await getSession(req);
  if (req.method === 'GET') {
    return res.json({ links: [] });
  } else if (req.method === 'DELETE') {
    return res.status(204).end();
  }
  return res.status(405).json({ error: 'Method Not Allowed' });
}
`;
  const any = `export default async function handler(req, res) {
  res.json({ ok: true });
}
`;

  it('a handler that answers 405 to other methods serves only its own: a file change around them is no change', async () => {
    const base = {
      'src/pages/api/links.ts': guarded,
      'src/pages/api/teams/[teamId]/index.ts': switched("    case 'GET':\n      return res.json([]);\n    case 'POST':\n      return res.json({});"),
      'src/pages/api/views.ts': branches,
    };
    const head = {
      'src/pages/api/links.ts': guarded.replace('const session', '// the session decides\n  const session'),
      'src/pages/api/teams/[teamId]/index.ts': switched("    case 'POST':\n      return res.json({});\n    case 'GET':\n      return res.json([]);"),
      'src/pages/api/views.ts': branches.replace('links: []', 'links: [], total: 0'),
    };
    const { verdict, lines, notes } = await release(base, head, nextSources);
    expect(notes).toEqual([]);
    expect(lines).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a method the handler stops accepting is a removal of that method only; a handler for every method narrowed is one too', async () => {
    const base = {
      'src/pages/api/teams/[teamId]/index.ts': switched("    case 'GET':\n      return res.json([]);\n    case 'POST':\n      return res.json({});"),
      'src/pages/api/any.ts': any,
    };
    const head = { 'src/pages/api/teams/[teamId]/index.ts': switched("    case 'GET':\n      return res.json([]);"), 'src/pages/api/any.ts': guarded };
    const { verdict, breaking } = await release(base, head, nextSources);
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual([
      'breaking ALL /api/any — route no longer served (code: src/pages/api/any.ts:1)',
      'breaking POST /api/teams/:teamId — route no longer served (code: src/pages/api/teams/[teamId]/index.ts:14)',
    ]);
  });

  it('a pages/api handler moved to the app router, accepting the same methods, is no change (a method dropped on the way still is)', async () => {
    const teams = switched("    case 'GET':\n      return res.json([]);\n    case 'POST':\n      return res.json({});");
    const route = (methods: string[]) =>
      methods.map((method) => `export async function ${method}(request: Request) {\n  return Response.json([]);\n}\n`).join('\n');
    const moved = await release(
      { 'src/pages/api/teams/[teamId]/index.ts': teams },
      { 'src/pages/api/teams/[teamId]/index.ts': null, 'src/app/api/teams/[teamId]/route.ts': route(['GET', 'POST']) },
      nextSources,
    );
    expect(moved.lines).toEqual([]);
    expect(moved.verdict).toEqual({ checked: true, breaking: false });
    repo?.cleanup();
    const narrowed = await release(
      { 'src/pages/api/teams/[teamId]/index.ts': teams },
      { 'src/pages/api/teams/[teamId]/index.ts': null, 'src/app/api/teams/[teamId]/route.ts': route(['GET']) },
      nextSources,
    );
    expect(narrowed.verdict).toEqual({ checked: true, breaking: true });
    expect(narrowed.breaking).toEqual(['breaking POST /api/teams/:teamId — route no longer served (code: src/pages/api/teams/[teamId]/index.ts:14)']);
  });

  it('app router: exported GET/POST are the methods; one removed is breaking, the other kept', async () => {
    const route = (methods: string[]) =>
      methods.map((method) => `export async function ${method}(request: Request) {\n  return Response.json({ ok: true });\n}\n`).join('\n');
    const { verdict, breaking } = await release(
      { 'src/app/api/links/route.ts': route(['GET', 'POST']) },
      { 'src/app/api/links/route.ts': `import { z } from 'zod';\n${route(['GET'])}` },
      nextSources,
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking POST /api/links — route no longer served (code: src/app/api/links/route.ts:5)']);
  });
});

describe('a route registration moved to another file', () => {
  const users =
    "import { Router } from 'express';\nexport const users = Router();\nusers.get('/:id', async (req, res) => res.json({}));\nusers.delete('/:id', async (req, res) => res.json({}));\n";
  const app = (from: string) =>
    `import express from 'express';\nimport { users } from '${from}';\nconst app = express();\napp.use('/api/v1/users', users);\nexport default app;\n`;

  it('a router file moved (same routes, same mount) is no change', async () => {
    const { verdict, lines, notes } = await release(
      { 'src/app.ts': app('./routers/users'), 'src/routers/users.ts': users },
      { 'src/app.ts': app('./modules/users/router'), 'src/routers/users.ts': null, 'src/modules/users/router.ts': users },
    );
    expect(notes).toEqual([]);
    expect(lines).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a router file moved behind a barrel (export … from) is no change', async () => {
    const barrel = (from: string) => `export { users } from '${from}';\n`;
    const { verdict, lines, notes } = await release(
      { 'src/app.ts': app('./routers'), 'src/routers/index.ts': barrel('./users'), 'src/routers/users.ts': users },
      { 'src/routers/index.ts': barrel('./users/router'), 'src/routers/users.ts': null, 'src/routers/users/router.ts': users },
    );
    expect(notes).toEqual([]);
    expect(lines).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a router file moved that lost a route on the way is still a removal', async () => {
    const { verdict, breaking } = await release(
      { 'src/app.ts': app('./routers/users'), 'src/routers/users.ts': users },
      { 'src/app.ts': app('./modules/users/router'), 'src/routers/users.ts': null, 'src/modules/users/router.ts': users.replace(/users\.delete.*\n/, '') },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking DELETE /api/v1/users/:id — route no longer served (code: src/routers/users.ts:4)']);
  });
});
