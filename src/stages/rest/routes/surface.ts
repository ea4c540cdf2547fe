import picomatch from 'picomatch';
import type { RoutesSurfaceConfig } from '../../../config/types.js';
import type { Finding } from '../../../rules/types.js';
import type { Side, StageInput } from '../../contract.js';
import type { SurfaceOutcome } from '../compose.js';
import type { ServedRoute } from './resolve.js';
import { routeChanges, runRestRule } from '../rule.js';
import { restRules } from '../rules/index.js';
import type { RoutesDiff } from './rule.js';
import type { FileRoutes, GlobalSetting } from './types.js';
import type { SideFiles } from './settle.js';
import { NOT_SERVER_SOURCES, selectByGlobs } from '../../source-globs.js';
import { differentialOf, type Differential } from '../../differential.js';
import { moduleLayoutOf } from '../../code-closure.js';
import { cachedRouteExtraction } from './extraction-cache.js';
import { isRelativeSpecifier, type ModuleLayout } from '../../../syntax/modules.js';
import { SHAPE_DECLARATION } from './shape-markers.js';

/**
 * The routes surface (config `routes`): the routes the code serves, read statically from the files
 * a release changed (a route can only disappear from a changed file; files that import a changed
 * one are read too, for the mounts that give its routes their prefix). Nothing is parsed, and
 * the parser is not even loaded, when no route source changed.
 */

export interface RoutesSurfaceResult {
  outcome: SurfaceOutcome;
  /** Routes served at the head ref by the files that were read (for the spec's blind spot). */
  headRoutes: ServedRoute[];
  /** Rules over a diff computed later (with the spec's operations): see {@link routeFindings}. */
  base: ServedRoute[];
  /** Changed files whose head version could not be read: a route gone from one is not proven gone. */
  unreadableAtHead?: Set<string>;
  // Request/response shapes declared in code (hidden routes, `@ApiProperty` DTOs, `describeRoute`):
  // compared by the declared-shapes closure (shape-closure.ts), which the REST stage runs.
}

const SOURCE_FILE = /\.(m|c)?[jt]sx?$/i;

/** A global setting at one ref: `token` when what it depends on is the same at both refs, else `why`. */
interface SettingRead {
  line: number;
  text: string;
  token?: string;
  why?: string;
}

