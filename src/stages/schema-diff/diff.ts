import type { DiffSchemasOptions, SchemaChange, SchemaChangeKind, SchemaDiffMemo, SchemaView } from './types.js';
import { canonicalJson, canonicalJsonIfAcyclic, canonicalJsonResolved } from './canonical-json.js';
import { alternativesExclusive, COMPOSITION_KEYWORD, pairBranches, type DiscriminatorInfo } from './composition.js';
import { compareConstraints, type RecordChange } from './constraints.js';
import { compareKeywords2020, KEYWORDS_2020 } from './keywords-2020.js';
import { MergeConflict, mergeComposition } from './merge.js';

/**
 * The shared JSON-Schema diff: what changed between two schemas, with no opinion (STYLE.md 3).
 *
 * Walks both schemas side by side through `properties`, `items`/`prefixItems`,
 * `additionalProperties`, `allOf`/`anyOf`/`oneOf` and `not`, following `$ref`s on each side with
 * its own resolver, so two refs are compared by the content they point to (a component renamed with
 * identical content is no change).
 *
 * Cycles and repeats: every (base node, revision node) pair is compared once per call, at the
 * shortest path that reaches it (breadth-first). A cycle therefore ends, and a component used in
 * two places reports its changes once, at the shorter (then first) path. A memo shared between
 * calls over the same two documents compares each pair once in all, and knows for each pair which
 * changed pairs are reachable from it: a call walks only until it has reached those, so a changed
 * component referenced by every operation costs one comparison, not one walk per operation.
 *
 * Output order: breadth-first, then keyword order; deterministic for the same inputs.
 */
export function diffSchemas(base: unknown, revision: unknown, options: DiffSchemasOptions = {}): SchemaChange[] {
  const memo = options.memo === undefined ? new PairMemo() : asPairMemo(options.memo);
  const view = options.view ?? 'every property';
  memo.view ??= view;
  if (memo.view !== view) throw new TypeError(`options.memo was used for the ${memo.view} view; create one memo per view`);
  const walk: Walk = {
    memo,
    resolve: {
      base: options.resolveBase ?? localPointerResolver(options.baseRoot ?? base),
      revision: options.resolveRevision ?? localPointerResolver(options.revisionRoot ?? revision),
    },
    hiddenFlag: options.view === 'request' ? 'readOnly' : options.view === 'response' ? 'writeOnly' : undefined,
    unchangedRef: options.unchangedRef,
  };
  return diffTree(base, revision, walk).map((change) => ({ ...change, path: humanPath(change.path) }));
}

/** A cache of clean pairs that may be shared between calls over the same two documents. */
export function createSchemaDiffMemo(): SchemaDiffMemo {
  return new PairMemo();
}

/**
 * The work of the calls sharing a memo, for tests and benchmarks: schema pairs compared (each
 * once per memo) and pairs walked (visited by a call's breadth-first walk, summed over calls).
 */
export function schemaDiffCost(memo: SchemaDiffMemo): { pairsCompared: number; pairsWalked: number } {
  const { comparisons, walked } = asPairMemo(memo);
  return { pairsCompared: comparisons, pairsWalked: walked };
}

class PairMemo implements SchemaDiffMemo {
  readonly kind = 'schema-diff-memo' as const;
  /** The view the cached results were computed in (set by the first call). */
  view: SchemaView | 'every property' | undefined;
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  /** Each pair's own changes and child pairs, computed once per memo. */
  readonly compared = new Map<PairKey, { changes: SchemaChange[]; children: PairAt[] }>();
  /** Each compared pair's child pairs (both sides present) by key, and whether it changes anything itself. */
  readonly edges = new Map<PairKey, PairEdges>();
  /**
   * The pairs with changes of their own reachable from a pair (itself included): empty for a pair
   * from which no change is reachable. Complete for every pair present (see {@link reachableChanges}).
   */
  readonly targets = new Map<PairKey, ReadonlySet<PairKey>>();
  /** How many pairs were compared (`compareSchemas`) and walked: see {@link schemaDiffCost}. */
  comparisons = 0;
  walked = 0;
  /** Whole results of pairs diffed as the root of a call (a component used by many operations). */
  readonly rootResults = new Map<PairKey, readonly SchemaChange[]>();
  /** `$ref` nodes resolved per side (a merged node keeps one identity, so cycles through it are seen). */
  readonly resolved = { base: new WeakMap<object, Schema>(), revision: new WeakMap<object, Schema>() };
  /** Resolved nodes with their composition merged (`./merge.ts`), per side; a node without composition maps to itself. */
  readonly merged = { base: new WeakMap<object, Schema>(), revision: new WeakMap<object, Schema>() };
  /** Nodes whose composition could not be merged, with the reason: compared as written, any difference `unknown`. */
  readonly conflicts = { base: new WeakMap<object, string>(), revision: new WeakMap<object, string>() };
  /** Merged schemas by the canonical text of the node written (refs are local to one side, so equal text means the same). */
  readonly mergedByText = { base: new Map<string, Schema>(), revision: new Map<string, Schema>() };
  /** Nodes being merged right now, per side: meeting one again is an `allOf` cycle. */
  readonly merging = { base: new Set<object>(), revision: new Set<object>() };

