import { dependencyClosure, declaredVersionsFrom, importsOf, sameClosure, specifiersIn, type DependencyClosure, type TreeFiles } from '../syntax/closure.js';
import { CODE_FILE, parseJsonc, resolveImport } from '../syntax/modules.js';
import { moduleLayoutOf } from './code-closure.js';
import type { Side, StageInput } from './contract.js';

/**
 * Differential soundness (issue 30): a construct a reader cannot evaluate can only produce a
 * difference between the refs if something it depends on changed. What it depends on is its
 * dependency closure (the file, every module it imports, the versions of the packages it names —
 * src/syntax/closure.ts) and, when it sits in a function its callers give values to, the closure
 * of every file that may call it: every file whose imports reach it. A caller that is itself
 * unchanged passes another value when a constant it imports changed, so the question is whether any
 * file that reaches the construct also reaches a changed file (the import graph of the ref, read
 * backwards from both). When all of that is identical at both refs the construct is "no change" (a
 * note says so); otherwise it stays unknown, and so does a construct whose inflow cannot be bounded
 * (a computed import among those files, too many files).
 */

export type UnchangedVerdict = { unchanged: true; files: number } | { unchanged: false; why: string };

export interface Differential {
  /**
   * Whether the construct in `path` reads the same bytes at both refs. `callersFlowIn`: it sits in a
   * function that takes values from its callers (src/syntax/inflow.ts). `escapes`: a value leaves the
   * construct (an env object returned, stored or handed on): whatever obtains it reads through it, so
   * no changed file may reach the construct's file or anything it imports (where the value may be kept).
   */
  unchanged(path: string, callersFlowIn: boolean, escapes?: boolean): Promise<UnchangedVerdict>;
  /** The dependency closure of `path` at one ref (cached per side and path). */
  closureOf(side: Side, path: string): Promise<DependencyClosure>;
  /**
   * Which of `candidates` import `target` at one ref: directly, or through a module that re-exports
   * from it (`export … from`), found from the text like the closure. What imports a module is what
   * can bind its exports by name (a decorator written `@Deprecated`).
   */
  importersOf(side: Side, target: string, candidates: readonly string[]): Promise<string[]>;
  /**
   * Whether what `path`'s functions take from their callers is what it took before: no file that
   * reaches `path` through imports (its callers, and `path` itself) depends on a changed file, at
   * either ref, and no computed import could lead to it.
   */
  callersUnchanged(path: string): Promise<UnchangedVerdict>;
  /**
   * Every file of one ref whose imports name `path` (static, dynamic or `require`, from the text),
   * and the files with an import whose name is computed (they may load it too); or why the set cannot
   * be bounded (the graph is not whole).
   */
  importersAt(side: Side, path: string): Promise<{ importers: string[]; computed: string[] } | { why: string }>;
  /** The version range the nearest package.json above `fromPath` declares for a package at one ref (undefined: none). */
  packageVersion(side: Side, fromPath: string, packageName: string): Promise<string | undefined>;
}

const REACH_LIMIT = 20_000;

/** The imports of every code file of one ref, read backwards: who imports each file. */
interface ImportGraph {
  importers: Map<string, string[]>;
  /** Files with an import whose target cannot be known (`require(name)`): they may import anything. */
  unknownEdges: Set<string>;
  /** Files each file imports packages from (a changed declared version changes what they read). */
  packagesOf: Map<string, string[]>;
  /** Why the graph is not whole (too many files, a file that cannot be read). */
  unbounded: string[];
}

