/**
 * The one way into ts-morph and the TypeScript compiler it carries. Every source module that needs
 * a value from them (Node, SyntaxKind, ts, Project) imports it from here, never from 'ts-morph'.
 *
 * Why: an ESM `import … from 'ts-morph'` makes Node scan the CommonJS exports of ts-morph and
 * TypeScript with cjs-module-lexer before running them, ~140 ms of CPU on top of the ~240 ms that
 * `require('ts-morph')` costs (bench/ratios.mjs). TypeScript compiles the `import = require()` below to
 * `createRequire(import.meta.url)('ts-morph')`, which skips that scan. The module is evaluated only
 * when a stage that reads TypeScript/JavaScript source is loaded (stages are imported lazily), so a
 * command that never reads such source never pays for it: `lint-migrations` on a `.sql` file and
 * `upgrade-check` do not load it (test/perf/laziness.test.ts checks `require.cache`).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { cacheDirectory } from '../span/index-cache.js';
import { preloadWithCodeCache } from './code-cache.js';

/**
 * ts-morph, its common part and the TypeScript compiler they carry, dependencies first: compiled
 * with a V8 code cache (code-cache.ts) before the `require` below finds them loaded. Nothing here
 * changes what runs; when the cache cannot be used, `require` loads them as usual.
 */
function preloadTsMorph(): void {
  try {
    const tsMorphFile = createRequire(import.meta.url).resolve('ts-morph');
    const commonFile = createRequire(tsMorphFile).resolve('@ts-morph/common');
    const typescriptFile = createRequire(commonFile).resolve('./typescript');
    preloadWithCodeCache([typescriptFile, commonFile, tsMorphFile], { cacheDir: cacheDirectory(process.env), toolVersion: toolVersion() });
  } catch {
    // Resolution failed: the require below reports it.
  }
}

/** This package's version (the code is two folders below the package root, built or not). */
function toolVersion(): string {
  try {
    return String((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown }).version);
  } catch {
    return 'unknown';
  }
}

preloadTsMorph();

// eslint-disable-next-line @typescript-eslint/no-require-imports
import tsMorph = require('ts-morph');

export import ts = tsMorph.ts;
export import Node = tsMorph.Node;
export import SyntaxKind = tsMorph.SyntaxKind;
export import Project = tsMorph.Project;
export import VariableDeclarationKind = tsMorph.VariableDeclarationKind;
export type { CallExpression, SourceFile, Statement } from 'ts-morph';

let sharedProject: Project | undefined;

/**
 * The one in-memory project every extractor parses into (parse only: no type checking, no lib files,
 * nothing read from disk). Callers add files under their own prefix and remove them when done, so
 * the project stays small however many files a run reads.
 */
export function parseOnlyProject(): Project {
  sharedProject ??= new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, noLib: true },
  });
  return sharedProject;
}
