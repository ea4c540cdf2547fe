import picomatch from 'picomatch';
import type { Side, StageInput } from './contract.js';

/**
 * What an API surface the config does not name (no key) says: a service that shows the surface at
 * the head ref — a server library in a package.json, or a file of the surface's own kind — is
 * `unknown` until the config names it or sets it to `false`; one that shows neither has none. This
 * keeps a GraphQL or tRPC service without the key from passing as checked while its API changed,
 * without making every service's releases `unknown` for a surface it does not have.
 */
export interface SurfaceEvidence {
  /** Dependencies that serve the surface (`@trpc/server`, `@nestjs/graphql`). */
  dependencies: readonly string[];
  /** Tracked files that are the surface (`schema.graphql`). */
  files?: RegExp;
}

const MANIFEST = /(^|\/)package\.json$/;
const IGNORED = /(^|\/)(node_modules|dist|build|vendor|\.git|test|tests|__tests__|fixtures?|examples?)(\/|$)/;

/** A tree's paths that can show a surface, and its manifests: one pass per tree for every surface that asks. */
interface TreeCandidates {
  paths: string[];
  manifests: string[];
}
const candidatesByTree = new WeakMap<ReadonlyMap<string, string>, TreeCandidates>();

function candidatesOf(tree: ReadonlyMap<string, string>): TreeCandidates {
  let candidates = candidatesByTree.get(tree);
  if (!candidates) {
    const paths = [...tree.keys()].filter((path) => !IGNORED.test(path));
    candidates = { paths, manifests: paths.filter((path) => MANIFEST.test(path)).sort() };
    candidatesByTree.set(tree, candidates);
  }
  return candidates;
}

/**
 * Results by tree listing and evidence (`evidenceKey`). A backfill's base tree is the listing its
 * previous pair had as head (the repository keeps listings by root tree), so a release that adds,
 * deletes or edits nothing the evidence can see reuses that result instead of testing every path of
 * the tree and parsing every manifest again (≈ 0.9 s of the real 381-release backfill, issue 36).
 */
const resultsByTree = new WeakMap<ReadonlyMap<string, string>, Map<string, string | undefined>>();

function evidenceKey(evidence: SurfaceEvidence): string {
  return `${evidence.dependencies.join('\n')}\0${evidence.files?.source ?? ''}\0${evidence.files?.flags ?? ''}`;
}

/**
 * Whether a change can move the evidence: a manifest added, deleted or edited, or a file of the
 * surface's kind added or deleted (only its presence counts). Paths under ignored folders never count.
 */
function touchesEvidence(changes: StageInput['changes'], evidence: SurfaceEvidence): boolean {
  return changes.some(
    (change) =>
      !IGNORED.test(change.path) &&
      (MANIFEST.test(change.path) || (change.status !== 'modified' && evidence.files !== undefined && evidence.files.test(change.path))),
  );
}

/** The evidence found at the head ref, or `undefined` when there is none. */
export async function undeclaredSurfaceEvidence(input: StageInput, evidence: SurfaceEvidence): Promise<string | undefined> {
  const key = evidenceKey(evidence);
  const head = input.trees.head;
  let results = resultsByTree.get(head);
  if (results?.has(key)) return results.get(key);
  const atBase = resultsByTree.get(input.trees.base);
  let found: string | undefined;
  if (atBase?.has(key) && !touchesEvidence(input.changes, evidence)) found = atBase.get(key);
  else found = await evidenceIn(input, evidence, key);
  if (!results) resultsByTree.set(head, (results = new Map()));
  results.set(key, found);
  return found;
}

/**
 * What one manifest blob says for one evidence (the first server library it depends on, or null),
 * by evidence and blob id. A release that bumps every package's version edits every manifest, so the
 * evidence is recomputed for nearly every release of a real history; the manifests it reads are
 * mostly blobs an earlier release already parsed (issue 36).
 */
const dependencyByManifest = new Map<string, string | null>();
const DEPENDENCY_LIMIT = 10_000;

/**
 * The library a manifest depends on (`null`: none), remembered by blob id; `undefined` when its text
 * cannot be read (then nothing is remembered).
 */
async function manifestDependency(
  blob: string | undefined,
  key: string,
  evidence: SurfaceEvidence,
  readText: () => Promise<string | undefined>,
): Promise<string | null | undefined> {
  const memoKey = blob === undefined ? undefined : `${key}\0${blob}`;
  const known = memoKey === undefined ? undefined : dependencyByManifest.get(memoKey);
  if (known !== undefined) return known;
  const text = await readText();
  if (text === undefined) return undefined;
  const found = dependencyIn(text, evidence);
  if (memoKey !== undefined) {
    if (dependencyByManifest.size >= DEPENDENCY_LIMIT) dependencyByManifest.clear();
    dependencyByManifest.set(memoKey, found);
  }
  return found;
}

