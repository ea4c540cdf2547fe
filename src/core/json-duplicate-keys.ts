/**
 * Duplicate keys in JSON. `JSON.parse` keeps the last of two equal keys silently, so
 * `"rollingUpdateSafe": false, "rollingUpdateSafe": true` would read as proven safe. The check is
 * split for speed: counting the key candidates of the text and the keys of the parsed value is one
 * native search per colon and one walk (≈4 ms cold on the 890 KB real index); only when the counts differ
 * does the slower token scan run, to find and name the first duplicate (or find none: a string value
that holds `":` is counted too, so a mismatch alone proves nothing).
 */

/** A JSON document holding the same key twice in one object. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly key: string,
    /** Where the object holding the key sits, as JSON-pointer segments (empty: the top level). */
    readonly segments: readonly (string | number)[],
  ) {
    super(`duplicate key ${JSON.stringify(key)} at ${jsonPointer(segments)} (refused: a reader would silently keep only the last one)`);
  }
}

export function jsonPointer(segments: readonly (string | number)[]): string {
  if (segments.length === 0) return '/';
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * Throws {@link DuplicateKeyError} when `text` (already accepted by `JSON.parse` as `value`) repeats a
 * key in one object. `parsedKeyCount`, when given, is what {@link countParsedKeys} would return for
 * `value`, counted by a caller that walks the value anyway (upgrade-check, src/span/entries-pass.ts).
 */
export function assertNoDuplicateKeys(text: string, value: unknown, parsedKeyCount?: number): void {
  // Every key is counted, plus any string that holds `":` itself: equal counts prove no key was lost.
  if (countKeyCandidates(text) === (parsedKeyCount ?? countParsedKeys(value))) return;
  const duplicate = findDuplicateKey(text);
  if (duplicate) throw duplicate;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** End index of the string starting at `start` (the opening quote) in valid JSON: its closing quote. */
function closingQuote(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
}

/**
 * Colons whose previous non-blank character is a quote. Every object member has one, so this is at
 * least the number of keys; a string value such as `"a\":b"` adds more. The regular expression
 * engine does the scanning natively, which keeps this cheap before the JIT warms up (a CLI run is
 * always cold; upgrade-check runs with the optimizing compiler off).
 */
function countKeyCandidates(text: string): number {
  const quoteThenColon = /"[ \t\n\r]*:/g;
  let count = 0;
  while (quoteThenColon.test(text)) count++;
  return count;
}

/** Own keys of every object in a parsed JSON value; iterative, so deep documents cannot overflow the stack. */
export function countParsedKeys(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) pending.push(item);
      continue;
    }
    for (const key in node) {
      count++;
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) pending.push(child);
    }
  }
  return count;
}

interface Frame {
  /** Where this container sits in its parent. */
  segment: string | number | undefined;
  keys: Set<string> | undefined;
  /** Arrays: index of the current element. Objects: the key of the current member. */
  position: number;
  key: string | undefined;
  expectingKey: boolean;
}

/** The first duplicate key of valid JSON `text`, scanning token by token with a stack of containers. */
export function findDuplicateKey(text: string): DuplicateKeyError | undefined {
  const frames: Frame[] = [];
  const segmentOfNext = (): string | number | undefined => {
    const parent = frames.at(-1);
    if (!parent) return undefined;
    return parent.keys ? parent.key : parent.position;
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const top = frames.at(-1);
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      const isObject = code === 0x7b;
      frames.push({ segment: segmentOfNext(), keys: isObject ? new Set() : undefined, position: 0, key: undefined, expectingKey: isObject });
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      frames.pop();
    } else if (code === 0x2c /* , */ && top) {
      if (top.keys) top.expectingKey = true;
      else top.position++;
    } else if (code === QUOTE) {
      const end = closingQuote(text, index);
      if (top?.keys && top.expectingKey) {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (top.keys.has(key))
          return new DuplicateKeyError(
            key,
            frames.slice(1).map((frame) => frame.segment ?? ''),
          );
        top.keys.add(key);
        top.key = key;
        top.expectingKey = false;
      }
      index = end;
    }
  }
  return undefined;
}
