import type { RestOperation, RestOperationSource, RestSpec } from './model.js';

/**
 * Which operations are unchanged between two specs, so they are skipped without a schema diff.
 *
 * An operation is unchanged when every field the diff reads (parameters, request body, responses,
 * headers, security, extensions) has the same JSON text on both sides, with each `$ref` compared by
 * its text, and every component it reaches through those `$ref`s is unchanged too. A component is
 * unchanged when its JSON text is the same on both sides and no changed component is reachable
 * from it: decided once per spec pair for each `$ref` text, however many operations reference it,
 * by strongly connected components of the `$ref` graph (Tarjan, iterative), so reference cycles
 * end and are judged as a whole.
 *
 * `JSON.stringify` (native, no replacer) does the comparing: a cold process walks 1 MB of parsed
 * JSON several times faster that way than in JavaScript. Nothing is left out (descriptions,
 * examples, key order): a difference anywhere only costs a full diff of the operation, while
 * leaving something out could hide a change. A component renamed with the same content counts as
 * changed: the operation is then diffed, and the diff finds it equal.
 */

export interface UnchangedOperations {
  /**
   * Whether one operation is unchanged judged by what its model is built from (see
   * {@link RestOperationSource}), before building it: the same path, the same JSON text of the
   * operation and of its path item's parameters (or of the path item's `$ref`), every `$ref` in
   * them unchanged, and the same document-wide inputs (version, `security`, Swagger 2.0
   * `consumes`/`produces`): `same`. `reaches-changed`: the same text, but a component it
   * references changed — the operation is diffed without comparing its models first (they would
   * differ the same way). `differs`: compare the models (a changed summary alone changes no model).
   */
  compareSources(base: RestOperationSource, revision: RestOperationSource): 'same' | 'reaches-changed' | 'differs';
  /** Whether the two sides of one operation (same key) are equal in everything the diff reads. */
  unchanged(base: RestOperation, revision: RestOperation): boolean;
  /** Whether a `$ref` (the same text on both sides) leads to equal content in both documents, and so does everything it reaches. */
  unchangedRef(ref: string): boolean;
  /** How many `$ref` targets were compared (each once per spec pair): for tests. */
  readonly comparedRefs: number;
}

