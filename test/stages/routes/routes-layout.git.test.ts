import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { restStage } from '../../../src/stages/rest/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Routers mounted through a tsconfig alias or a workspace package, in a monorepo shaped like
 * rallly's (apps/web: `"@/*": ["./src/*"]` in a tsconfig that extends the root's) and teable's
 * (`@teable/*` packages whose package.json names the entry): the mount is followed, so a release
 * that moves the mount moves the routes under it. Before, the alias resolved to nothing, the
 * unchanged router was never read, and the moved routes were "no change".
 */

const ROUTER = `import express from 'express';
export const usersRouter = express.Router();
usersRouter.get('/:userId', (req, res) => res.json({}));
usersRouter.delete('/:userId', (req, res) => res.sendStatus(204));
`;
const app = (specifier: string, prefix: string) => `import express from 'express';
import { usersRouter } from '${specifier}';
const app = express();
app.use('${prefix}', usersRouter);
export default app;
`;

describe('routes mounted through the module layout', () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());
  afterAll(() => closeGitStageInputs());

  async function moved(files: Record<string, string>, appPath: string, specifier: string, sources: string[]) {
    repo = createRepo();
    repo.commit({ ...files, [appPath]: app(specifier, '/api/users') }, { tag: '1.0.0' });
    repo.commit({ [appPath]: app(specifier, '/api/v2/users') }, { tag: '1.1.0' });
    const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { openapi: false, routes: { sources } });
    return restStage.run(input);
  }

  it('`@/routes/users` (tsconfig paths, inherited base config): the routes under a moved mount are removed at their old path', async () => {
    const files = {
      'tsconfig.base.json': '{ "compilerOptions": { "strict": true } }\n',
      'apps/api/tsconfig.json':
        '{\n  "extends": "../../tsconfig.base.json",\n  // as rallly writes it\n  "compilerOptions": { "paths": { "@/*": ["./src/*"], }, },\n}\n',
      'apps/api/src/routes/users.ts': ROUTER,
    };
    const result = await moved(files, 'apps/api/src/app.ts', '@/routes/users', ['apps/api/src/**/*.ts']);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^DELETE \/api\/users\/:userId — route no longer served \(code: apps\/api\/src\/routes\/users\.ts:4\)/)]),
    );
  });

  it('`@acme/users` (a workspace package, `main` naming its source): the same', async () => {
    const files = {
      'packages/users/package.json': JSON.stringify({ name: '@acme/users', version: '1.0.0', main: './src/index.ts' }),
      'packages/users/src/index.ts': "export * from './router';\n",
      'packages/users/src/router.ts': ROUTER,
    };
    const result = await moved(files, 'apps/api/src/app.ts', '@acme/users', ['apps/api/src/**/*.ts', 'packages/users/src/**/*.ts']);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^GET \/api\/users\/:userId — route no longer served \(code: packages\/users\/src\/router\.ts:3\)/)]),
    );
  });
});
