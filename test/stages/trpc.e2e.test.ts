import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { edit, fixtureTree, generate } from './api-surfaces.shared.js';

/**
 * The tRPC surface end to end: a Next.js app's tRPC server modelled on rallly
 * (fixtures/trpc/web: merged and nested routers, procedures built on base procedures defined in
 * trpc.ts, zod inputs from a shared schema module), released tag by tag in a real git repository,
 * `generate` run by the built CLI, and `api.rest` (where tRPC lines are reported, prefixed `tRPC:`)
 * and the verdict checked.
 */

describe('generate with tRPC routers read from code', () => {
  let repo: TestRepo;
  const tree = fixtureTree('fixtures/trpc/web');
  const config = JSON.stringify({
    migrations: false,
    openapi: false,
    routes: false,
    mcpTools: false,
    env: false,
    graphql: false,
    trpc: { sources: ['src/trpc/routers/**/*.ts'] },
  });

  beforeAll(() => {
    repo = createRepo();
    repo.commit(
      { ...tree, 'package.json': JSON.stringify({ dependencies: { '@trpc/server': '^11.0.0', zod: '^3.0.0' } }), 'release-safety.config.json': config },
      { tag: '1.0.0' },
    );
    // 1.1.0: an optional input property and a procedure added.
    repo.commit(
      {
        ...edit(
          tree,
          'src/trpc/routers/polls.ts',
          ['        search: z.string().optional(),', '        search: z.string().optional(),\n        member: z.string().optional(),'],
          ['  get: publicProcedure', '  count: privateProcedure.query(async () => {\n    return 0;\n  }),\n  get: publicProcedure'],
        ),
      },
      { tag: '1.1.0' },
    );
    // 1.2.0: a nested procedure removed, a required input property, a tighter limit in the shared schema module, an output property removed.
    repo.commit(
      {
        ...edit(
          tree,
          'src/trpc/routers/polls/comments.ts',
          ['  delete: publicProcedure\n    .input(z.object({ commentId: z.string() }))\n    .mutation(async () => {\n      return true;\n    }),\n', ''],
          ['.output(z.object({ id: z.string(), createdAt: z.date() }))', '.output(z.object({ id: z.string() }))'],
          ['return { id: input.pollId, createdAt: new Date() };', 'return { id: input.pollId };'],
        ),
        ...edit(tree, 'src/trpc/routers/auth.ts', ['.input(z.object({ token: z.string() }))', '.input(z.object({ token: z.string(), spaceId: z.string() }))']),
        ...edit(tree, 'src/trpc/routers/polls/schema.ts', ['export const MAX_COMMENT_LENGTH = 1000;', 'export const MAX_COMMENT_LENGTH = 500;']),
      },
      { tag: '1.2.0' },
    );
    // 1.3.0: an input built by a function from a package; a handler without a declared output changes.
    repo.commit(
      {
        ...edit(
          tree,
          'src/trpc/routers/polls.ts',
          ['    .input(z.object({ urlId: z.string(), adminToken: z.boolean().optional() }))', '    .input(makeInput({ urlId: z.string() }))'],
          ['import * as z from "zod";', 'import * as z from "zod";\nimport { makeInput } from "@acme/trpc-helpers";'],
        ),
        ...edit(tree, 'src/trpc/routers/auth.ts', [
          'return input.email.endsWith(".test") ? "sso" : "email";',
          'return { method: input.email.endsWith(".test") ? "sso" : "email" };',
        ]),
      },
      { tag: '1.3.0' },
    );
    // 1.4.0: nothing the routers import changes.
    repo.commit({ 'README.md': 'docs\n', 'src/app/page.tsx': 'export default function Page() { return null; }\n' }, { tag: '1.4.0' });
  });
  afterAll(() => repo.cleanup());

  it('1.0.0 → 1.1.0: an optional input and a new procedure break nothing', () => {
    const { artifact, report } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.rest).toEqual({ checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).toContain('polls.count — procedure added');
    expect(report).toContain('polls.infiniteChronological — optional input property "member" added');
  });

  it('1.1.0 → 1.2.0: a removed nested procedure, a required input, a tighter limit from an imported constant and a removed output property are breaking', () => {
    const { artifact, report } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.api.rest.breaking).toBe(true);
    expect(artifact.api.rest.changes).toEqual([
      'tRPC: auth.getUserPermission — input property "spaceId" now required',
      'tRPC: polls.comments.add — input "content" narrowed (maxLength tightened)',
      'tRPC: polls.comments.add — output property "createdAt" removed',
      'tRPC: polls.comments.delete — procedure removed',
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('src/trpc/routers/polls/comments.ts:');
  });

  it('1.2.0 → 1.3.0: an input from a package function and a changed handler without a declared output are unknown, each named', () => {
    const { artifact, report } = generate(repo, '1.2.0', '1.3.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: 'unknown', changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('tRPC procedure polls.get (src/trpc/routers/polls.ts:');
    expect(report).toContain('tRPC procedure auth.getLoginMethod (src/trpc/routers/auth.ts:');
    expect(report).toContain('declares no `.output()` and its handler changed');
  });

  it('1.3.0 → 1.4.0: no router file or module it imports changed, nothing is read', () => {
    const { artifact } = generate(repo, '1.3.0', '1.4.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false, changes: [] });
  });
});

describe('a tRPC server the config does not name', () => {
  let repo: TestRepo;
  const config = JSON.stringify({ migrations: false, openapi: false, routes: false, mcpTools: false, env: false, graphql: false });

  beforeAll(() => {
    repo = createRepo();
    repo.commit(
      {
        'apps/web/package.json': JSON.stringify({ dependencies: { '@trpc/server': '^11.0.0' } }),
        'apps/web/src/a.ts': 'export const a = 1;\n',
        'release-safety.config.json': config,
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'apps/web/src/a.ts': 'export const a = 2;\n' }, { tag: '1.1.0' });
  });
  afterAll(() => repo.cleanup());

  it('is unchecked and unknown, naming the dependency', () => {
    const { artifact, report } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('apps/web/package.json depends on @trpc/server');
  });
});

describe('a configured tRPC surface that a later release drops (typebot: tRPC routers up to v3.15.2, oRPC since v3.16.0)', () => {
  let repo: TestRepo;
  const config = JSON.stringify({
    migrations: false,
    openapi: false,
    routes: false,
    mcpTools: false,
    env: false,
    graphql: false,
    trpc: { sources: ['apps/builder/src/helpers/server/routers/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
  });
  const trpc =
    "import { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\nexport const router = t.router;\nexport const publicProcedure = t.procedure;\n";
  const appRouter =
    "import { z } from 'zod';\nimport { publicProcedure, router } from '../trpc';\nexport const appRouter = router({\n  getTypebot: publicProcedure.input(z.object({ typebotId: z.string() })).output(z.object({ id: z.string() })).query(() => ({ id: '1' })),\n});\n";

  beforeAll(() => {
    repo = createRepo();
    repo.commit(
      {
        'apps/builder/package.json': JSON.stringify({ dependencies: { '@trpc/server': '^10.45.0', zod: '^3.22.0' } }),
        'apps/builder/src/helpers/server/trpc.ts': trpc,
        'apps/builder/src/helpers/server/routers/appRouter.ts': appRouter,
        'release-safety.config.json': config,
      },
      { tag: 'v3.15.1' },
    );
    // v3.16.0: the routers and the dependency are gone (the API moved to oRPC).
    repo.commit(
      {
        'apps/builder/package.json': JSON.stringify({ dependencies: { '@orpc/server': '^1.0.0', zod: '^3.22.0' } }),
        'apps/builder/src/helpers/server/trpc.ts': null,
        'apps/builder/src/helpers/server/routers/appRouter.ts': null,
        'apps/builder/src/orpc/router.ts': "export const router = { getTypebot: () => ({ id: '1' }) };\n",
      },
      { tag: 'v3.16.0' },
    );
    repo.commit({ 'apps/builder/src/orpc/router.ts': "export const router = { getTypebot: () => ({ id: '2' }) };\n" }, { tag: 'v3.16.1' });
    // v3.17.0: the routers moved where the globs do not look, and the release still serves tRPC.
    repo.commit(
      {
        'apps/builder/package.json': JSON.stringify({ dependencies: { '@trpc/server': '^11.0.0', zod: '^3.22.0' } }),
        'apps/builder/src/server/trpc.ts': trpc,
        'apps/builder/src/server/appRouter.ts': appRouter,
      },
      { tag: 'v3.17.0' },
    );
  });
  afterAll(() => repo.cleanup());

  it('the release that drops every router and the dependency removes every procedure: a finding, never a silent pass', () => {
    const { artifact, report } = generate(repo, 'v3.15.1', 'v3.16.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: true, changes: ['tRPC: getTypebot — procedure removed'] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('the tRPC surface is gone at the head (to) ref');
  });

  it('a pair that serves tRPC at neither ref has no tRPC surface: decided, with a note', () => {
    const { artifact, report } = generate(repo, 'v3.16.0', 'v3.16.1');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).toContain('no tRPC surface at either ref');
  });

  it('a head that still depends on @trpc/server but whose routers the globs miss is unknown, naming the manifest', () => {
    const { artifact, report } = generate(repo, 'v3.16.1', 'v3.17.0');
    expect(artifact.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(report).toContain('apps/builder/package.json depends on @trpc/server');
  });
});
