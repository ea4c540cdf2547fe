import { assertNoDuplicateKeys } from './json-duplicate-keys.js';

/**
 * JSON or YAML documents (OpenAPI specs, MCP snapshots). JSON is tried by file name or first
 * character because `JSON.parse` is several times faster than any YAML parser on a 1 MB document;
 * YAML uses js-yaml's core schema (YAML 1.2: no timestamps turned into Dates), loaded only when needed.
 * Measured on a 1 MB OpenAPI YAML file: js-yaml ~80 ms, the `yaml` package ~540 ms.
 */
export type StructuredFormat = 'JSON' | 'YAML';

export function formatOf(path: string, text: string): StructuredFormat {
  return path.endsWith('.json') || /^\s*[[{]/.test(text) ? 'JSON' : 'YAML';
}

/**
 * `JSON.parse` that accepts the byte-order mark some Windows editors write first: the file is valid
 * JSON to its author, and `JSON.parse` alone would reject it with an unreadable "Unexpected token".
 * Throws a `DuplicateKeyError` for an object that holds a key twice. `countKeys`, when given, counts
 * the keys of every object in the parsed value (see `assertNoDuplicateKeys`) for a caller that walks
 * the value anyway.
 */
export function parseJson(text: string, countKeys?: (value: unknown) => number): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const value: unknown = JSON.parse(json);
  // A repeated key would otherwise be dropped silently (the last one wins): refused instead.
  assertNoDuplicateKeys(json, value, countKeys?.(value));
  return value;
}

/** `JSON.parse` with the byte-order mark allowed and duplicate keys not checked: for naming where a duplicate sits. */
export function parseJsonLenient(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** Parses `text` as JSON or YAML; throws an Error whose message names the format that failed. */
export async function parseJsonOrYaml(text: string, path: string): Promise<unknown> {
  const format = formatOf(path, text);
  if (format === 'JSON') return assertBoundedDepth(parseJson(text), path);
  if (text.length > YAML_MAX_CHARACTERS) {
    throw new Error(`${path}: YAML document of ${text.length} characters is larger than the ${YAML_MAX_CHARACTERS} this tool reads`);
  }
  const { load, CORE_SCHEMA } = await import('js-yaml');
  // js-yaml refuses duplicate keys itself ("duplicated mapping key").
  const document = load(text, { schema: CORE_SCHEMA, filename: path });
  assertBoundedExpansion(document, path);
  return assertBoundedDepth(document, path);
}

/**
 * Deepest nesting of objects and arrays a document may have (issue 28): every reader of a spec or a
 * snapshot walks it recursively, and a 20,000-deep schema ended in "Maximum call stack size exceeded".
 * Real OpenAPI documents stay far below (a few dozen levels).
 */
export const MAX_DOCUMENT_DEPTH = 200;

/** The document, when it nests no deeper than {@link MAX_DOCUMENT_DEPTH}; else an error naming the file (walked without recursion). */
function assertBoundedDepth(document: unknown, path: string): unknown {
  const deepestSeen = new Map<object, number>();
  const stack: Array<[unknown, number]> = [[document, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DOCUMENT_DEPTH)
      throw new Error(
        `${path}: nests deeper than ${MAX_DOCUMENT_DEPTH} levels of objects and arrays (refused: a document this deep is not a real spec, and readers walk it recursively)`,
      );
    // A shared YAML node is walked again only when reached deeper than before.
    if ((deepestSeen.get(value) ?? 0) >= depth) continue;
    deepestSeen.set(value, depth);
    for (const child of Array.isArray(value) ? value : Object.values(value)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return document;
}

/** Larger YAML is refused before parsing: js-yaml holds the whole tree (≈80 ms per MB) and real specs stay far below. */
export const YAML_MAX_CHARACTERS = 32 * 1024 * 1024;
/** Expanded nodes always allowed; above it, at most {@link ALIAS_EXPANSION_FACTOR}× the distinct nodes. */
export const ALIAS_EXPANSION_FLOOR = 1_000_000;
export const ALIAS_EXPANSION_FACTOR = 10;

/**
 * YAML aliases share one node, so a 1 KB document of nested aliases loads in a millisecond and
 * expands to billions of nodes for every reader that walks it (the "billion laughs"). The expanded
 * size is counted with each shared node counted once (memoised by identity) and refused above the
 * cap; an alias inside its own anchor makes a cycle no reader could finish, and is refused too.
 */
function assertBoundedExpansion(document: unknown, path: string): void {
  const expandedSize = new Map<object, number>();
  const inProgress = new Set<object>();
  const sizeOf = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 1;
    const known = expandedSize.get(node);
    if (known !== undefined) return known;
    if (inProgress.has(node)) throw new Error(`${path}: a YAML alias refers to itself (an alias inside its own anchor)`);
    inProgress.add(node);
    let size = 1;
    for (const child of Array.isArray(node) ? node : Object.values(node)) size += sizeOf(child);
    inProgress.delete(node);
    expandedSize.set(node, size);
    return size;
  };
  const expanded = sizeOf(document);
  const cap = Math.max(ALIAS_EXPANSION_FLOOR, ALIAS_EXPANSION_FACTOR * expandedSize.size);
  if (expanded > cap) {
    throw new Error(`${path}: YAML aliases expand the document to more than ${cap} nodes (${expandedSize.size} distinct): refused as an alias bomb`);
  }
}
