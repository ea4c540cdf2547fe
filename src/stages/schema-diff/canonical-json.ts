/**
 * JSON text with object keys sorted, so that `{a, b}` and `{b, a}` compare equal
 * (enum values, `const`, `default`). `undefined` stays `undefined`.
 */
export function canonicalJson(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** {@link canonicalJson}, or `undefined` when the value cannot be written as JSON (a circular object graph). */
export function canonicalJsonIfAcyclic(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return undefined;
  }
}

/**
 * {@link canonicalJson} with every `$ref` replaced by the schema it resolves to (a ref back into a
 * schema being written stays the ref text), for keywords this diff compares as a whole (`not`, an
 * `if` condition, an unmodelled keyword): a change inside a referenced component then shows, and a
 * `$ref` is the same as its target written inline. `undefined` when it cannot be written: a
 * circular object graph, or a `$ref` that does not resolve — callers treat that as changed.
 */
export function canonicalJsonResolved(value: unknown, resolve: (ref: string) => unknown): string | undefined {
  const open = new Set<string>();
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && !open.has(ref)) {
      const target = resolve(ref);
      if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
      open.add(ref);
      const resolved = inline(target);
      open.delete(ref);
      const siblings = Object.keys(record).filter((key) => key !== '$ref');
      // A bare `$ref` is its target; keywords beside it are kept beside the target, in its place.
      if (siblings.length === 0) return resolved;
      return { ...sortedInline(record, inline, '$ref'), $ref: resolved };
    }
    return sortedInline(record, inline);
  };
  try {
    return value === undefined ? undefined : JSON.stringify(inline(value));
  } catch {
    return undefined;
  }
}

/** `record` with sorted keys and each value through `inline`, `skipped` left out. */
function sortedInline(record: Record<string, unknown>, inline: (node: unknown) => unknown, skipped?: string): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) if (key !== skipped) sorted[key] = inline(record[key]);
  return sorted;
}