export function differentialOf(input: StageInput): Differential {
  const trees: Record<Side, TreeFiles> = {
    base: { blobOf: (path) => input.trees.base.get(path), read: (path) => input.read('base', path) },
    head: { blobOf: (path) => input.trees.head.get(path), read: (path) => input.read('head', path) },
  };
  // The ref's tsconfig aliases and workspace packages, shared with the surfaces that read the same refs (src/stages/code-closure.ts).
  const layoutOf = (side: Side) => moduleLayoutOf(input, side);
  const readJson = (side: Side) => async (path: string) => {
    const text = await trees[side].read(path);
    return text === undefined ? undefined : parseJsonc(text);
  };
  const declaredVersions = { base: declaredVersionsFrom(trees.base, readJson('base')), head: declaredVersionsFrom(trees.head, readJson('head')) };
  const closure = async (side: Side, roots: readonly string[], limit?: number): Promise<DependencyClosure> =>
    dependencyClosure(roots, trees[side], await layoutOf(side), declaredVersions[side], limit);
  const single = new Map<string, Promise<DependencyClosure>>();
  const closureOf = (side: Side, path: string) => {
    const key = `${side}\0${path}`;
    let found = single.get(key);
    if (!found) single.set(key, (found = closure(side, [path])));
    return found;
  };

  const graphs = new Map<Side, Promise<ImportGraph>>();
  const graphOf = (side: Side) => {
    let found = graphs.get(side);
    if (!found) graphs.set(side, (found = importGraph(side)));
    return found;
  };
  const importGraph = async (side: Side): Promise<ImportGraph> => {
    const graph: ImportGraph = { importers: new Map(), unknownEdges: new Set(), packagesOf: new Map(), unbounded: [] };
    const code = [...input.trees[side].keys()].filter((path) => CODE_FILE.test(path));
    if (code.length > REACH_LIMIT) {
      graph.unbounded.push(`more than ${REACH_LIMIT} code files`);
      return graph;
    }
    const layout = await layoutOf(side);
    for (const path of code) {
      const imports = await importsOf(path, input.trees[side].get(path)!, trees[side], layout);
      if (imports === undefined) {
        graph.unbounded.push(`${path} cannot be read`);
        continue;
      }
      for (const target of imports.files) {
        const importers = graph.importers.get(target);
        if (importers) importers.push(path);
        else graph.importers.set(target, [path]);
      }
      // An import that resolves to no file of this ref cannot lead to one: only a computed name is an unknown edge.
      if (imports.unbounded.some((reason) => reason.endsWith('whose name is computed'))) graph.unknownEdges.add(path);
      if (imports.packages.length > 0) graph.packagesOf.set(path, imports.packages);
    }
    return graph;
  };
  /** `roots` and every file whose imports reach one of them, at one ref; never through `avoid` (left out). */
  const reachingFrom = (graph: ImportGraph, roots: Iterable<string>, avoid?: string): Set<string> => {
    const found = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const path = queue.pop()!;
      if (found.has(path) || path === avoid) continue;
      found.add(path);
      for (const importer of graph.importers.get(path) ?? []) if (!found.has(importer)) queue.push(importer);
    }
    return found;
  };
  // What changed, per side: the changed files and the files that import a package whose declared
  // version changed. A file whose closure holds one of them is tainted.
  const changedRoots = new Map<Side, Promise<string[]>>();
  const changedRootsAt = (side: Side) => {
    let found = changedRoots.get(side);
    if (!found) {
      found = (async () => {
        const graph = await graphOf(side);
        const roots = input.changes.map((change) => change.path).filter((path) => input.trees[side].has(path));
        if (input.changes.some((change) => /(?:^|\/)package\.json$/.test(change.path))) {
          for (const [path, packages] of graph.packagesOf) {
            for (const packageName of packages) {
              const [before, after] = await Promise.all([declaredVersions.base(path, packageName), declaredVersions.head(path, packageName)]);
              if (before !== after) {
                roots.push(path);
                break;
              }
            }
          }
        }
        return roots;
      })();
      changedRoots.set(side, found);
    }
    return found;
  };

  const REEXPORT = /\bexport\s+(?:\*|\*\s+as\s+\w+|(?:type\s+)?\{[^}]*\})\s+from\s*(['"])([^'"\n]+)\1/g;
  const importersOf = async (side: Side, target: string, candidates: readonly string[]): Promise<string[]> => {
    const layout = await layoutOf(side);
    const exists = (path: string) => input.trees[side].has(path);
    // Modules that expose the target: itself, then those re-exporting from one that does (bounded).
    const exposing = new Set([target]);
    const reexporters = new Map<string, Promise<string[]>>();
    const reexportsOf = (path: string) => {
      let found = reexporters.get(path);
      if (!found)
        reexporters.set(
          path,
          (found = trees[side]
            .read(path)
            .then((text) =>
              [...(text ?? '').matchAll(REEXPORT)]
                .map((match) => resolveImport(path, match[2]!, exists, layout))
                .filter((resolved): resolved is string => resolved !== undefined),
            )),
        );
      return found;
    };
    const importers: string[] = [];
    for (const candidate of candidates) {
      const text = await trees[side].read(candidate);
      if (text === undefined) continue;
      for (const specifier of specifiersIn(text).specifiers) {
        const resolved = resolveImport(candidate, specifier, exists, layout);
        if (resolved === undefined) continue;
        if (exposing.has(resolved) || (await reexportsOf(resolved)).some((inner) => exposing.has(inner))) {
          importers.push(candidate);
          break;
        }
      }
    }
    return importers;
  };

  const callersUnchanged = async (path: string): Promise<UnchangedVerdict> => {
    for (const side of ['base', 'head'] as const) {
      const graph = await graphOf(side);
      if (graph.unbounded.length > 0) return { unchanged: false, why: `its callers cannot be bounded (${graph.unbounded[0]})` };
      // A caller is tainted when it reaches a changed file other than through `path`: what `path`
      // itself depends on is the construct's own closure, judged by whoever asks (it is no caller).
      const changedReach = reachingFrom(graph, await changedRootsAt(side), path);
      const callers = reachingFrom(graph, [path]);
      callers.delete(path);
      for (const caller of [...callers].sort()) {
        if (changedReach.has(caller))
          return { unchanged: false, why: `it takes values from its callers, and ${caller} reaches ${path} and depends on a changed file` };
      }
      // A computed import may lead to this file or to a changed one.
      const unknown = [...graph.unknownEdges].sort().find((file) => callers.has(file) || changedReach.has(file));
      if (unknown !== undefined) return { unchanged: false, why: `its callers cannot be bounded (${unknown} imports a module whose name is computed)` };
    }
    return { unchanged: true, files: 0 };
  };

  const importersAt = async (side: Side, path: string): Promise<{ importers: string[]; computed: string[] } | { why: string }> => {
    const graph = await graphOf(side);
    if (graph.unbounded.length > 0) return { why: `the imports of the ${side} ref cannot be bounded (${graph.unbounded[0]})` };
    return { importers: [...(graph.importers.get(path) ?? [])].sort(), computed: [...graph.unknownEdges].sort() };
  };

  return {
    closureOf,
    importersOf,
    importersAt,
    packageVersion: (side, fromPath, packageName) => declaredVersionsFrom(trees[side], readJson(side))(fromPath, packageName),
    async unchanged(path, callersFlowIn, escapes = false) {
      const [baseBlob, headBlob] = [input.trees.base.get(path), input.trees.head.get(path)];
      if (baseBlob === undefined || baseBlob !== headBlob) return { unchanged: false, why: `${path} changed` };
      const [base, head] = await Promise.all([closureOf('base', path), closureOf('head', path)]);
      if (base.unbounded.length > 0 || head.unbounded.length > 0)
        return { unchanged: false, why: `what ${path} imports cannot be bounded (${[...base.unbounded, ...head.unbounded][0]})` };
      if (!sameClosure(base, head)) return { unchanged: false, why: `a module ${path} imports changed` };
      if (callersFlowIn) {
        const callers = await callersUnchanged(path);
        if (!callers.unchanged) return callers;
      }
      if (escapes) {
        // A value leaves the construct (a function returns process.env): a changed file that reaches
        // it, or anything it imports, may read new names from that value.
        for (const side of ['base', 'head'] as const) {
          const graph = await graphOf(side);
          if (graph.unbounded.length > 0) return { unchanged: false, why: `its users cannot be bounded (${graph.unbounded[0]})` };
          const users = reachingFrom(graph, (side === 'base' ? base : head).files.keys());
          const changed = (await changedRootsAt(side)).find((file) => users.has(file));
          if (changed !== undefined)
            return { unchanged: false, why: `a value leaves it, and ${changed}, which changed, reaches ${path} or a module it imports` };
          const computed = [...graph.unknownEdges].sort().find((file) => users.has(file));
          if (computed !== undefined) return { unchanged: false, why: `its users cannot be bounded (${computed} imports a module whose name is computed)` };
        }
      }
      return { unchanged: true, files: head.files.size };
    },
    callersUnchanged,
  };
}
