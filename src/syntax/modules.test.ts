import { describe, expect, it } from 'vitest';
import { importCandidates, loadModuleLayout, parseJsonc, resolveImport, resolveImportDetailed, type ModuleLayout } from './modules.js';

/** An in-memory ref: path → text. */
function tree(files: Record<string, string>) {
  const exists = (path: string) => Object.hasOwn(files, path);
  const read = async (path: string) => files[path];
  return { exists, read, layout: () => loadModuleLayout(Object.keys(files), read) };
}

describe('relative imports', () => {
  const repo = tree({
    'src/a.ts': '',
    'src/users/index.ts': '',
    'src/legacy.js': '',
    'src/esm.mts': '',
    'src/cjs.cts': '',
    'src/view.tsx': '',
    'src/types.d.ts': '',
    'src/data.json': '{}',
  });
  it.each([
    ['./a', 'src/a.ts'],
    ['./a.js', 'src/a.ts'],
    ['./users', 'src/users/index.ts'],
    ['./legacy', 'src/legacy.js'],
    ['./esm.mjs', 'src/esm.mts'],
    ['./cjs.cjs', 'src/cjs.cts'],
    ['./view', 'src/view.tsx'],
    ['./types', 'src/types.d.ts'],
    ['../src/a', 'src/a.ts'],
  ])('%s from src/main.ts → %s', (specifier, expected) => {
    expect(resolveImport('src/main.ts', specifier, repo.exists)).toBe(expected);
  });

  it('does not leave the repository, and says why', () => {
    expect(resolveImportDetailed('src/main.ts', '../../x', repo.exists)).toEqual({ kind: 'missing', reason: 'import `../../x` leaves the repository' });
    expect(importCandidates('src/main.ts', '../../x')).toEqual([]);
  });

  it('tells a missing file from an npm package', () => {
    expect(resolveImportDetailed('src/main.ts', './gone', repo.exists).kind).toBe('missing');
    expect(resolveImportDetailed('src/main.ts', '@nestjs/common/decorators', repo.exists)).toEqual({ kind: 'external', packageName: '@nestjs/common' });
    expect(resolveImportDetailed('src/main.ts', 'node:path', repo.exists)).toEqual({ kind: 'external', packageName: 'node:path' });
  });

  it('lists the candidates in TypeScript order, the file as written first', () => {
    expect(importCandidates('src/main.ts', './a.js').slice(0, 3)).toEqual(['src/a.js', 'src/a.ts', 'src/a.tsx']);
  });
});