  /** One number per pair (ids stay far below 2^26 nodes), cheaper to hash than a string. */
  pairKey(base: object, revision: object): PairKey {
    return this.idOf(base) * 67_108_864 + this.idOf(revision);
  }

  private idOf(node: object): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(node, id);
    }
    return id;
  }
}

function asPairMemo(memo: SchemaDiffMemo): PairMemo {
  if (!(memo instanceof PairMemo)) throw new TypeError('options.memo must come from createSchemaDiffMemo()');
  return memo;
}

type Schema = Record<string, unknown>;
type PairKey = number;

interface PairEdges {
  /** The pair records changes, or a child present on one side only (a `schema-added`/`-removed`). */
  changesItself: boolean;
  children: Array<{ key: PairKey; base: Schema; revision: Schema }>;
}

const NO_TARGETS: ReadonlySet<PairKey> = new Set();
type DiffSide = 'base' | 'revision';

interface Walk {
  memo: PairMemo;
  resolve: Record<DiffSide, (ref: string) => unknown>;
  /** Properties carrying this flag (through their `$ref`) are not part of the view. */
  hiddenFlag: 'readOnly' | 'writeOnly' | undefined;
  unchangedRef: ((ref: string) => boolean) | undefined;
}

// `true` and `false` as schemas; shared objects so that `true` vs absent is one memoized pair.
const ANY_SCHEMA: Schema = Object.freeze({});
const NOTHING_SCHEMA: Schema = Object.freeze({ not: ANY_SCHEMA });

/** A pair of schemas to compare, at a pointer and human path from the root. */
interface PairAt {
  pointer: string;
  /** Human path as raw segments: `.name`, `[]`, `[0]`, `.*`; a composition branch adds none. */
  path: string;
  base: unknown;
  revision: unknown;
  /** `detail` of the `schema-added` / `schema-removed` change when only one side has this child. */
  presenceDetail?: string;
}

/**
 * Breadth-first over (base node, revision node) pairs with a visited set: each pair is compared
 * once per call, at the shortest path that reaches it, so cycles end and nothing is reported twice;
 * no recursion, so a chain of refs through 800 components cannot overflow the stack.
 *
 * Only pairs with changes of their own produce output, and the memo knows which of those each pair
 * reaches ({@link reachableChanges}): a child is not walked when every changed pair it reaches has
 * been reported already, and the walk ends once all those the root reaches are. Neither changes
 * the output (what is left out could only lead to pairs already reported), only its cost.
 */
function diffTree(base: unknown, revision: unknown, walk: Walk): SchemaChange[] {
  if (base === undefined && revision === undefined) return [];
  if (base === undefined || revision === undefined) return [{ kind: base === undefined ? 'schema-added' : 'schema-removed', pointer: '', path: '' }];
  if (walk.unchangedRef !== undefined && sameUnchangedRef(base, revision, walk.unchangedRef)) return [];
  const memo = walk.memo;
  const rootBase = schemaOf(base, 'base', walk);
  const rootRevision = schemaOf(revision, 'revision', walk);
  const rootKey = memo.pairKey(rootBase, rootRevision);
  const cachedRoot = memo.rootResults.get(rootKey);
  if (cachedRoot) return [...cachedRoot];
  const wanted = reachableChanges(rootKey, rootBase, rootRevision, walk);

  const changes: SchemaChange[] = [];
  const queue: { key: PairKey; at: PairAt }[] = [{ key: rootKey, at: { pointer: '', path: '', base, revision } }];
  const queued = new Set<PairKey>([rootKey]);
  /** Pairs with changes of their own already reported in this call. */
  const reported = new Set<PairKey>();
  const enqueue = (at: PairAt) => {
    if (at.base === undefined && at.revision === undefined) return;
    if (at.base === undefined || at.revision === undefined) {
      changes.push({
        kind: at.base === undefined ? 'schema-added' : 'schema-removed',
        pointer: at.pointer,
        path: at.path,
        ...(at.presenceDetail === undefined ? {} : { detail: at.presenceDetail }),
      });
      return;
    }
    if (walk.unchangedRef !== undefined && sameUnchangedRef(at.base, at.revision, walk.unchangedRef)) return;
    const key = memo.pairKey(schemaOf(at.base, 'base', walk), schemaOf(at.revision, 'revision', walk));
    if (queued.has(key)) return;
    for (const target of memo.targets.get(key)!) {
      if (!reported.has(target)) {
        queued.add(key);
        queue.push({ key, at });
        return;
      }
    }
  };

  for (let index = 0; index < queue.length && reported.size < wanted.size; index++) {
    const pair = queue[index]!;
    memo.walked += 1;
    if (memo.edges.get(pair.key)!.changesItself) reported.add(pair.key);
    const own = memo.compared.get(pair.key)!;
    for (const change of own.changes) changes.push({ ...change, pointer: pair.at.pointer + change.pointer, path: pair.at.path + change.path });
    for (const child of own.children) enqueue({ ...child, pointer: pair.at.pointer + child.pointer, path: pair.at.path + child.path });
  }
  memo.rootResults.set(rootKey, [...changes]);
  return changes;
}

