/**
 * Whether `value` comes back from `JSON.parse(JSON.stringify(value))` exactly as it is: only plain
 * objects and arrays of strings, finite numbers (not -0), booleans and null, no `undefined` member
 * or element, no `__proto__` key. A derived-cache entry is written only when this holds, so a result
 * read back from the disk is the one computed (a `NaN` bound made `null`, a `Map` made `{}` or a
 * dropped `undefined` member could change what a reader concludes).
 */
export function jsonRoundTrips(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!(index in value) || !jsonRoundTrips(value[index], depth + 1)) return false;
    return Object.getPrototypeOf(value) === Array.prototype;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || !jsonRoundTrips((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  // Symbol keys and non-enumerable properties do not travel.
  return Object.getOwnPropertySymbols(value).length === 0 && Object.getOwnPropertyNames(value).length === Object.keys(value).length;
}

/**
 * `compute()`'s result for `key` (the parts of every input it depends on, with a `kind` naming the result's
 * shape) from the derived cache when an entry of the right shape is there; else computed, and kept
 * when it reads back as it is (see {@link jsonRoundTrips}). Entries are untrusted: `isShape` checks them.
 */
export function throughDerivedCache<T>(
  cache: { get(key: string): unknown; set(key: string, value: unknown): void } | undefined,
  kind: string,
  key: readonly string[],
  isShape: (value: unknown) => value is T,
  compute: () => T,
): T {
  if (cache === undefined) return compute();
  const derivedKey = JSON.stringify([kind, ...key]);
  const cached = cache.get(derivedKey);
  if (isShape(cached)) return cached;
  const value = compute();
  if (jsonRoundTrips(value)) cache.set(derivedKey, value);
  return value;
}
