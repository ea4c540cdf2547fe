import { createHash } from 'node:crypto';
import { ConstantEvaluator, type ConstantModule } from '../../../syntax/constants.js';
import { isRelativeSpecifier, packageNameOf, resolveDataFile, resolveImport, type ModuleLayout } from '../../../syntax/modules.js';
import { parseSource, walk, type t } from '../../../syntax/parse.js';
import type { Differential } from '../../differential.js';
import type { Side } from '../../contract.js';
import { traceValue } from './trace-value.js';
import type { DeferredRoute, ExpressionDeps, FileRoutes, RegisteredRoute } from './types.js';

/**
 * Route registrations whose path the file alone does not give (types.ts `deferred`), read further
 * at one ref before they make the routes surface unknown:
 *
 * 1. the path's value from the constants of other modules (`PATHS.users` from `./paths`, `config.id`
 *    from `../plugin.json`, `lightdashConfig.auth.okta.loginPath` through `parseConfig()`'s one
 *    `return { … }`): the route is then compared by its value, like a literal;
 * 2. otherwise the per-route differential (issue 30): when everything the path expression depends
 *    on — the imports it names (each module with its whole dependency closure), the same-file
 *    declarations it uses (as written), and, when a value flows in from callers, the file and every
 *    file that may call it — is identical at both refs, the path is the same at both refs though
 *    unknown. It is registered as an opaque route keyed by what it depends on, so a mount that moved
 *    still moves it (and then it is unknown, see the surface); only what is left counts as unreadable.
 */

export interface SideFiles {
  side: Side;
  has(path: string): boolean;
  read(path: string): Promise<string | undefined>;
  layout(): Promise<ModuleLayout>;
}

export interface Settled {
  routes: RegisteredRoute[];
  /** Reasons (as in `unreadable`) settled: not counted. */
  reasons: Set<string>;
  /** Reason → why what the path depends on is not the same at both refs. */
  why: Map<string, string>;
}

export async function settleDeferred(
  files: SideFiles,
  differential: Differential,
  path: string,
  text: string,
  extraction: FileRoutes,
  isChanged: (path: string) => boolean,
): Promise<Settled> {
  const settled: Settled = { routes: [], reasons: new Set(), why: new Map() };
  const deferred = extraction.deferred ?? [];
  if (deferred.length === 0) return settled;
  const values = await constantValues(files, path, text, deferred);
  for (const [index, entry] of deferred.entries()) {
    const base = {
      method: entry.method,
      line: entry.line,
      router: entry.router,
      framework: entry.framework,
      ...(entry.condition === undefined ? {} : { condition: entry.condition }),
    };
    const value = values[index];
    if (value !== undefined) {
      for (const routePath of value) settled.routes.push({ ...base, path: routePath });
      settled.reasons.add(entry.reason);
      continue;
    }
    const stable = await dependenciesUnchanged(files, differential, path, entry.deps, isChanged);
    if (stable.unchanged) {
      settled.routes.push({ ...base, path: `/\u27e8${stable.token}\u27e9`, opaque: entry.deps.text });
      settled.reasons.add(entry.reason);
      continue;
    }
    // A value from callers: read through them, by the property path it is read with (trace-value.ts).
    const traced =
      entry.deps.inflow.length > 0
        ? await traceValue(
            files,
            differential,
            (from, deps) => dependenciesUnchanged(files, differential, from, deps, isChanged),
            path,
            text,
            entry.start,
            entry.end,
          )
        : undefined;
    if (traced !== undefined && 'token' in traced) {
      settled.routes.push({ ...base, path: `/\u27e8${traced.token}\u27e9`, opaque: entry.deps.text });
      settled.reasons.add(entry.reason);
    } else settled.why.set(entry.reason, traced === undefined ? stable.why : `${stable.why}; read through its callers: ${traced.why}`);
  }
  return settled;
}

