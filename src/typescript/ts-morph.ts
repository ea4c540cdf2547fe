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