async function settingsOf(
  files: SideFiles,
  differential: Differential,
  path: string,
  settings: readonly GlobalSetting[],
  isChanged: (path: string) => boolean,
): Promise<SettingRead[]> {
  const read: SettingRead[] = [];
  const { dependenciesUnchanged } = await import('./settle.js');
  for (const setting of settings) {
    const verdict = await dependenciesUnchanged(files, differential, path, setting.deps, isChanged);
    read.push({ line: setting.line, text: setting.deps.text, ...(verdict.unchanged ? { token: verdict.token } : { why: verdict.why }) });
  }
  return read;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
const SIDE_LABEL: Record<Side, string> = { base: 'base ref', head: 'head ref' };

export async function runRoutesSurface(input: StageInput): Promise<RoutesSurfaceResult> {
  const config = input.config.routes;
  if (!config) return { outcome: { kind: 'absent' }, headRoutes: [], base: [] };
  const selected = selectSources(input, config);
  if (typeof selected === 'string') return { outcome: { kind: 'unchecked', findings: [], notes: [selected] }, headRoutes: [], base: [] };
  const { selection, notes: layoutNotes } = selected;
  const changed = input.changes.map((change) => change.path).filter((path) => selection.base.has(path) || selection.head.has(path));
  if (changed.length === 0) return { outcome: { kind: 'checked', findings: [], notes: layoutNotes }, headRoutes: [], base: [] };

  const [{ extractRoutesCached }, { resolveModule, resolveServedRoutes }, { settleDeferred }] = await Promise.all([
    import('./extract.js'),
    import('./resolve.js'),
    import('./settle.js'),
  ]);
  const notes: string[] = [];
  const unreadableAtHead = new Set<string>();
  const differential = differentialOf(input);
  const served = {} as Record<Side, ServedRoute[]>;
  const globalSettings: Record<Side, Map<string, SettingRead[]>> = { base: new Map(), head: new Map() };
  for (const side of ['base', 'head'] as const) {
    const tree = input.trees[side];
    const treePaths = new Set(tree.keys());
    // The ref's tsconfig aliases and workspace packages, loaded when an import is not relative
    // (`import users from '@/routes/users'`, `@acme/api/routes`): a mount through one is followed too.
    let layout: ModuleLayout | undefined;
    const resolve = async (from: string, specifier: string) => {
      if (layout === undefined && !isRelativeSpecifier(specifier)) layout = await moduleLayoutOf(input, side);
      return resolveModule(from, specifier, treePaths, layout);
    };
    const changedHere = changed.filter((path) => selection[side].has(path));
    const sideFiles: SideFiles = {
      side,
      has: (path) => treePaths.has(path),
      read: (path) => input.read(side, path),
      layout: async () => (layout ??= await moduleLayoutOf(input, side)),
    };
    const importers = await importerClosure(input, side, selection[side], new Set(changedHere));
    // A source that imports (through any module outside the sources: a barrel, a workspace package)
    // a changed file the sources do not hold is read too: a route path may come from there.
    const outside = new Set(
      input.changes.map((change) => change.path).filter((path) => SOURCE_FILE.test(path) && !selection.base.has(path) && !selection.head.has(path)),
    );
    if (outside.size > 0) {
      for (const path of [...selection[side]].sort()) {
        if (changedHere.includes(path) || importers.includes(path)) continue;
        const closure = await differential.closureOf(side, path);
        if (closure.unbounded.length > 0 || [...closure.files.keys()].some((file) => outside.has(file))) importers.push(path);
      }
    }
    const files = new Map<string, FileRoutes>();
    // Routers mounted by a changed file are read too, though unchanged, and so on down the mounts:
    // a changed mount (`app.use('/api/v1', users)` → `'/api/v2'`, or the mount gone) moves or
    // removes routes that live in files the release did not touch. An unchanged file (read as an
    // importer) mounts the same routers the same way at both refs: nothing below it moves, and
    // reading every router an app file mounts made a 300-router release 2.5× slower.
    const expanding = new Set(changedHere);
    const touched = new Set([...changedHere, ...importers]);
    // A module the construct names depends on a change when it is touched, or when anything it imports
    // (transitively: `./paths` re-exported by an unchanged `./constants`) differs between the refs.
    const dependsOnChange = async (path: string, modules: readonly string[]): Promise<boolean> => {
      for (const module of modules) {
        const target = await resolve(path, module);
        if (target === undefined) continue;
        if (touched.has(target) || !(await differential.unchanged(target, false)).unchanged) return true;
      }
      return false;
    };
    const queue = [...changedHere, ...importers].sort();
    const queued = new Set(queue);
    const processed = new Set<string>();
    for (let index = 0; index < queue.length; index += 1) {
      const path = queue[index]!;
      processed.add(path);
      const text = await input.read(side, path);
      if (text === undefined) throw new Error(`cannot read ${path} at the ${SIDE_LABEL[side]}`);
      const extraction = cachedRouteExtraction(input.derivedCache, tree.get(path)!, path, text, extractRoutesCached);
      const isChanged = changedHere.includes(path);
      if (!extraction.ok) {
        // An importer read only for its mounts may fail to parse without hiding a route: it did not change.
        if (isChanged) notes.push(`routes of ${path} at the ${SIDE_LABEL[side]} cannot be read: ${extraction.reason}`);
        if (isChanged && side === 'head') unreadableAtHead.add(path);
        continue;
      }
      // A path not written as a literal of the file: read from other modules' constants, or proven the
      // same at both refs by what it depends on (settle.ts); what is left counts.
      const settled = await settleDeferred(sideFiles, differential, path, text, extraction, (file) => changed.includes(file));
      // An unchanged file's other unreadable registrations count when they name an import from a file
      // the release changed (or one importing it): `router.get(PATHS.users, …)` with `./paths` changed.
      const counted: string[] = [];
      for (const reason of extraction.unreadable) {
        if (settled.reasons.has(reason)) continue;
        if (isChanged || settled.why.has(reason) || (await dependsOnChange(path, extraction.unreadableImports?.[reason] ?? []))) counted.push(reason);
      }
      for (const reason of counted) notes.push(`routes of ${path} at the ${SIDE_LABEL[side]} cannot be read: ${reason}`);
      if (side === 'head' && counted.length > 0) unreadableAtHead.add(path);
      files.set(path, settled.routes.length === 0 ? extraction : { ...extraction, routes: [...extraction.routes, ...settled.routes] });
      if (isChanged)
        globalSettings[side].set(path, await settingsOf(sideFiles, differential, path, extraction.globalSettings ?? [], (file) => changed.includes(file)));
      // A barrel a changed file mounts from (`export * from './router'`, a workspace package's index)
      // passes the routers on: the modules it re-exports are mounted as much as it is.
      const passedOn = expanding.has(path)
        ? [
            ...extraction.mounts.flatMap((mount) => (mount.child.kind === 'import' ? [mount.child.module] : [])),
            ...Object.values(extraction.reexports ?? {}).map((entry) => entry.module),
            ...(extraction.starReexports ?? []),
          ]
        : [];
      for (const module of passedOn) {
        const target = await resolve(path, module);
        if (target !== undefined && selection[side].has(target) && !expanding.has(target)) {
          expanding.add(target);
          // Read again if it was read as an importer already: now its mounts move too.
          if (!queued.has(target) || processed.has(target)) queue.push(target);
          queued.add(target);
        }
      }
    }
    const specifiers = [...files.values()].flatMap((routes) => [
      ...routes.mounts.flatMap((mount) => (mount.child.kind === 'import' ? [mount.child.module] : [])),
      ...Object.values(routes.reexports ?? {}).map((entry) => entry.module),
      ...(routes.starReexports ?? []),
    ]);
    if (layout === undefined && specifiers.some((specifier) => !isRelativeSpecifier(specifier))) layout = await moduleLayoutOf(input, side);
    served[side] = resolveServedRoutes(files, treePaths, layout);
  }
  for (const path of changed) {
    // Compared by what they do (the call as written, with what it depends on), not by line: a
    // `setGlobalPrefix` that only moved down is no change.
    const [base, head] = [globalSettings.base.get(path) ?? [], globalSettings.head.get(path) ?? []];
    const key = (settings: readonly SettingRead[]) => settings.map((setting) => setting.token ?? `changed ${setting.text}`).join('\n');
    const dependencyChanged = [...base, ...head].find((setting) => setting.token === undefined);
    if (key(base) !== key(head) || dependencyChanged) {
      const shown = (settings: readonly SettingRead[]) =>
        settings.length === 0 ? 'none' : settings.map((setting) => `line ${setting.line} \`${shorten(setting.text)}\``).join(', ');
      const because =
        key(base) === key(head) && dependencyChanged ? ` (what \`${shorten(dependencyChanged.text)}\` reads changed: ${dependencyChanged.why})` : '';
      notes.push(
        `routes of ${path}: the settings that move every route changed (${shown(base)} → ${shown(head)})${because}: the routes of files the release did not change are not read`,
      );
    }
  }
  // A route whose path cannot be read but is the same at both refs (settle.ts) must be served at the
  // same place: gone from there (its mount moved, its router renamed, its file deleted), what it
  // became is not known.
  const headOpaque = new Set(served.head.filter((route) => route.opaque !== undefined).map((route) => `${route.method} ${route.key}`));
  for (const route of served.base) {
    if (route.opaque === undefined || headOpaque.has(`${route.method} ${route.key}`)) continue;
    notes.push(
      `${route.method} \`${shorten(route.opaque)}\` (${route.file}:${route.line}): its path cannot be read, and it is not registered the same way at the head ref: whether it is still served is not known`,
    );
  }
  notes.push(...conditionNotes(served.base, served.head));
  return {
    outcome: { kind: notes.length > 0 ? 'unchecked' : 'checked', findings: [], notes: [...new Set([...notes, ...layoutNotes])] },
    headRoutes: served.head,
    base: served.base,
    unreadableAtHead,
  };
}

/** The first shape declaration of a source text (line and construct), if any. */
export function shapeDeclarationIn(text: string): { line: number; construct: string } | undefined {
  const match = SHAPE_DECLARATION.exec(text);
  if (!match) return undefined;
  return { line: text.slice(0, match.index).split('\n').length, construct: match[0].replace(/\s+/g, '') };
}

/**
 * A route served at both refs whose head registration (or a mount above it) sits under a condition
 * it did not have, or under another one: whether the head still serves it depends on the condition's
 * value at run time, which is not known — unknown, not "no change". A condition dropped (served
 * always now) or kept as it was is no change.
 */
function conditionNotes(base: readonly ServedRoute[], head: readonly ServedRoute[]): string[] {
  // Per method and key: 'always' when some registration is unconditional, else the conditions.
  const conditionsOf = (routes: readonly ServedRoute[]) => {
    const byKey = new Map<string, 'always' | Set<string>>();
    for (const route of routes) {
      const key = `${route.method} ${route.key}`;
      const known = byKey.get(key);
      if (route.condition === undefined) byKey.set(key, 'always');
      else if (known === undefined) byKey.set(key, new Set([route.condition]));
      else if (known !== 'always') known.add(route.condition);
    }
    return byKey;
  };
  const before = conditionsOf(base);
  const after = conditionsOf(head);
  const notes: string[] = [];
  for (const route of head) {
    const key = `${route.method} ${route.key}`;
    const now = after.get(key);
    const previous = before.get(key) ?? before.get(`ALL ${route.key}`);
    if (route.condition === undefined || now === 'always' || previous === undefined || (previous !== 'always' && previous.has(route.condition))) continue;
    const was = previous === 'always' ? 'always served before' : `before: when ${[...previous].map((condition) => `\`${condition}\``).join(' or ')}`;
    notes.push(
      `${route.method} ${route.path} (${route.file}:${route.line}) is served at the head only when \`${route.condition}\` (${was}): whether it still is depends on run-time values`,
    );
  }
  return notes;
}