/**
 * The pairs with changes of their own reachable from a pair (itself included), computed once per
 * memo for every pair reachable from it: strongly connected components of the pair graph (Tarjan,
 * iterative), each component's set the union of its changed members and of the sets of the
 * components it points to. A set equal to the one child set it unites is shared, not copied.
 */
function reachableChanges(rootKey: PairKey, rootBase: Schema, rootRevision: Schema, walk: Walk): ReadonlySet<PairKey> {
  const memo = walk.memo;
  const known = memo.targets.get(rootKey);
  if (known) return known;
  const index = new Map<PairKey, number>();
  const lowLink = new Map<PairKey, number>();
  const stack: PairKey[] = [];
  const onStack = new Set<PairKey>();
  const frames: Array<{ key: PairKey; edges: PairEdges; next: number }> = [];
  const open = (key: PairKey, base: Schema, revision: Schema) => {
    index.set(key, index.size);
    lowLink.set(key, index.size - 1);
    stack.push(key);
    onStack.add(key);
    frames.push({ key, edges: edgesOf(key, base, revision, walk), next: 0 });
  };
  open(rootKey, rootBase, rootRevision);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next < frame.edges.children.length) {
      const child = frame.edges.children[frame.next++]!;
      if (memo.targets.has(child.key)) continue;
      if (!index.has(child.key)) open(child.key, child.base, child.revision);
      else if (onStack.has(child.key)) lowLink.set(frame.key, Math.min(lowLink.get(frame.key)!, index.get(child.key)!));
      continue;
    }
    frames.pop();
    const parent = frames[frames.length - 1];
    if (lowLink.get(frame.key) !== index.get(frame.key)) {
      if (parent) lowLink.set(parent.key, Math.min(lowLink.get(parent.key)!, lowLink.get(frame.key)!));
      continue;
    }
    const members = new Set<PairKey>();
    let member: PairKey;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.add(member);
    } while (member !== frame.key);
    const changed: PairKey[] = [];
    const reached = new Set<ReadonlySet<PairKey>>();
    for (const key of members) {
      const edges = memo.edges.get(key)!;
      if (edges.changesItself) changed.push(key);
      for (const child of edges.children) {
        const targets = members.has(child.key) ? undefined : memo.targets.get(child.key);
        if (targets !== undefined && targets.size > 0) reached.add(targets);
      }
    }
    let targets: ReadonlySet<PairKey>;
    if (changed.length === 0 && reached.size <= 1) targets = reached.size === 0 ? NO_TARGETS : [...reached][0]!;
    else {
      const union = new Set<PairKey>(changed);
      for (const set of reached) for (const key of set) union.add(key);
      targets = union;
    }
    for (const key of members) memo.targets.set(key, targets);
  }
  return memo.targets.get(rootKey)!;
}

/** A pair's own comparison (memoized) and its child pairs by key. */
function edgesOf(key: PairKey, base: Schema, revision: Schema, walk: Walk): PairEdges {
  const memo = walk.memo;
  const known = memo.edges.get(key);
  if (known) return known;
  let own = memo.compared.get(key);
  if (own === undefined) {
    own = compareSchemas(base, revision, walk);
    memo.comparisons += 1;
    memo.compared.set(key, own);
  }
  const edges: PairEdges = { changesItself: own.changes.length > 0, children: [] };
  for (const child of own.children) {
    if (child.base === undefined && child.revision === undefined) continue;
    if (child.base === undefined || child.revision === undefined) {
      edges.changesItself = true;
      continue;
    }
    if (walk.unchangedRef !== undefined && sameUnchangedRef(child.base, child.revision, walk.unchangedRef)) continue;
    const childBase = schemaOf(child.base, 'base', walk);
    const childRevision = schemaOf(child.revision, 'revision', walk);
    edges.children.push({ key: memo.pairKey(childBase, childRevision), base: childBase, revision: childRevision });
  }
  memo.edges.set(key, edges);
  return edges;
}

