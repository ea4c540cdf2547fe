/**
 * Repository-controlled text printed on stdout or stderr stays on its line (issue 28): a config
 * member name, a file name or a ref holding a line break could otherwise start a line of its own —
 * `::add-mask::…`, `::error::…`, `::set-output` are workflow commands to a GitHub runner reading the
 * output. Line breaks (CR, LF, NEL, U+2028/2029), every other control character (C0, DEL, C1) and
 * the bidirectional overrides that reorder what a terminal shows are written as escapes (`\n`,
 * `\u001b`); everything else is kept as it is.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A copy of plain data (objects, arrays) whose every string is kept on one line, for the reports a
 * command prints: a statement's line breaks become spaces (the reports show it flattened anyway),
 * every other string is escaped with {@link oneLine}. Anything that is not plain data is kept as is.
 */
export function printableCopy<T>(value: T, key?: string): T {
  if (typeof value === 'string') return oneLine(key === 'statement' ? value.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, ' ') : value) as T;
  if (Array.isArray(value)) return value.map((item) => printableCopy(item, key)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, printableCopy(item, name)])) as T;
  }
  return value;
}
