import { dependencyClosure, declaredVersionsFrom, sameClosure, specifiersIn, type DependencyClosure, type TreeFiles } from '../syntax/closure.js';
import { CODE_FILE, loadModuleLayout, parseJsonc, resolveImport, type ModuleLayout } from '../syntax/modules.js';
import type { Side, StageInput } from './contract.js';

/**
 * Differential soundness (issue 30): a construct a reader cannot evaluate can only produce a
 * difference between the refs if something it depends on changed. What it depends on is its
 * dependency closure (the file, every module it imports, the versions of the packages it names —
 * src/syntax/closure.ts) and, when it sits in a function its callers give values to, every file
 * that may call it: any changed file whose own closure reaches it. When all of that is identical
 * at both refs the construct is "no change" (a note says so); otherwise it stays unknown, and so
 * does a construct whose inflow cannot be bounded (a computed import, too many files).
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
}

const REACH_LIMIT = 20_000;

export function differentialOf(input: StageInput): Differential {
  const trees: Record<Side, TreeFiles> = {
    base: { blobOf: (path) => input.trees.base.get(path), read: (path) => input.read('base', path) },
    head: { blobOf: (path) => input.trees.head.get(path), read: (path) => input.read('head', path) },
  };
  const layouts = new Map<Side, Promise<ModuleLayout>>();
  const layoutOf = (side: Side) => {
    let layout = layouts.get(side);
    if (!layout) layouts.set(side, (layout = loadModuleLayout(input.trees[side].keys(), trees[side].read)));
    return layout;
  };
  const readJson = (side: Side) => async (path: string) => {
    const text = await trees[side].read(path);
    return text === undefined ? undefined : parseJsonc(text);
  };
  const closure = async (side: Side, roots: readonly string[], limit?: number): Promise<DependencyClosure> =>
    dependencyClosure(roots, trees[side], await layoutOf(side), declaredVersionsFrom(trees[side], readJson(side)), limit);
  const single = new Map<string, Promise<DependencyClosure>>();
  const closureOf = (side: Side, path: string) => {
    const key = `${side}\0${path}`;
    let found = single.get(key);
    if (!found) single.set(key, (found = closure(side, [path])));
    return found;
  };
  // What the changed code files reach, per side: a file in it may be called with new values.
  const reached = new Map<Side, Promise<DependencyClosure>>();
  const reachedBy = (side: Side) => {
    let found = reached.get(side);
    if (!found) {
      const changed = input.changes.map((change) => change.path).filter((path) => CODE_FILE.test(path) && input.trees[side].has(path));
      reached.set(side, (found = closure(side, changed, REACH_LIMIT)));
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

  return {
    closureOf,
    importersOf,
    async unchanged(path, callersFlowIn, escapes = false) {
      const [baseBlob, headBlob] = [input.trees.base.get(path), input.trees.head.get(path)];
      if (baseBlob === undefined || baseBlob !== headBlob) return { unchanged: false, why: `${path} changed` };
      const [base, head] = await Promise.all([closureOf('base', path), closureOf('head', path)]);
      if (base.unbounded.length > 0 || head.unbounded.length > 0)
        return { unchanged: false, why: `what ${path} imports cannot be bounded (${[...base.unbounded, ...head.unbounded][0]})` };
      if (!sameClosure(base, head)) return { unchanged: false, why: `a module ${path} imports changed` };
      if (callersFlowIn || escapes) {
        for (const side of ['base', 'head'] as const) {
          const changedReach = await reachedBy(side);
          if (changedReach.unbounded.length > 0) return { unchanged: false, why: `its callers cannot be bounded (${changedReach.unbounded[0]})` };
          if (changedReach.files.has(path)) return { unchanged: false, why: `it takes values from its callers, and a changed file reaches ${path}` };
          if (escapes) {
            const kept = [...(side === 'base' ? base : head).files.keys()].find((file) => changedReach.files.has(file));
            if (kept !== undefined) return { unchanged: false, why: `a value leaves it, and a changed file reaches ${kept}, which it imports` };
          }
        }
      }
      return { unchanged: true, files: head.files.size };
    },
  };
}