/** Both nodes are exactly `{$ref: r}` with the same `r`, known to lead to equal content on both sides. */
function sameUnchangedRef(base: unknown, revision: unknown, unchangedRef: (ref: string) => boolean): boolean {
  if (!isObject(base) || !isObject(revision)) return false;
  const ref = base.$ref;
  if (typeof ref !== 'string' || revision.$ref !== ref) return false;
  for (const key in base) if (key !== '$ref') return false;
  for (const key in revision) if (key !== '$ref') return false;
  return unchangedRef(ref);
}

/** The changes of one pair's own keywords, and its child pairs (compared later, in this order). */
function compareSchemas(base: Schema, revision: Schema, walk: Walk): { changes: SchemaChange[]; children: PairAt[] } {
  const changes: SchemaChange[] = [];
  const children: PairAt[] = [];
  const record = (kind: SchemaChangeKind, extra: Partial<SchemaChange> = {}) => changes.push({ kind, pointer: '', path: '', ...extra });
  const child = (pointer: string, path: string, baseChild: unknown, revisionChild: unknown, presenceDetail?: string) =>
    children.push({ pointer, path, base: baseChild, revision: revisionChild, ...(presenceDetail === undefined ? {} : { presenceDetail }) });

  if (compareWithUnion(base, revision, walk, record, child)) return { changes, children };
  compareUnmodeled(base, revision, walk, record);
  compareTypes(base, revision, record);
  for (const keyword of ['format', 'description'] as const) {
    const before = stringOrUndefined(base[keyword]);
    const after = stringOrUndefined(revision[keyword]);
    if (before !== after) record(keyword === 'format' ? 'format-changed' : 'description-changed', { before, after });
  }
  if (hasOwn(base, 'default') !== hasOwn(revision, 'default') || canonicalJson(base.default) !== canonicalJson(revision.default)) {
    record('default-changed', { before: base.default, after: revision.default });
  }
  compareEnums(base, revision, record);
  compareConstraints(base, revision, record);
  compareKeywords2020(base, revision, record, child, (b, r) => sameWhole(b, r, walk));
  compareProperties(
    visibleProperties(base, 'base', walk),
    visibleProperties(revision, 'revision', walk),
    revision.additionalProperties === false,
    record,
    child,
  );

  child('/items', '[]', itemsOf(base), itemsOf(revision));
  const baseTuple = tupleOf(base);
  const revisionTuple = tupleOf(revision);
  for (let i = 0; i < Math.max(baseTuple.length, revisionTuple.length); i++) {
    child(`/prefixItems/${i}`, `[${i}]`, baseTuple[i], revisionTuple[i]);
  }

  const baseClosed = base.additionalProperties === false;
  const revisionClosed = revision.additionalProperties === false;
  if (!baseClosed && revisionClosed) record('additional-properties-closed');
  else if (baseClosed && !revisionClosed) record('additional-properties-opened');
  else if (!baseClosed && (base.additionalProperties !== undefined || revision.additionalProperties !== undefined)) {
    // Absent and `true` both allow anything: compare as the empty schema.
    child('/additionalProperties', '.*', base.additionalProperties ?? true, revision.additionalProperties ?? true);
  }

  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const baseBranches = arrayOrEmpty(base[keyword]);
    const revisionBranches = arrayOrEmpty(revision[keyword]);
    if (baseBranches.length === 0 && revisionBranches.length === 0) continue;
    // One more anyOf/oneOf alternative widens the value; a whole anyOf/oneOf appearing restricts it
    // like an allOf branch does. The second case is marked so rules can tell them apart.
    const wholeKeyword = keyword !== 'allOf' && (baseBranches.length === 0 || revisionBranches.length === 0) ? COMPOSITION_KEYWORD : undefined;
    const context = {
      resolveBase: (branch: unknown) => schemaOf(branch, 'base', walk),
      resolveRevision: (branch: unknown) => schemaOf(branch, 'revision', walk),
      discriminator: { base: discriminatorOf(base), revision: discriminatorOf(revision) },
      alternatives: keyword !== 'allOf',
    };
    for (const pair of pairBranches(baseBranches, revisionBranches, context)) {
      const index = pair.revision ?? pair.base;
      // A branch describes the same value as its parent, so the human path stays the parent's.
      child(
        `/${keyword}/${index}`,
        '',
        pair.base === undefined ? undefined : baseBranches[pair.base],
        pair.revision === undefined ? undefined : revisionBranches[pair.revision],
        wholeKeyword,
      );
    }
  }
  // Inside `not` every change means its opposite (a wider `not` refuses more values), which the
  // rules, reading changes in their normal position, would judge the wrong way round: any change of
  // `not` is `unknown`, never safe.
  if ((base.not !== undefined || revision.not !== undefined) && !sameWhole(base.not ?? null, revision.not ?? null, walk)) {
    record('unknown', { detail: "keyword 'not' changed (a change inside 'not' is not compared by this diff)" });
  }
  return { changes, children };
}