export function createUnchangedOperations(base: RestSpec, revision: RestSpec): UnchangedOperations {
  /** Per `$ref` text: `true` when its target is equal on both sides and reaches only equal targets. */
  const clean = new Map<string, boolean>();
  /** Per `$ref` text: the target is deep-equal on both sides (refs by text), with the refs it holds. */
  const own = new Map<string, { equal: boolean; refs: readonly string[] }>();
  const ownOf = (ref: string) => {
    let known = own.get(ref);
    if (!known) {
      const before = base.resolve(ref);
      const after = revision.resolve(ref);
      // An unresolvable target is never "unchanged": the diff reports it.
      const text = before === undefined ? undefined : jsonText(before);
      const equal = text !== undefined && after !== undefined && text === jsonText(after);
      known = { equal, refs: equal ? refsIn(text) : [] };
      own.set(ref, known);
    }
    return known;
  };

  /** Dirtiness of members of a component still on the Tarjan stack (settled when its root closes). */
  const componentDirty = new Map<string, boolean>();
  const isClean = (start: string): boolean => {
    const known = clean.get(start);
    if (known !== undefined) return known;
    // Iterative Tarjan: a deep chain of references cannot overflow the stack.
    const index = new Map<string, number>();
    const lowLink = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const frames: Array<{ ref: string; next: number; dirty: boolean }> = [];
    const open = (ref: string) => {
      index.set(ref, index.size);
      lowLink.set(ref, index.size - 1);
      stack.push(ref);
      onStack.add(ref);
      frames.push({ ref, next: 0, dirty: !ownOf(ref).equal });
    };
    open(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const refs = ownOf(frame.ref).refs;
      if (frame.next < refs.length) {
        const target = refs[frame.next++]!;
        const settled = clean.get(target);
        if (settled !== undefined) {
          if (!settled) frame.dirty = true;
        } else if (!index.has(target)) {
          open(target);
        } else if (onStack.has(target)) {
          lowLink.set(frame.ref, Math.min(lowLink.get(frame.ref)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (lowLink.get(frame.ref) === index.get(frame.ref)) {
        // The root of a strongly connected component: its members are clean only all together.
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.ref);
        const dirty = members.some((ref) => componentDirty.get(ref) === true) || frame.dirty;
        for (const ref of members) {
          clean.set(ref, !dirty);
          componentDirty.delete(ref);
        }
        if (parent && dirty) parent.dirty = true;
      } else {
        // Still part of a component being built: its dirtiness joins the component's.
        if (frame.dirty) componentDirty.set(frame.ref, true);
        if (parent) lowLink.set(parent.ref, Math.min(lowLink.get(parent.ref)!, lowLink.get(frame.ref)!));
      }
    }
    return clean.get(start)!;
  };
  /** The same JSON text on both sides, and every `$ref` in it unchanged. */
  const same = (before: unknown, after: unknown): boolean => {
    const text = jsonText(before);
    return text === jsonText(after) && refsIn(text).every(isClean);
  };
  const sameMaps = <T>(before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>, equal: (a: T, b: T) => boolean): boolean => {
    if (before.size !== after.size) return false;
    for (const [key, value] of before) {
      const other = after.get(key);
      if (other === undefined || !equal(value, other)) return false;
    }
    return true;
  };

  let sameContext: boolean | undefined;
  const contextSame = (): boolean =>
    (sameContext ??=
      base.version === revision.version && (['security', 'consumes', 'produces'] as const).every((key) => same(base.document[key], revision.document[key])));

  return {
    compareSources(before, after) {
      if (before.path !== after.path || !contextSame()) return 'differs';
      // A path item written as a `$ref`: the same unchanged reference is the same item, operations included.
      const parts: Array<[unknown, unknown]> = [
        isReference(before.rawItem) || isReference(after.rawItem) ? [before.rawItem, after.rawItem] : [before.item.parameters, after.item.parameters],
        [before.operation, after.operation],
      ];
      const refs: string[] = [];
      for (const [beforePart, afterPart] of parts) {
        const text = jsonText(beforePart);
        if (text !== jsonText(afterPart)) return 'differs';
        refs.push(...refsIn(text));
      }
      return refs.every(isClean) ? 'same' : 'reaches-changed';
    },
    unchanged(before, after) {
      // Extensions carry policies (stability level, sunset): a change there is a change of the operation.
      if (
        before.deprecated !== after.deprecated ||
        !sameArrays(before.pathParameterNames, after.pathParameterNames) ||
        !same(before.extensions, after.extensions)
      )
        return false;
      const parametersSame = sameMaps(
        before.parameters,
        after.parameters,
        (a, b) =>
          a.name === b.name &&
          a.required === b.required &&
          a.deprecated === b.deprecated &&
          a.style === b.style &&
          a.explode === b.explode &&
          same(a.extensions, b.extensions) &&
          same(a.schema, b.schema),
      );
      if (!parametersSame) return false;
      if ((before.requestBody === undefined) !== (after.requestBody === undefined)) return false;
      if (before.requestBody && after.requestBody) {
        if (before.requestBody.required !== after.requestBody.required) return false;
        if (!sameMaps(before.requestBody.content, after.requestBody.content, (a, b) => same(a.schema, b.schema))) return false;
      }
      const responsesSame = sameMaps(
        before.responses,
        after.responses,
        (a, b) =>
          sameMaps(a.headers, b.headers, (x, y) => x.required === y.required && same(x.schema, y.schema)) &&
          sameMaps(a.content, b.content, (x, y) => same(x.schema, y.schema)),
      );
      if (!responsesSame) return false;
      if (before.security.length !== after.security.length) return false;
      return before.security.every((alternative, position) => sameMaps(alternative, after.security[position]!, sameArrays));
    },
    unchangedRef: isClean,
    get comparedRefs() {
      return own.size;
    },
  };
}

function isReference(node: unknown): boolean {
  return node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';
}

function sameArrays(before: readonly unknown[], after: readonly unknown[]): boolean {
  return before.length === after.length && before.every((value, position) => value === after[position]);
}

/**
 * Texts of document nodes already written, by node: a backfill compares release n with n+1 and then
 * n+1 with n+2, and the engine keeps the middle spec's model (never mutated), so every node of it
 * would otherwise be written twice; on a real 1 MB spec this was the REST stage's largest cost.
 */
const textOfNode = new WeakMap<object, string>();

function jsonText(node: unknown): string {
  if (node === null || typeof node !== 'object') return JSON.stringify(node) ?? 'undefined';
  let text = textOfNode.get(node);
  if (text === undefined) {
    text = JSON.stringify(node) ?? 'undefined';
    textOfNode.set(node, text);
  }
  return text;
}

/**
 * Every `$ref` string of a JSON text written by `JSON.stringify` (no spaces). A quote inside a
 * string is always escaped, so `"$ref":"` unescaped is a `$ref` key with a string value; the only
 * look-alike is a key ending in an escaped quote + `$ref`, which adds a spurious reference: that
 * can only make an operation count as changed (diffed), never hide one.
 */
function refsIn(text: string): string[] {
  if (!text.includes('"$ref":"')) return [];
  const refs: string[] = [];
  for (const match of text.matchAll(/"\$ref":"((?:[^"\\]|\\.)*)"/g)) {
    const raw = match[1]!;
    refs.push(raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw);
  }
  return refs;
}
