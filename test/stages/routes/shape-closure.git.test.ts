import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { restStage } from '../../../src/stages/rest/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * The declared-shapes closure (issue 30 item 1): a route kept out of the generated document
 * (tsoa `@Hidden()`), or a route whose shapes are declared in code with no document compared
 * (NestJS `@ApiProperty` DTOs, hono-openapi `describeRoute`), has its request/response shapes in
 * TypeScript types and schema values that usually live in other files. Those declarations are
 * followed through imports (relative, workspace packages) and compared at both refs.
 * Layouts modelled on lightdash 0.1640.0 (packages/backend/src/ee/controllers/aiAgentController.ts
 * importing `ApiCreateAiAgent` from the workspace package @lightdash/common, packages/common/src/
 * index.ts `export * from './ee'`), hoppscotch 2026.3.0 (infra-config/dto/onboarding.dto.ts) and
 * rallly v4.6.2 (apps/web/src/app/api/private/[...route]/route.ts + ../schemas.ts).
 */

type Files = Record<string, string | null>;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());
afterAll(() => closeGitStageInputs());

async function release(base: Files, head: Files, config: { openapi: string | false; sources: string[] }) {
  repo = createRepo();
  repo.commit({ ...base, 'README.md': 'service\n' }, { tag: '1.0.0' });
  repo.commit(head, { tag: '1.1.0' });
  const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { openapi: config.openapi, routes: { sources: config.sources } });
  const result = await restStage.run(input);
  return { verdict: result.verdict, notes: result.notes.join('\n') };
}