describe('tsconfig aliases', () => {
  it('`@/*` of a Next.js app (rallly apps/web, typebot apps/builder), scoped to its folder', async () => {
    const repo = tree({
      'apps/web/tsconfig.json':
        '{\n  // comments and trailing commas, as tsconfig allows\n  "extends": "@rallly/tsconfig/next.json",\n  "compilerOptions": { "paths": { "@/*": ["./src/*"], }, },\n}\n',
      'apps/web/src/env.ts': '',
      'apps/web/src/lib/auth/index.ts': '',
      'apps/other/src/env.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('apps/web/src/app/page.tsx', '@/env', repo.exists, layout)).toBe('apps/web/src/env.ts');
    expect(resolveImport('apps/web/src/app/page.tsx', '@/lib/auth', repo.exists, layout)).toBe('apps/web/src/lib/auth/index.ts');
    // Another app of the monorepo has no such alias.
    expect(resolveImport('apps/other/src/main.ts', '@/env', repo.exists, layout)).toBeUndefined();
  });

  it('`@docmost/db/*` with `baseUrl: "./"` (docmost apps/server), and a bare name under baseUrl', async () => {
    const repo = tree({
      'apps/server/tsconfig.json': JSON.stringify({
        compilerOptions: { baseUrl: './', paths: { '@docmost/db/*': ['./src/database/*'], '@docmost/ee/*': ['./src/ee/*'] } },
      }),
      'apps/server/src/database/repos/user.repo.ts': '',
      'apps/server/src/ee/licence.ts': '',
      'apps/server/src/common/helpers/index.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('apps/server/src/core/user.service.ts', '@docmost/db/repos/user.repo', repo.exists, layout)).toBe(
      'apps/server/src/database/repos/user.repo.ts',
    );
    expect(resolveImport('apps/server/src/main.ts', '@docmost/ee/licence', repo.exists, layout)).toBe('apps/server/src/ee/licence.ts');
    expect(resolveImport('apps/server/src/main.ts', 'src/common/helpers', repo.exists, layout)).toBe('apps/server/src/common/helpers/index.ts');
  });

  it('exact `paths` to a sibling package, inherited through `extends` (teable apps/nestjs-backend)', async () => {
    const repo = tree({
      'tsconfig.base.json': '{ "compilerOptions": { "strict": true } }',
      'apps/nestjs-backend/tsconfig.json':
        '{ "extends": "../../tsconfig.base.json", "compilerOptions": { "paths": { "@teable/core": ["../../packages/core/src"], }, }, }',
      'apps/nestjs-backend/tsconfig.build.json': '{ "extends": "./tsconfig.json" }',
      'packages/core/src/index.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('apps/nestjs-backend/src/app.module.ts', '@teable/core', repo.exists, layout)).toBe('packages/core/src/index.ts');
  });

  it('`@server/*` inherited from a base config that declares it (outline)', async () => {
    const repo = tree({
      // As outline writes it: no baseUrl (paths relative to the config), and an alias into node_modules.
      'tsconfig.json':
        '{ "compilerOptions": { "paths": { "@server/*": ["./server/*"], "@shared/*": ["./shared/*"],\n // types only\n "vite": ["./node_modules/vite/dist/node/index.d.ts"] } } }',
      'server/tsconfig.json': JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { outDir: '../build' } }),
      'server/env.ts': '',
      'shared/utils/urls.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('server/routes/api/index.ts', '@server/env', repo.exists, layout)).toBe('server/env.ts');
    expect(resolveImport('server/routes/api/index.ts', '@shared/utils/urls', repo.exists, layout)).toBe('shared/utils/urls.ts');
    expect(resolveImportDetailed('server/routes/api/index.ts', 'vite', repo.exists, layout)).toEqual({ kind: 'external', packageName: 'vite' });
  });
});

describe('workspace packages', () => {
  it('`exports: { ".": "./src/client.ts" }` (rallly packages/database)', async () => {
    const repo = tree({
      'packages/database/package.json': JSON.stringify({ name: '@rallly/database', exports: { '.': './src/client.ts' } }),
      'packages/database/src/client.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('apps/web/src/app.ts', '@rallly/database', repo.exists, layout)).toBe('packages/database/src/client.ts');
  });

  it('`exports: { "./*": { types: "./src/*.ts" } }` subpaths (typebot packages/ai)', async () => {
    const repo = tree({
      'packages/ai/package.json': JSON.stringify({
        name: '@typebot.io/ai',
        exports: { './*': { types: './src/*.ts', import: './src/*.ts' }, './package.json': './package.json' },
      }),
      'packages/ai/src/schemas/models.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('apps/builder/src/x.ts', '@typebot.io/ai/schemas/models', repo.exists, layout)).toBe('packages/ai/src/schemas/models.ts');
  });

  it('`main: "dist/index.js"` is found as its source under src/ (teable packages/core)', async () => {
    const repo = tree({
      'packages/core/package.json': JSON.stringify({ name: '@teable/core', main: 'dist/index.js' }),
      'packages/core/src/index.ts': '',
      'packages/core/src/models/field/index.ts': '',
    });
    const layout = await repo.layout();
    expect(resolveImport('apps/x/src/a.ts', '@teable/core', repo.exists, layout)).toBe('packages/core/src/index.ts');
    expect(resolveImport('apps/x/src/a.ts', '@teable/core/models/field', repo.exists, layout)).toBe('packages/core/src/models/field/index.ts');
  });

  it("a package under node_modules is not the repository's", async () => {
    const repo = tree({ 'node_modules/zod/package.json': JSON.stringify({ name: 'zod', main: 'index.js' }), 'node_modules/zod/index.js': '' });
    const layout: ModuleLayout = await repo.layout();
    expect(layout.packages.size).toBe(0);
    expect(resolveImportDetailed('src/a.ts', 'zod', repo.exists, layout)).toEqual({ kind: 'external', packageName: 'zod' });
  });
});

describe('shapes of formbricks 5.3.4 (apps/web, packages/database, packages/cache)', () => {
  // Copied in shape from formbricks@5.3.4: apps/web/tsconfig.json, packages/{database,cache}/package.json.
  const repo = tree({
    'apps/web/tsconfig.json': JSON.stringify({
      compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] } },
      extends: '@formbricks/config-typescript/nextjs.json',
    }),
    'apps/web/lib/constants.ts': '',
    'apps/web/modules/auth/lib/utils.ts': '',
    'packages/database/package.json': JSON.stringify({
      name: '@formbricks/database',
      main: './dist/index.cjs',
      types: './dist/index.d.ts',
      exports: {
        '.': { types: './dist/index.d.ts', import: './dist/index.js', require: './dist/index.cjs' },
        './types/*': { types: './types/*.ts', import: './types/*.ts' },
        './prisma': { types: './dist/src/prisma.d.ts', import: './dist/src/prisma.js', require: './dist/src/prisma.cjs' },
        './zod/*': { types: './zod/*.ts', import: './zod/*.ts' },
      },
    }),
    'packages/database/src/index.ts': '',
    'packages/database/src/prisma.ts': '',
    'packages/database/types/error.ts': '',
    'packages/database/zod/surveys.ts': '',
    'packages/cache/package.json': JSON.stringify({
      name: '@formbricks/cache',
      main: './dist/index.js',
      types: './dist/src/index.d.ts',
      exports: { types: './dist/src/index.d.ts', import: './dist/index.js', require: './dist/index.cjs' },
    }),
    'packages/cache/src/index.ts': '',
  });

  it('`@/*` → `./*` under `baseUrl: "."`, with `extends` naming a package (not followed, not needed)', async () => {
    const layout = await repo.layout();
    expect(resolveImport('apps/web/app/page.tsx', '@/lib/constants', repo.exists, layout)).toBe('apps/web/lib/constants.ts');
    expect(resolveImport('apps/web/app/page.tsx', '@/modules/auth/lib/utils', repo.exists, layout)).toBe('apps/web/modules/auth/lib/utils.ts');
    // baseUrl makes a bare path under the app resolve too.
    expect(resolveImport('apps/web/app/page.tsx', 'lib/constants', repo.exists, layout)).toBe('apps/web/lib/constants.ts');
  });

  it('conditional `exports` subpaths: `./types/*` to source files, `./prisma` and `.` to built files found as their sources', async () => {
    const layout = await repo.layout();
    expect(resolveImport('apps/web/lib/x.ts', '@formbricks/database/types/error', repo.exists, layout)).toBe('packages/database/types/error.ts');
    expect(resolveImport('apps/web/lib/x.ts', '@formbricks/database/zod/surveys', repo.exists, layout)).toBe('packages/database/zod/surveys.ts');
    expect(resolveImport('apps/web/lib/x.ts', '@formbricks/database/prisma', repo.exists, layout)).toBe('packages/database/src/prisma.ts');
    expect(resolveImport('apps/web/lib/x.ts', '@formbricks/database', repo.exists, layout)).toBe('packages/database/src/index.ts');
  });

  it('`exports` of conditions only (no subpath keys) is the package root', async () => {
    const layout = await repo.layout();
    expect(resolveImport('apps/web/lib/x.ts', '@formbricks/cache', repo.exists, layout)).toBe('packages/cache/src/index.ts');
  });
});

describe('parseJsonc', () => {
  it('reads comments and trailing commas, keeps `//` inside strings', () => {
    expect(parseJsonc('{ /* a */ "url": "http://x", // b\n "list": [1, 2,], }')).toEqual({ url: 'http://x', list: [1, 2] });
    expect(parseJsonc('{ nope')).toBeUndefined();
  });
});