/** Keywords beside a union that do not restrict the value (so the node is the union alone). */
const UNION_COMPANIONS = new Set(['title', 'description', 'example', 'examples', 'externalDocs', 'xml', '$comment', 'deprecated', 'discriminator', 'default']);

/** The node's `anyOf` / `oneOf` when the node is only that union (no type or constraint of its own). */
function soleUnion(schema: Schema): { keyword: 'anyOf' | 'oneOf'; branches: readonly unknown[] } | undefined {
  const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (keyword === undefined || schema.allOf !== undefined || (schema.oneOf !== undefined && schema.anyOf !== undefined)) return undefined;
  for (const key of Object.keys(schema)) if (key !== keyword && !UNION_COMPANIONS.has(key) && !key.startsWith('x-')) return undefined;
  return { keyword, branches: schema[keyword] as unknown[] };
}

/**
 * A union on one side only (`X` → `oneOf: [X, Y]`, or back): the plain side is read as a union of
 * one alternative, paired with its best match; the others are alternatives added or removed.
 * So a body that now also accepts `Y` is one alternative added, not "a restriction appeared".
 */
function compareWithUnion(
  base: Schema,
  revision: Schema,
  walk: Walk,
  record: RecordChange,
  child: (pointer: string, path: string, baseChild: unknown, revisionChild: unknown) => void,
): boolean {
  if (base.anyOf === undefined && base.oneOf === undefined && revision.anyOf === undefined && revision.oneOf === undefined) return false;
  const baseUnion = soleUnion(base);
  const revisionUnion = soleUnion(revision);
  const plainSide = (schema: Schema) => schema.anyOf === undefined && schema.oneOf === undefined && schema.allOf === undefined;
  const union =
    baseUnion && !revisionUnion && plainSide(revision)
      ? { side: 'base' as const, ...baseUnion }
      : revisionUnion && !baseUnion && plainSide(base)
        ? { side: 'revision' as const, ...revisionUnion }
        : undefined;
  if (union === undefined) return false;
  const context = {
    resolveBase: (branch: unknown) => schemaOf(branch, 'base', walk),
    resolveRevision: (branch: unknown) => schemaOf(branch, 'revision', walk),
    discriminator: { base: discriminatorOf(base), revision: discriminatorOf(revision) },
    alternatives: true,
  };
  const pairs = union.side === 'base' ? pairBranches(union.branches, [revision], context) : pairBranches([base], union.branches, context);
  // A plain side like no alternative (e.g. `{}`): the union itself appeared or vanished.
  if (!pairs.some((pair) => pair.base !== undefined && pair.revision !== undefined)) return false;
  // A plain object wrapped in `oneOf`: a value valid before must match exactly one alternative now
  // (oasdiff/oasdiff#702). Unless the alternatives are proven exclusive, one that fits two is refused.
  if (
    union.side === 'revision' &&
    union.keyword === 'oneOf' &&
    union.branches.length > 1 &&
    isObjectSchema(base) &&
    !alternativesExclusive(union.branches.map((branch) => context.resolveRevision(branch)))
  ) {
    record('one-of-wrapped', { before: 'object', after: union.branches.length });
  }
  for (const pair of pairs) {
    const index = (union.side === 'base' ? pair.base : pair.revision) ?? 0;
    const pointer = `/${union.keyword}/${index}`;
    if (pair.base !== undefined && pair.revision !== undefined) {
      child(pointer, '', union.side === 'base' ? union.branches[pair.base] : base, union.side === 'base' ? revision : union.branches[pair.revision]);
    } else if (pair.base !== undefined) record('schema-removed', { pointer });
    else record('schema-added', { pointer });
  }
  return true;
}

/** An object schema: `type: object`, or untyped with `properties`. */
function isObjectSchema(schema: Schema): boolean {
  const type = schema.type;
  return (
    type === 'object' ||
    (Array.isArray(type) && type.includes('object')) ||
    (type === undefined && typeof schema.properties === 'object' && schema.properties !== null)
  );
}

/**
 * Keywords this diff compares (or knows to be annotations): any other keyword that differs, and a
 * composition that could not be merged on either side, is an `unknown` change — never ignored.
 */