/** Findings of every routes rule over the diff of both sides (with the spec's operations when a spec is configured). */
export async function routeFindings(result: RoutesSurfaceResult, documented: ReadonlySet<string> | undefined): Promise<Finding[]> {
  if (result.base.length === 0 && result.headRoutes.length === 0) return [];
  const { diffRoutes } = await import('./diff.js');
  // Opaque routes (settle.ts) are compared in the surface: the same at both refs, or a note.
  const readable = (routes: readonly ServedRoute[]) => routes.filter((route) => route.opaque === undefined);
  const diff: RoutesDiff = diffRoutes(readable(result.base), readable(result.headRoutes), documented);
  // What the head version of an unreadable file serves is not known: its missing routes stay unknown, not removed.
  diff.removed = diff.removed.filter((route) => !result.unreadableAtHead?.has(route.file));
  const changes = routeChanges(diff);
  return restRules.flatMap((rule): Finding[] => runRestRule(rule, changes));
}

const notServer = picomatch([...NOT_SERVER_SOURCES], { dot: true });

/** The route sources at each ref (tests, stories, build configs and declaration files left out: they serve nothing); see source-globs.ts. */
export function selectSources(input: StageInput, config: RoutesSurfaceConfig): { selection: Record<Side, Set<string>>; notes: string[] } | string {
  const { selected, notes, failure } = selectByGlobs({ base: input.trees.base.keys(), head: input.trees.head.keys() }, config.sources, {
    what: 'routes source glob',
    accept: (path) => SOURCE_FILE.test(path),
    exclude: notServer,
  });
  if (failure) return failure;
  return { selection: { base: new Set(selected.base), head: new Set(selected.head) }, notes };
}

