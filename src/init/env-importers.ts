import { specifiersIn } from '../syntax/closure.js';
import { EMPTY_LAYOUT, resolveImport, type ModuleLayout } from '../syntax/modules.js';

/**
 * Source files that read the environment through another module (issue #30, history-proof
 * discovery). Services keep their settings in an env module: outline's `server/env.ts` and
 * `server/utils/environment.ts` (a Proxy over `process.env`) are imported by `plugins/<name>/server/env.ts`,
 * whose class fields read `environment.SLACK_CLIENT_ID`. The env stage reads only the files its globs
 * select, so a folder of such importers left out of `env.sources` hides a variable it stops reading:
 * a possible wrong `true`. `init` therefore roots env sources at the importers too.
 *
 * An env module is a file that reads the environment itself (the readers `init` found: `process.env`,
 * `import.meta.env`, a detected helper's definition, a ConfigService) or, transitively, a barrel that
 * re-exports one (`export * from './environment'`, `export { default as env } from '@shared/env'`):
 * the stage follows re-exports, so the barrel's importers can name variables too. An importer that is
 * not a barrel is not followed further: what its importers read is its own values (outline's
 * `env.SLACK_CLIENT_ID` is a field of the Environment instance), whose env reads are in the importer.
 * Imports are found by the toolkit's text scan (`specifiersIn`, over-inclusive by design) and resolved
 * as TypeScript would (`resolveImport`: relative paths, tsconfig aliases such as `@server/env`,
 * workspace packages). Over-inclusion costs the stage some reading; a missed importer costs soundness.
 */
export interface EnvImporter {
  /** The env module it imports (a reader, or an importer found earlier). */
  imports: string;
}

/** `export * from 'x'`, `export * as y from 'x'`, `export { a, default as b } from 'x'` (types too: over-inclusive). */
const REEXPORT_FROM = /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"\n]+)['"]/g;

/**
 * The `candidates` (the service's non-test sources) that import an env module, each with one env
 * module it imports; readers themselves are not listed. Breadth first from the readers, so each
 * importer names the module nearest to a reader.
 */
export function envImporters(
  readers: readonly string[],
  candidates: readonly string[],
  read: (file: string) => string | undefined,
  files: ReadonlySet<string>,
  layout: ModuleLayout = EMPTY_LAYOUT,
): Map<string, EnvImporter> {
  // Reverse import graph over the candidates: module → the candidates that import it.
  const importersOf = new Map<string, string[]>();
  /** Barrel → the modules it re-exports. */
  const reexports = new Map<string, Set<string>>();
  const exists = (path: string) => files.has(path);
  for (const file of candidates) {
    const text = read(file);
    if (text === undefined) continue;
    for (const specifier of specifiersIn(text).specifiers) {
      const target = resolveImport(file, specifier, exists, layout);
      if (target === undefined || target === file) continue;
      const list = importersOf.get(target);
      if (list) list.push(file);
      else importersOf.set(target, [file]);
    }
    for (const match of text.matchAll(REEXPORT_FROM)) {
      const target = resolveImport(file, match[1]!, exists, layout);
      if (target !== undefined) reexports.set(file, (reexports.get(file) ?? new Set()).add(target));
    }
  }
  const envModules = new Set(readers);
  const found = new Map<string, EnvImporter>();
  const queue = [...readers].sort();
  for (let index = 0; index < queue.length; index++) {
    const module = queue[index]!;
    for (const importer of (importersOf.get(module) ?? []).sort()) {
      if (envModules.has(importer)) continue;
      envModules.add(importer);
      found.set(importer, { imports: module });
      // A barrel re-exporting the env module is one too: its importers are followed.
      if (reexports.get(importer)?.has(module)) queue.push(importer);
    }
  }
  return found;
}
