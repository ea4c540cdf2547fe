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