async function evidenceIn(input: StageInput, evidence: SurfaceEvidence, key: string): Promise<string | undefined> {
  const file = fileEvidence(input, evidence, key);
  if (file !== undefined) return `${file} is in the repository`;
  const manifests = manifestsOf(input);
  // The manifests not answered yet, up to the first whose blob is known to name a library, are asked
  // of git at once, then read in order: one request per manifest awaited in turn was one round trip to
  // `git cat-file` each (≈ 2,500 of a real backfill's ≈ 10,800, issue 36). The answer is still the
  // first manifest in order that names a library; a read that fails after it is never awaited (its
  // rejection is caught here).
  const texts: Array<Promise<string | undefined> | undefined> = [];
  for (const path of manifests) {
    const blob = input.trees.head.get(path);
    const known = blob === undefined ? undefined : dependencyByManifest.get(`${key}\0${blob}`);
    if (known !== undefined && known !== null) break;
    const text = known === null ? undefined : input.read('head', path);
    text?.catch(() => undefined);
    texts.push(text);
  }
  for (const [index, path] of manifests.entries()) {
    const found = await manifestDependency(input.trees.head.get(path), key, evidence, () => texts[index] ?? input.read('head', path));
    if (found !== undefined && found !== null) return `${path} depends on ${found}`;
  }
  return undefined;
}

/**
 * The first path of the head tree (in tree order, outside ignored folders) that is a file of the
 * surface's kind. Only presence counts, so a release that adds or removes no such path has the same
 * first one as its base tree: reused instead of testing every path of the tree (issue 36).
 */
const fileAnswersByTree = new WeakMap<ReadonlyMap<string, string>, Map<string, string | undefined>>();

function fileEvidence(input: StageInput, evidence: SurfaceEvidence, key: string): string | undefined {
  const files = evidence.files;
  if (files === undefined) return undefined;
  const { base, head } = input.trees;
  let answers = fileAnswersByTree.get(head);
  if (answers?.has(key)) return answers.get(key);
  const atBase = fileAnswersByTree.get(base);
  const moved = (path: string) => !IGNORED.test(path) && files.test(path) && base.has(path) !== head.has(path);
  const file =
    atBase?.has(key) && !input.changes.some((change) => moved(change.path)) ? atBase.get(key) : candidatesOf(head).paths.find((path) => files.test(path));
  if (!answers) fileAnswersByTree.set(head, (answers = new Map()));
  answers.set(key, file);
  return file;
}

/** The head tree's manifests (sorted, outside ignored folders): the base tree's with the release's added and deleted ones. */
const manifestsByTree = new WeakMap<ReadonlyMap<string, string>, string[]>();

function manifestsOf(input: StageInput): string[] {
  const { base, head } = input.trees;
  let manifests = manifestsByTree.get(head);
  if (manifests) return manifests;
  const atBase = manifestsByTree.get(base);
  if (atBase) {
    const paths = new Set(atBase);
    for (const { path } of input.changes) {
      if (!MANIFEST.test(path) || IGNORED.test(path)) continue;
      if (head.has(path)) paths.add(path);
      else paths.delete(path);
    }
    manifests = [...paths].sort();
  } else manifests = candidatesOf(head).manifests;
  manifestsByTree.set(head, manifests);
  return manifests;
}

/** The first of the evidence's libraries a manifest depends on (any dependency field), or null. */
function dependencyIn(text: string, evidence: SurfaceEvidence): string | null {
  // A key names a library only as `"name"` in the text unless it is escaped (`\u0040…`): without a
  // backslash and without any of the names quoted, no parse can find one.
  if (!text.includes('\\') && !evidence.dependencies.some((name) => text.includes(`"${name}"`))) return null;
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const deps = manifest[field];
      if (!deps || typeof deps !== 'object') continue;
      const found = evidence.dependencies.find((name) => Object.prototype.hasOwnProperty.call(deps, name));
      if (found) return found;
    }
  } catch {
    // A manifest that does not parse proves nothing either way.
  }
  return null;
}

/**
 * The first manifest of one ref that depends on one of the libraries (`apps/builder/package.json
 * depends on @trpc/server`), or `undefined`: whether that ref serves the surface at all, wherever its
 * files are. Unlike {@link undeclaredSurfaceEvidence} it asks either ref and looks at manifests only.
 */
export async function dependencyEvidenceAt(input: StageInput, side: Side, dependencies: readonly string[]): Promise<string | undefined> {
  const evidence: SurfaceEvidence = { dependencies };
  const key = evidenceKey(evidence);
  const tree = input.trees[side];
  for (const path of candidatesOf(tree).manifests) {
    const found = await manifestDependency(tree.get(path), key, evidence, () => input.read(side, path));
    if (found !== undefined && found !== null) return `${path} depends on ${found}`;
  }
  return undefined;
}

/** The paths of a ref that the globs select, sorted. */
export function selectPaths(input: StageInput, side: Side, globs: readonly string[], kind: RegExp): string[] {
  const matchers = globs.map((glob) => picomatch(glob, { dot: true }));
  return [...input.trees[side].keys()].filter((path) => kind.test(path) && matchers.some((matches) => matches(path))).sort();
}

/** Whether any selected path differs between the refs (added, deleted or another blob). */
export function selectionChanged(input: StageInput, base: readonly string[], head: readonly string[]): boolean {
  if (base.length !== head.length) return true;
  for (let index = 0; index < base.length; index++) {
    const path = head[index]!;
    if (base[index] !== path || input.trees.base.get(path) !== input.trees.head.get(path)) return true;
  }
  return false;
}