const MODELED_KEYWORDS = new Set([
  'type',
  'nullable',
  'format',
  'description',
  'default',
  'enum',
  'const',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'pattern',
  'uniqueItems',
  'multipleOf',
  'properties',
  'required',
  'items',
  'additionalItems',
  'prefixItems',
  'additionalProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'readOnly',
  'writeOnly',
  'discriminator',
  '$ref',
  ...KEYWORDS_2020,
  // Annotations: no effect on which values are valid.
  'title',
  'example',
  'examples',
  'externalDocs',
  'xml',
  '$comment',
  'deprecated',
  '$id',
  '$schema',
  '$anchor',
  '$defs',
  'definitions',
]);

/**
 * Two values this diff does not take apart (`not`, an unmodelled keyword, a composition it could not
 * merge) are the same only when their texts match with every `$ref` followed: a component they
 * refer to may have changed while the `$ref` text did not.
 */
function sameWhole(base: unknown, revision: unknown, walk: Walk): boolean {
  const before = canonicalJsonResolved(base, walk.resolve.base);
  return before !== undefined && before === canonicalJsonResolved(revision, walk.resolve.revision);
}

function compareUnmodeled(base: Schema, revision: Schema, walk: Walk, record: RecordChange): void {
  // A node left as written keeps its composition keyword: only those can have a conflict.
  const composed = (schema: Schema) => schema.allOf !== undefined || schema.anyOf !== undefined || schema.oneOf !== undefined;
  const conflict =
    (composed(base) ? walk.memo.conflicts.base.get(base) : undefined) ?? (composed(revision) ? walk.memo.conflicts.revision.get(revision) : undefined);
  if (conflict !== undefined) {
    if (!sameWhole(base, revision, walk)) record('unknown', { detail: conflict });
  }
  const unmodeled = (keyword: string) => !MODELED_KEYWORDS.has(keyword) && !keyword.startsWith('x-');
  for (const keyword in base) {
    if (unmodeled(keyword) && !sameWhole(base[keyword], revision[keyword], walk))
      record('unknown', { detail: `keyword '${keyword}' changed (not compared by this diff)` });
  }
  for (const keyword in revision) {
    if (unmodeled(keyword) && !hasOwn(base, keyword)) record('unknown', { detail: `keyword '${keyword}' changed (not compared by this diff)` });
  }
  compareDiscriminator(base.discriminator, revision.discriminator, record);
}

/** A discriminator renamed, or a mapping value that now names another schema, changes how existing payloads are read. */
function compareDiscriminator(base: unknown, revision: unknown, record: RecordChange): void {
  if (base === undefined && revision === undefined) return;
  const before = objectOrEmpty(base);
  const after = objectOrEmpty(revision);
  if (before.propertyName !== after.propertyName) {
    record('unknown', { detail: `discriminator property changed from ${String(before.propertyName ?? 'none')} to ${String(after.propertyName ?? 'none')}` });
    return;
  }
  const afterMapping = objectOrEmpty(after.mapping);
  for (const [value, target] of Object.entries(objectOrEmpty(before.mapping))) {
    if (afterMapping[value] !== target) record('unknown', { detail: `discriminator mapping of '${value}' changed` });
  }
}

function discriminatorOf(schema: Schema): DiscriminatorInfo | undefined {
  const discriminator = objectOrEmpty(schema.discriminator);
  return typeof discriminator.propertyName === 'string'
    ? { propertyName: discriminator.propertyName, mapping: objectOrEmpty(discriminator.mapping) }
    : undefined;
}

function compareTypes(base: Schema, revision: Schema, record: RecordChange): void {
  const before = typeInfo(base);
  const after = typeInfo(revision);
  const afterCoversBefore = covers(after.types, before.types);
  const beforeCoversAfter = covers(before.types, after.types);
  if (!(afterCoversBefore && beforeCoversAfter)) {
    const detail = beforeCoversAfter ? 'narrowed' : afterCoversBefore ? 'widened' : 'changed';
    record('type-changed', { before: before.types, after: after.types, detail });
  }
  if (!before.nullable && after.nullable) record('nullable-added');
  if (before.nullable && !after.nullable) record('nullable-removed');
}

/** The type set without `null` (empty = any type), and whether `null` is allowed (3.0 `nullable` or 3.1 `"null"`). */
function typeInfo(schema: Schema): { types: string[]; nullable: boolean } {
  const raw = schema.type;
  const listed = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];
  const types = [...new Set(listed.filter((t) => t !== 'null'))].sort();
  // `type: "null"` alone is a type of its own, not "any type, nullable".
  if (types.length === 0 && listed.includes('null')) return { types: ['null'], nullable: false };
  return { types, nullable: schema.nullable === true || listed.includes('null') };
}

/** Whether every value of type set `inner` is allowed by `outer` (`[]` = any; `integer` ⊂ `number`). */
function covers(outer: readonly string[], inner: readonly string[]): boolean {
  if (outer.length === 0) return true;
  if (inner.length === 0) return false;
  return inner.every((t) => outer.includes(t) || (t === 'integer' && outer.includes('number')));
}

