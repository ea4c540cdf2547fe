import { describe, expect, it } from 'vitest';
import { closureKey, dependencyClosure, sameClosure, specifiersIn } from './closure.js';
import { loadModuleLayout } from './modules.js';

/** A ref as path → text; the blob id is the text itself (identical bytes, identical id). */
function ref(files: Record<string, string>) {
  return { blobOf: (path: string) => (Object.hasOwn(files, path) ? `blob:${files[path]}` : undefined), read: async (path: string) => files[path] };
}

describe('specifiersIn', () => {
  it('finds every literal specifier and notices a computed one', () => {
    expect(specifiersIn("import a from './a';\nexport * from \"../b\";\nconst c = require('c');\nawait import('./d');\nimport './e';").specifiers).toEqual([
      './a',
      '../b',
      'c',
      './d',
      './e',
    ]);
    expect(specifiersIn('const m = require(name);').computed).toBe(true);
    expect(specifiersIn("const m = require('x');").computed).toBe(false);
  });
});

describe('dependencyClosure', () => {
  const base = {
    'apps/api/tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }),
    'apps/api/src/env.ts': "import { DEFAULTS } from '@/defaults';\nimport { z } from 'zod';\nexport const env = process.env;\n",
    'apps/api/src/defaults.ts': "import { shared } from '@acme/shared';\nexport const DEFAULTS = { port: shared };\n",
    'packages/shared/package.json': JSON.stringify({ name: '@acme/shared', main: 'dist/index.js' }),
    'packages/shared/src/index.ts': 'export const shared = 1;\n',
    'apps/api/src/unrelated.ts': 'export const x = 1;\n',
  };

  it('a data leaf counts by its blob id and is never read (typebot v3.14.1 imports an .mp4 whose object the clone lacks)', async () => {
    // Reading a leaf only to look for imports it cannot have failed the whole env stage on a blob
    // a partial or mirrored clone does not hold (a 2 MB video): the release came out `unknown`.
    const files = {
      'apps/landing-page/src/features/homepage/RealTimeResults.tsx':
        "import video from './assets/real-time-result.mp4';\nexport const RealTimeResults = () => video;\n",
      'apps/landing-page/src/features/homepage/assets/real-time-result.mp4': 'binary',
    };
    const tree = {
      blobOf: (path: string) => (Object.hasOwn(files, path) ? `blob:${path}` : undefined),
      read: async (path: string) => {
        if (path.endsWith('.mp4')) throw new Error('git object f79ac99 is missing');
        return files[path as keyof typeof files];
      },
    };
    const closure = await dependencyClosure(['apps/landing-page/src/features/homepage/RealTimeResults.tsx'], tree);
    expect(closure.files.get('apps/landing-page/src/features/homepage/assets/real-time-result.mp4')).toBe(
      'blob:apps/landing-page/src/features/homepage/assets/real-time-result.mp4',
    );
    expect(closure.unbounded).toEqual([]);
  });

  it('follows aliases and workspace packages, and names packages outside the repository', async () => {
    const tree = ref(base);
    const closure = await dependencyClosure(['apps/api/src/env.ts'], tree, await loadModuleLayout(Object.keys(base), tree.read));
    expect([...closure.files.keys()].sort()).toEqual(['apps/api/src/defaults.ts', 'apps/api/src/env.ts', 'packages/shared/src/index.ts']);
    expect([...closure.packages.keys()]).toEqual(['zod']);
    expect(closure.unbounded).toEqual([]);
  });

  it('is the same when only files outside it changed, and differs when an imported one did', async () => {
    const at = async (files: Record<string, string>) => {
      const tree = ref(files);
      return dependencyClosure(['apps/api/src/env.ts'], tree, await loadModuleLayout(Object.keys(files), tree.read));
    };
    const before = await at(base);
    const unrelated = await at({ ...base, 'apps/api/src/unrelated.ts': 'export const x = 2;\n' });
    const deep = await at({ ...base, 'packages/shared/src/index.ts': 'export const shared = 2;\n' });
    expect(sameClosure(before, unrelated)).toBe(true);
    expect(closureKey(before)).toBe(closureKey(unrelated));
    expect(sameClosure(before, deep)).toBe(false);
  });

  it('is unbounded (never the same) when an import is computed or missing', async () => {
    const files = { 'a.ts': "const m = require(process.env.MODULE);\nimport './gone';\n" };
    const closure = await dependencyClosure(['a.ts'], ref(files));
    expect(closure.unbounded).toEqual([
      'a.ts imports a module whose name is computed',
      'import `./gone` from a.ts was not found in the repository at this ref',
    ]);
    expect(sameClosure(closure, closure)).toBe(false);
  });

  it('records the declared version of a package, so a dependency upgrade changes the closure', async () => {
    const files = { 'package.json': JSON.stringify({ dependencies: { dotenv: '^16.0.0' } }), 'src/a.ts': "import 'dotenv/config';\n" };
    const tree = ref(files);
    const readJson = async (path: string) => JSON.parse((await tree.read(path))!) as Record<string, unknown>;
    const { declaredVersionsFrom } = await import('./closure.js');
    const closure = await dependencyClosure(['src/a.ts'], tree, undefined, declaredVersionsFrom(tree, readJson));
    expect([...closure.packages]).toEqual([['dotenv', '^16.0.0']]);
  });
});
