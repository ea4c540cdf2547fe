import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ReleaseSafetyConfig } from '../../../src/config/types.js';
import { restStage } from '../../../src/stages/rest/index.js';
import { shapeDeclarationIn } from '../../../src/stages/rest/routes/surface.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Routes read from code are compared by method and path. A service that declares its request and
 * response shapes in code for an OpenAPI document generated at run time, and commits no document,
 * changed a shape unseen: rallly v4.6.1 → v4.6.2 (real) dropped `data.space` from the response of
 * `POST /api/private/polls` (apps/web/src/app/api/private/schemas.ts, hono-openapi `describeRoute` +
 * zod `.openapi(…)`), and the release came out `true` with `openapi: false` and routes only.
 */

type Files = Record<string, string | null>;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());
afterAll(() => closeGitStageInputs());

async function release(base: Files, head: Files, config: ReleaseSafetyConfig = { openapi: false, routes: { sources: ['src/**/*.ts'] } }) {
  repo = createRepo();
  repo.commit({ ...base, 'README.md': 'service\n' }, { tag: '1.0.0' });
  repo.commit(head, { tag: '1.1.0' });
  const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', config);
  return restStage.run(input);
}

// The shape of rallly's private API at v4.6.1 (hono + hono-openapi + zod-openapi), cut down.
const schemas = (space: boolean) => `import { z } from "zod";
import "zod-openapi/extend";

export const createPollSuccessResponseSchema = z
  .object({
    data: z.object({
      id: z.string().openapi({ example: "p_123abc" }),
      adminUrl: z.string(),${space ? '\n      space: z.object({ id: z.string(), name: z.string() }).nullable(),' : ''}
    }),
  })
  .openapi("CreatePollResponse");
`;
const route = `import { Hono } from "hono";
import { describeRoute, resolver } from "hono-openapi";
import { createPollSuccessResponseSchema } from "../schemas";

const app = new Hono().basePath("/api/private");

app.post(
  "/polls",
  describeRoute({ responses: { 200: { content: { "application/json": { schema: resolver(createPollSuccessResponseSchema) } } } } }),
  async (c) => c.json({ data: { id: "p_1", adminUrl: "" } }),
);

export default app;
`;

describe('request/response shapes declared in code, with no document compared', () => {
  it('a changed schema module is unknown, naming the construct and the fix (failed before: true)', async () => {
    const result = await release(
      { 'src/api/schemas.ts': schemas(true), 'src/api/route/route.ts': route },
      { 'src/api/schemas.ts': schemas(false), 'src/api/route/route.ts': route },
    );
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes.join('\n')).toMatch(
      /REST request\/response shapes declared in code changed or cannot be followed, and are not compared without a document \(src\/api\/route\/route\.ts:\d+: `app\.post\("\/polls"\)`: `createPollSuccessResponseSchema` \(src\/api\/schemas\.ts:\d+\) differs between the refs; src\/api\/schemas\.ts:\d+: `createPollSuccessResponseSchema`: its declaration/,
    );
  });

  it('plain handlers without declared shapes stay decided', async () => {
    const express = (body: string) =>
      `import express from 'express';\nconst router = express.Router();\nrouter.get('/health', (req, res) => res.json(${body}));\nexport default router;\n`;
    const result = await release({ 'src/health.ts': express('{ ok: true }') }, { 'src/health.ts': express('{ ok: true, up: 1 }') });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
  });

  it('with a committed document compared, the document judges the shapes', async () => {
    const spec = 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths: {}\n';
    const result = await release(
      { 'openapi.yaml': spec, 'src/api/schemas.ts': schemas(true), 'src/api/route/route.ts': route },
      { 'src/api/schemas.ts': schemas(false), 'src/api/route/route.ts': route },
      { openapi: 'openapi.yaml', routes: { sources: ['src/**/*.ts'] } },
    );
    expect(result.notes.join('\n')).not.toMatch(/shapes declared in (changed )?code/);
  });
});

describe('shapeDeclarationIn', () => {
  it.each([
    ['app.post("/x", describeRoute({}), h)', 'describeRoute('],
    ['const r = createRoute({ method: "get" })', 'createRoute('],
    ['z.string().openapi({ example: "a" })', '.openapi('],
    ['class Dto {\n  @ApiProperty()\n  name: string;\n}', '@ApiProperty('],
    ['@ApiOkResponse({ type: Dto })', '@ApiOkResponse('],
  ])('%s', (text, construct) => {
    expect(shapeDeclarationIn(text)?.construct).toBe(construct);
  });
  it('none in plain code', () => {
    expect(shapeDeclarationIn("router.get('/a', (req, res) => res.json({ openapi: 1 }))")).toBeUndefined();
  });
});