describe('lightdash: a @Hidden() tsoa route whose body type lives in the workspace package @lightdash/common', () => {
  const spec = JSON.stringify({ openapi: '3.0.3', info: { title: 'api', version: '1' }, paths: {} });
  const controller = [
    "import { ApiAiAgentResponse, ApiCreateAiAgent, ApiErrorPayload } from '@lightdash/common';",
    "import { Body, Hidden, Middlewares, Post, Request, Response, Route, SuccessResponse } from '@tsoa/runtime';",
    "import express from 'express';",
    "import { isAuthenticated } from '../../controllers/authentication';",
    "import { BaseController } from '../../controllers/baseController';",
    '',
    "@Route('/api/v1/aiAgents')",
    '@Hidden()',
    "@Response<ApiErrorPayload>('default', 'Error')",
    'export class AiAgentController extends BaseController {',
    '    @Middlewares([isAuthenticated])',
    "    @SuccessResponse('201', 'Created')",
    "    @Post('/')",
    '    async createAgent(',
    '        @Request() req: express.Request,',
    '        @Body() body: ApiCreateAiAgent,',
    '    ): Promise<ApiAiAgentResponse> {',
    "        return { status: 'ok', results: await this.service.createAgent(req.user!, body) };",
    '    }',
    '}',
    '',
  ].join('\n');
  const aiAgentTypes = (createFields: string, other = 'export type AiAgentSummary = { uuid: string };') =>
    [
      "import { type ApiSuccess } from '../../types/api';",
      'export type AiAgent = {',
      '    uuid: string;',
      '    projectUuid: string;',
      '    name: string;',
      '};',
      `export type ApiCreateAiAgent = Pick<AiAgent, ${createFields}>;`,
      'export type ApiAiAgentResponse = ApiSuccess<AiAgent>;',
      other,
      '',
    ].join('\n');
  const base: Files = {
    'packages/backend/src/generated/swagger.json': spec,
    'packages/backend/package.json': JSON.stringify({ name: 'backend', dependencies: { '@lightdash/common': '*', express: '^4.21.2' } }),
    'packages/backend/src/ee/controllers/aiAgentController.ts': controller,
    'packages/backend/src/controllers/authentication.ts': 'export const isAuthenticated = (req: unknown) => true;\n',
    'packages/backend/src/controllers/baseController.ts': 'export class BaseController { setStatus(code: number) { return code; } }\n',
    'packages/common/package.json': JSON.stringify({
      name: '@lightdash/common',
      version: '0.1639.0',
      main: 'dist/cjs/index.js',
      types: 'dist/types/index.d.ts',
    }),
    'packages/common/src/index.ts': "export * from './types/api';\nexport * from './ee';\nexport const VERSION = 1;\n",
    'packages/common/src/types/api.ts':
      "export type ApiSuccess<T> = { status: 'ok'; results: T };\nexport type ApiErrorPayload = { status: 'error'; error: { name: string } };\n",
    'packages/common/src/ee/index.ts': "export * from './AiAgent';\n",
    'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid'"),
  };
  const config = { openapi: 'packages/backend/src/generated/swagger.json', sources: ['packages/backend/src/**/*.ts'] };

  it('a required property added to the hidden route body type in packages/common (controller untouched) is unknown, naming the route, the type and file:line', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/common/package.json': JSON.stringify({ name: '@lightdash/common', version: '0.1640.0', main: 'dist/cjs/index.js' }),
        'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid' | 'name'"),
      },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('AiAgentController.createAgent');
    expect(notes).toContain('`ApiCreateAiAgent` (packages/common/src/ee/AiAgent/index.ts:7)');
  });

  it('a type the base class of a body type extends changed (two files away) is unknown', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/common/src/types/api.ts':
          "export type ApiSuccess<T> = { status: 'ok'; results: T; warnings: string[] };\nexport type ApiErrorPayload = { status: 'error'; error: { name: string } };\n",
      },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('`ApiSuccess` (packages/common/src/types/api.ts:1)');
  });

  it('a type of the same package that no hidden route uses changed: decided (no difference)', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/common/package.json': JSON.stringify({ name: '@lightdash/common', version: '0.1640.0', main: 'dist/cjs/index.js' }),
        'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid'", 'export type AiAgentSummary = { uuid: string; name: string };'),
        'packages/common/src/index.ts': "export * from './types/api';\nexport * from './ee';\nexport const VERSION = 2;\n",
      },
      config,
    );
    expect(notes).not.toContain('left out of the generated document');
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the hidden controller changed but not the signature of its hidden route nor the types it names: decided', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/backend/src/ee/controllers/aiAgentController.ts': controller.replace(
          'await this.service.createAgent(req.user!, body)',
          'await this.service.create(req.user!, body)',
        ),
      },
      config,
    );
    expect(notes).not.toContain('left out of the generated document');
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the hidden route body type changed in the controller itself is unknown (as before)', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/backend/src/ee/controllers/aiAgentController.ts': controller.replace(
          '@Body() body: ApiCreateAiAgent',
          '@Body() body: ApiCreateAiAgent & { name: string }',
        ),
      },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('AiAgentController.createAgent');
  });

  it('the hidden controller moved to another file while its body type changed: unknown (paired by route)', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/backend/src/ee/controllers/aiAgentController.ts': null,
        'packages/backend/src/ee/controllers/ai/aiAgentController.ts': controller.replaceAll("'../../controllers/", "'../../../controllers/"),
        'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid' | 'name'"),
      },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('moved from packages/backend/src/ee/controllers/aiAgentController.ts');
  });

  it('a body type found through `export *` of the repository comes before a star export of a package', async () => {
    const { verdict, notes } = await release(
      { ...base, 'packages/common/src/index.ts': "export * from 'zod';\nexport * from './types/api';\nexport * from './ee';\n" },
      { 'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid' | 'name'") },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('`ApiCreateAiAgent` (packages/common/src/ee/AiAgent/index.ts:7)');
  });

  it('a type written `import("…").T` is followed to that module', async () => {
    const withImportType = controller
      .replace('ApiAiAgentResponse, ApiCreateAiAgent, ApiErrorPayload', 'ApiAiAgentResponse, ApiErrorPayload')
      .replace('@Body() body: ApiCreateAiAgent', "@Body() body: import('@lightdash/common').ApiCreateAiAgent");
    const { verdict, notes } = await release(
      { ...base, 'packages/backend/src/ee/controllers/aiAgentController.ts': withImportType },
      { 'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid' | 'name'") },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('AiAgentController.createAgent');
  });

  it('a hidden route whose return type is not declared: unknown when its file or an import changed, decided when neither did', async () => {
    const inferred = controller.replace('): Promise<ApiAiAgentResponse> {', ') {');
    const changed = await release(
      { ...base, 'packages/backend/src/ee/controllers/aiAgentController.ts': inferred },
      {
        'packages/common/src/types/api.ts':
          "export type ApiSuccess<T> = { status: 'ok'; results: T; more: 1 };\nexport type ApiErrorPayload = { status: 'error'; error: { name: string } };\n",
      },
      config,
    );
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(changed.notes).toContain('its return type is not declared');
    const unrelated = await release(
      { ...base, 'packages/backend/src/ee/controllers/aiAgentController.ts': inferred, 'packages/backend/src/other.ts': 'export const a = 1;\n' },
      { 'packages/backend/src/other.ts': 'export const a = 2;\n' },
      config,
    );
    expect(unrelated.verdict).toEqual({ checked: true, breaking: false });
  });

  it('a closure beyond the size bound fails closed (synthetic: a chain of 4,100 types)', async () => {
    const chain = (last: string) =>
      [...Array.from({ length: 4100 }, (_, index) => `export type T${index} = { next: T${index + 1} };`), `export type T4100 = ${last};`, ''].join('\n');
    const { verdict, notes } = await release(
      {
        ...base,
        'packages/common/src/ee/AiAgent/index.ts': aiAgentTypes("'projectUuid'")
          .replace(
            "import { type ApiSuccess } from '../../types/api';",
            "import { type ApiSuccess } from '../../types/api';\nimport type { T0 } from './chain';",
          )
          .replace('    name: string;\n};', '    name: string;\n    chain: T0;\n};'),
        'packages/common/src/ee/AiAgent/chain.ts': chain('string'),
      },
      { 'packages/common/src/ee/AiAgent/chain.ts': chain('number') },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('more than 4000 declarations are reached from it');
  });

  it('the declared version of a package a hidden route type comes from changed is unknown; unchanged it is not', async () => {
    const changed = await release(
      base,
      { 'packages/backend/package.json': JSON.stringify({ name: 'backend', dependencies: { '@lightdash/common': '*', express: '^5.0.0' } }) },
      config,
    );
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(changed.notes).toContain('express');
  });
});

describe('hoppscotch: a NestJS @ApiProperty DTO whose base class lives in another file (no document)', () => {
  const dto = [
    "import { ApiProperty } from '@nestjs/swagger';",
    "import { IsString } from 'class-validator';",
    "import { BaseOnboardingDto } from './base.dto';",
    '',
    'export class OnboardingStatusDto extends BaseOnboardingDto {',
    '  @ApiProperty()',
    '  @IsString()',
    '  canReRunOnboarding: boolean;',
    '}',
    '',
  ].join('\n');
  // A base class with class-validator decorators only: no `@ApiProperty` in its file.
  const baseDto = (fields: string) =>
    `import { IsBoolean } from 'class-validator';\nexport class BaseOnboardingDto {\n${fields}\n}\nexport const unrelated = 1;\n`;
  const base: Files = {
    'packages/backend/package.json': JSON.stringify({ name: 'backend', dependencies: { '@nestjs/swagger': '^7.0.0', 'class-validator': '^0.14.0' } }),
    // hoppscotch's packages/hoppscotch-backend/tsconfig.json: `baseUrl` makes every bare name a candidate path too.
    'packages/backend/tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: './' } }),
    'packages/backend/src/infra-config/dto/onboarding.dto.ts': dto,
    'packages/backend/src/infra-config/dto/base.dto.ts': baseDto('  @IsBoolean()\n  onboardingCompleted: boolean;'),
  };
  const config = { openapi: false as const, sources: ['packages/backend/src/**/*.ts'] };

  it('the base class changed, the DTO file untouched: unknown, naming the declaration', async () => {
    const { verdict, notes } = await release(
      base,
      { 'packages/backend/src/infra-config/dto/base.dto.ts': baseDto('  @IsBoolean()\n  onboardingCompleted: string;') },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('OnboardingStatusDto');
    expect(notes).toContain('`BaseOnboardingDto` (packages/backend/src/infra-config/dto/base.dto.ts:2)');
  });

  it('only a declaration the DTO does not use changed in the file that holds its base class: decided', async () => {
    const { verdict, notes } = await release(
      base,
      {
        'packages/backend/src/infra-config/dto/base.dto.ts': baseDto('  @IsBoolean()\n  onboardingCompleted: boolean;').replace(
          'unrelated = 1',
          'unrelated = 2',
        ),
      },
      config,
    );
    expect(notes).not.toContain('shapes');
    expect(verdict).toEqual({ checked: true, breaking: false });
  });
});

describe('rallly: describeRoute with a zod schema imported from another file (no document)', () => {
  const route = [
    "import { Hono } from 'hono';",
    "import { describeRoute, resolver, validator } from 'hono-openapi';",
    "import { createPollInputSchema, createPollSuccessResponseSchema } from '../schemas';",
    "import { spaceApiKeyAuth } from '../utils/api-key';",
    "const app = new Hono().basePath('/api/private');",
    'app.post(',
    "  '/polls',",
    '  spaceApiKeyAuth,',
    "  describeRoute({ responses: { 200: { content: { 'application/json': { schema: resolver(createPollSuccessResponseSchema) } } } } }),",
    "  validator('json', createPollInputSchema),",
    '  async (c) => c.json({ ok: true }),',
    ');',
    'export const POST = app.fetch;',
    '',
  ].join('\n');
  const schemas = (title: string, unrelated = 'x') =>
    [
      "import { z } from '@hono/zod-openapi';",
      `export const dateSchema = z.iso.date().openapi({ description: 'Date' });`,
      `export const createPollInputSchema = z.object({ title: ${title}, date: dateSchema });`,
      "export const createPollSuccessResponseSchema = z.object({ id: z.string() }).openapi('CreatePollSuccess');",
      `export const unrelatedSchema = z.object({ ${unrelated}: z.string() });`,
      '',
    ].join('\n');
  const base: Files = {
    'apps/web/package.json': JSON.stringify({ name: 'web', dependencies: { hono: '^4.0.0', 'hono-openapi': '^1.0.0', '@hono/zod-openapi': '^1.0.0' } }),
    'apps/web/src/app/api/private/[...route]/route.ts': route,
    'apps/web/src/app/api/private/schemas.ts': schemas('z.string()'),
    'apps/web/src/app/api/private/utils/api-key.ts': 'export const spaceApiKeyAuth = async () => undefined;\n',
  };
  const config = { openapi: false as const, sources: ['apps/web/src/app/api/**/*.ts'] };

  it('the input schema changed in the imported file: unknown, naming the schema', async () => {
    const { verdict, notes } = await release(base, { 'apps/web/src/app/api/private/schemas.ts': schemas('z.string().min(1)') }, config);
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('`createPollInputSchema` (apps/web/src/app/api/private/schemas.ts:3)');
  });

  it('a schema nested in the input schema changed (dateSchema): unknown', async () => {
    const { verdict, notes } = await release(
      base,
      { 'apps/web/src/app/api/private/schemas.ts': schemas('z.string()').replace("description: 'Date'", "description: 'A date'") },
      config,
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('`dateSchema`');
  });

  it('only a schema no route uses (and that declares no shape itself) changed in the schemas file: decided', async () => {
    const { verdict, notes } = await release(base, { 'apps/web/src/app/api/private/schemas.ts': schemas('z.string()', 'y') }, config);
    expect(notes).not.toContain('shapes');
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the handler of the route changed, its declared shapes did not: decided', async () => {
    const { verdict, notes } = await release(
      base,
      { 'apps/web/src/app/api/private/[...route]/route.ts': route.replace('c.json({ ok: true })', 'c.json({ ok: true, v: 2 })') },
      config,
    );
    expect(notes).not.toContain('shapes');
    expect(verdict).toEqual({ checked: true, breaking: false });
  });
});