/**
 * Unchanged sources that import a changed one (and, transitively, their importers): they hold the
 * mounts that give its routes their prefix. Found by a text scan of import specifiers, no parse.
 */
async function importerClosure(input: StageInput, side: Side, sources: ReadonlySet<string>, changed: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  let targets = [...changed];
  const candidates = [...sources].filter((path) => !changed.has(path));
  for (let round = 0; round < 4 && targets.length > 0 && candidates.length > 0; round += 1) {
    const names = [...new Set(targets.map(moduleNameOf))].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const imports = new RegExp(`['"\`][^'"\`]*\\/(${names.join('|')})(\\.[cm]?[jt]sx?)?(\\/index(\\.[cm]?[jt]sx?)?)?['"\`]`);
    const next: string[] = [];
    for (const path of candidates) {
      if (found.includes(path)) continue;
      const text = await input.read(side, path);
      if (text !== undefined && imports.test(text)) next.push(path);
    }
    found.push(...next);
    targets = next;
  }
  return found;
}

/** How other files name a module in an import: its file name without extension, or its folder for an index file. */
function moduleNameOf(path: string): string {
  const parts = path.replace(SOURCE_FILE, '').split('/');
  const last = parts.pop()!;
  return last === 'index' && parts.length > 0 ? parts.pop()! : last;
}