function compareEnums(base: Schema, revision: Schema, record: RecordChange): void {
  const baseEnum = Array.isArray(base.enum) ? base.enum : undefined;
  const revisionEnum = Array.isArray(revision.enum) ? revision.enum : undefined;
  if (baseEnum && revisionEnum) {
    const baseKeys = new Set(baseEnum.map(canonicalJson));
    const revisionKeys = new Set(revisionEnum.map(canonicalJson));
    for (const value of baseEnum) if (!revisionKeys.has(canonicalJson(value))) record('enum-value-removed', { before: value });
    for (const value of revisionEnum) if (!baseKeys.has(canonicalJson(value))) record('enum-value-added', { after: value });
  } else if (revisionEnum) {
    record('constraint-tightened', { detail: 'enum', after: revisionEnum });
  } else if (baseEnum) {
    record('constraint-loosened', { detail: 'enum', before: baseEnum });
  }

  // `x-extensible-enum` (Zalando's guidelines, read by oasdiff): values may be added by design (readers
  // must accept unknown ones), so only a value that vanished is recorded.
  const baseExtensible = base['x-extensible-enum'];
  const revisionExtensible = revision['x-extensible-enum'];
  if (Array.isArray(baseExtensible) && Array.isArray(revisionExtensible)) {
    const revisionKeys = new Set(revisionExtensible.map(canonicalJson));
    for (const value of baseExtensible)
      if (!revisionKeys.has(canonicalJson(value))) record('enum-value-removed', { before: value, detail: 'x-extensible-enum' });
  }

  const baseHasConst = hasOwn(base, 'const');
  const revisionHasConst = hasOwn(revision, 'const');
  if (baseHasConst && revisionHasConst) {
    if (canonicalJson(base.const) !== canonicalJson(revision.const)) {
      record('enum-value-removed', { before: base.const, detail: 'const' });
      record('enum-value-added', { after: revision.const, detail: 'const' });
    }
  } else if (revisionHasConst) {
    record('constraint-tightened', { detail: 'const', after: revision.const });
  } else if (baseHasConst) {
    record('constraint-loosened', { detail: 'const', before: base.const });
  }
}

interface VisibleProperties {
  properties: Schema;
  required: Set<string>;
}

/** The declared and required properties of the walk's view: without those the view hides (`readOnly` in a request). */
function visibleProperties(schema: Schema, side: DiffSide, walk: Walk): VisibleProperties {
  const declared = objectOrEmpty(schema.properties);
  const required = new Set(stringArray(schema.required));
  const flag = walk.hiddenFlag;
  if (flag === undefined) return { properties: declared, required };
  const hidden = Object.keys(declared).filter((name) => schemaOf(declared[name], side, walk)[flag] === true);
  if (hidden.length === 0) return { properties: declared, required };
  const properties = { ...declared };
  for (const name of hidden) {
    delete properties[name];
    required.delete(name);
  }
  return { properties, required };
}

function compareProperties(
  base: VisibleProperties,
  revision: VisibleProperties,
  revisionClosed: boolean,
  record: RecordChange,
  child: (pointer: string, path: string, baseChild: unknown, revisionChild: unknown) => void,
): void {
  const { properties: baseProperties, required: baseRequired } = base;
  const { properties: revisionProperties, required: revisionRequired } = revision;
  const names = [...new Set([...Object.keys(baseProperties), ...Object.keys(revisionProperties), ...baseRequired, ...revisionRequired])].sort();
  for (const name of names) {
    const pointer = `/properties/${escapePointer(name)}`;
    const path = `.${name}`;
    const inBase = hasOwn(baseProperties, name);
    const inRevision = hasOwn(revisionProperties, name);
    if (inBase && inRevision) child(pointer, path, baseProperties[name], revisionProperties[name]);
    else if (inRevision) record('property-added', { pointer, path, detail: revisionRequired.has(name) ? 'required' : 'optional' });
    else if (inBase) {
      // In a closed revision object the removed name now meets the `false` schema: it is refused.
      record('property-removed', { pointer, path, detail: baseRequired.has(name) ? 'required' : 'optional', ...(revisionClosed ? { after: false } : {}) });
    }

    // A new required property is one `property-added` (detail `required`), not also a `became-required`.
    if (!baseRequired.has(name) && revisionRequired.has(name) && !(inRevision && !inBase)) {
      record('property-became-required', { pointer, path });
    } else if (baseRequired.has(name) && !revisionRequired.has(name) && !(inBase && !inRevision)) {
      record('property-became-optional', { pointer, path });
    }
  }
}

