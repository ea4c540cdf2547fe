/**
 * Orders strings by UTF-16 code units, independent of the locale (`localeCompare` is not): sorted
 * output must be byte-identical on every machine. For paths this is git's byte order except between
 * characters above U+FFFF and those from U+E000 to U+FFFF, which only ever changes a stable order.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