/** A setting's (or any expression's) dependencies: the same token at both refs and unchanged means the same value. */
export async function dependenciesUnchanged(
  files: SideFiles,
  differential: Differential,
  path: string,
  deps: ExpressionDeps,
  isChanged: (path: string) => boolean,
): Promise<{ unchanged: true; token: string } | { unchanged: false; why: string }> {
  const layout = await files.layout();
  const resolved: string[] = [];
  for (const { specifier, exportName } of deps.imports) {
    const target = resolveImport(path, specifier, files.has, layout) ?? resolveDataFile(path, specifier, files.has, layout);
    if (target === undefined) {
      // A package outside the repository (`VersioningType` of `@nestjs/common`): the same when the
      // version range declared for it is the same at both refs.
      const name = isRelativeSpecifier(specifier) ? undefined : packageNameOf(specifier);
      const [before, after] =
        name === undefined ? [] : await Promise.all([differential.packageVersion('base', path, name), differential.packageVersion('head', path, name)]);
      const line = before === undefined ? undefined : releaseLine(before);
      if (name === undefined || line === undefined || after === undefined || line !== releaseLine(after))
        return {
          unchanged: false,
          why: `\`${specifier}\` is ${name === undefined ? 'not a file of the repository' : 'a package whose declared major version differs between the refs (or is not declared)'}`,
        };
      resolved.push(`${name}@${line}#${exportName}`);
      continue;
    }
    if (isChanged(target)) return { unchanged: false, why: `${target} changed` };
    const verdict = await differential.unchanged(target, false);
    if (!verdict.unchanged) return { unchanged: false, why: verdict.why };
    resolved.push(`${target}#${exportName}`);
  }
  if (deps.inflow.length > 0) {
    // `this`, a parameter, a `let`: the value comes from callers or assignments anywhere in the file.
    if (isChanged(path))
      return {
        unchanged: false,
        why: `${deps.inflow.map((name) => `\`${name}\``).join(', ')} take their value at run time from code in ${path}, which changed`,
      };
    // From callers only (parameters, `this`): no changed file may call into the file. Assigned in
    // the file's code: everything the file imports must be identical too.
    const verdict = deps.assigned ? await differential.unchanged(path, true) : await differential.callersUnchanged(path);
    if (!verdict.unchanged) return { unchanged: false, why: verdict.why };
    if (isChanged(path)) return { unchanged: false, why: `${path} changed` };
  }
  const token = createHash('sha256')
    .update(JSON.stringify([deps.text, resolved, deps.locals, deps.inflow, deps.inflow.length > 0 ? path : '']))
    .digest('hex')
    .slice(0, 16);
  return { unchanged: true, token };
}

/**
 * The path strings of each deferred registration from the constants of the ref (undefined where it
 * is no constant). The evaluator is synchronous: the modules it asks for are read, then it runs again.
 */
async function constantValues(files: SideFiles, path: string, text: string, deferred: readonly DeferredRoute[]): Promise<(string[] | undefined)[]> {
  const layout = await files.layout();
  const texts = new Map<string, string>([[path, text]]);
  const parsed = new Map<string, ConstantModule | undefined>();
  let results: (string[] | undefined)[] = [];
  for (let round = 0; round < 10; round += 1) {
    const missing = new Set<string>();
    const evaluator = new ConstantEvaluator({
      load: (wanted) => {
        if (parsed.has(wanted)) return parsed.get(wanted);
        const source = texts.get(wanted);
        if (source === undefined) {
          if (files.has(wanted)) missing.add(wanted);
          return undefined;
        }
        const module = parseModule(wanted, source);
        parsed.set(wanted, module);
        return module;
      },
      resolve: (from, specifier) => resolveImport(from, specifier, files.has, layout) ?? resolveDataFile(from, specifier, files.has, layout),
    });
    const own = evaluator.evaluate.bind(evaluator);
    const root = parsed.get(path) ?? parseModule(path, text);
    parsed.set(path, root);
    if (!root) return deferred.map(() => undefined);
    results = deferred.map((entry) => {
      const node = nodeAt(root.ast, entry.start, entry.end);
      const value = node === undefined ? undefined : own(path, node);
      if (typeof value === 'string') return [value];
      if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value as string[];
      return undefined;
    });
    if (missing.size === 0 || results.every((value) => value !== undefined)) break;
    for (const wanted of missing) {
      const read = await files.read(wanted);
      if (read !== undefined) texts.set(wanted, read);
      else parsed.set(wanted, undefined);
    }
  }
  return results;
}

/** A module as the evaluator loads it; a JSON file as a module whose default export is its value. */
function parseModule(path: string, text: string): ConstantModule | undefined {
  const json = /\.json$/i.test(path);
  const parsed = json ? parseSource(`${path}.ts`, `export default (${text}\n);\n`) : parseSource(path, text);
  return parsed.ok ? { path, ast: parsed.ast } : undefined;
}

function nodeAt(ast: t.File, start: number, end: number): t.Node | undefined {
  let found: t.Node | undefined;
  walk(ast.program, (node) => {
    if (found) return false;
    if ((node.start ?? -1) > start || (node.end ?? -1) < end) return false;
    if (node.start === start && node.end === end) found = node;
    return undefined;
  });
  return found;
}

/**
 * The release line a declared version range stays on: its major (`^11.1.17`, `11.1.19` → `11`), or
 * major.minor below 1.0. Under semantic versioning what a package exports (`VersioningType.URI`)
 * does not change within it; a range that names no version (`workspace:*`, a URL) only equals itself.
 */
function releaseLine(range: string): string {
  const match = /^[\^~>=v\s]*(\d+)\.(\d+)/.exec(range);
  if (!match) return range;
  return match[1] === '0' ? `0.${match[2]}` : match[1]!;
}