/**
 * The schema a node stands for: its `$ref` followed, and its composition merged (`./merge.ts`):
 * the same object every time for the same node, so pairs stay memoizable and cycles are seen.
 */
function schemaOf(node: unknown, side: DiffSide, walk: Walk): Schema {
  const resolved = resolveSchema(node, side, walk.memo, walk.resolve[side], []);
  // Most nodes have no composition: no cache entry for them (WeakMap entries cost the GC).
  if (resolved.allOf === undefined && resolved.anyOf === undefined && resolved.oneOf === undefined) return resolved;
  const cache = walk.memo.merged[side];
  const cached = cache.get(resolved);
  if (cached) return cached;
  // Wrappers written the same way (`allOf: [$ref X], description: …` on many properties) mean the
  // same on one side: one merged object for them all, so their pair is compared once.
  const text = canonicalJsonIfAcyclic(resolved);
  const sameText = text === undefined ? undefined : walk.memo.mergedByText[side].get(text);
  if (sameText) {
    cache.set(resolved, sameText);
    return sameText;
  }
  const merging = walk.memo.merging[side];
  if (merging.has(resolved)) throw new MergeConflict('allOf refers back to itself (a cycle through allOf)');
  merging.add(resolved);
  let result;
  try {
    result = mergeComposition(resolved, (member) => {
      const schema = schemaOf(member, side, walk);
      // A member left as written still has its own composition: merging it as a plain schema would drop that.
      const conflict = walk.memo.conflicts[side].get(schema);
      if (conflict !== undefined) throw new MergeConflict(conflict);
      return schema;
    });
  } finally {
    merging.delete(resolved);
  }
  const schema = result?.schema ?? resolved;
  if (result?.conflict !== undefined) walk.memo.conflicts[side].set(schema, result.conflict);
  cache.set(resolved, schema);
  if (text !== undefined) walk.memo.mergedByText[side].set(text, schema);
  return schema;
}

function resolveSchema(node: unknown, side: DiffSide, memo: PairMemo, resolve: (ref: string) => unknown, chain: string[]): Schema {
  if (node === true) return ANY_SCHEMA;
  if (node === false) return NOTHING_SCHEMA;
  if (!isObject(node)) throw new TypeError(`${side} schema is not an object or boolean: ${canonicalJson(node)?.slice(0, 80)}`);
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const cached = memo.resolved[side].get(node);
  if (cached) return cached;
  if (chain.includes(ref)) throw new Error(`$ref loop without a schema in the ${side} schema: ${[...chain, ref].join(' → ')}`);
  const target = resolve(ref);
  if (target === undefined) throw new Error(`cannot resolve $ref "${ref}" in the ${side} schema`);
  const resolvedTarget = resolveSchema(target, side, memo, resolve, [...chain, ref]);
  // OpenAPI 3.1 / JSON Schema 2019+ allow keywords beside `$ref` (a description, `nullable`): they apply too.
  const siblings = Object.entries(node).filter(([keyword]) => keyword !== '$ref');
  const resolved = siblings.length === 0 ? resolvedTarget : { ...resolvedTarget, ...Object.fromEntries(siblings) };
  memo.resolved[side].set(node, resolved);
  return resolved;
}

/** Resolves local refs (`#/$defs/X`, `#/definitions/X`, `#/components/schemas/X`) as JSON pointers into `root`. */
function localPointerResolver(root: unknown): (ref: string) => unknown {
  return (ref) => {
    if (!ref.startsWith('#')) throw new Error(`cannot follow external $ref "${ref}" (only local #/… refs are supported)`);
    const fragment = ref.slice(1);
    if (fragment === '') return root;
    if (!fragment.startsWith('/')) throw new Error(`cannot follow anchor $ref "${ref}" (only JSON pointers are supported)`);
    let node: unknown = root;
    for (const raw of fragment.slice(1).split('/')) {
      let segment: string;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        return undefined;
      }
      segment = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(node)) node = node[Number(segment)];
      else if (isObject(node) && hasOwn(node, segment)) node = node[segment];
      else return undefined;
    }
    return node;
  };
}

function itemsOf(schema: Schema): unknown {
  // Draft-04 tuples (`items: [...]`) put the rest in `additionalItems`.
  return Array.isArray(schema.items) ? schema.additionalItems : schema.items;
}

function tupleOf(schema: Schema): readonly unknown[] {
  if (Array.isArray(schema.prefixItems)) return schema.prefixItems;
  if (Array.isArray(schema.items)) return schema.items;
  return [];
}

function humanPath(relative: string): string {
  const path = relative.startsWith('.') ? relative.slice(1) : relative;
  return path === '' ? '(root)' : path;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

function objectOrEmpty(value: unknown): Schema {
  return isObject(value) ? value : {};
}

function arrayOrEmpty(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
