import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node, type YAMLMap, type YAMLSeq } from 'yaml';

/**
 * A deployment file's YAML as the `yaml` package parses it (multi-document files, anchors, merge
 * keys), read through a few helpers that resolve aliases and merge keys and keep the line of every
 * value, so each image reference and each environment variable is cited by file and line.
 */
export interface ParsedYamlFile {
  documents: { document: Document.Parsed; errors: string[] }[];
  lineOf(node: Node | undefined): number;
}

export function parseYamlFile(text: string): ParsedYamlFile {
  const lineCounter = new LineCounter();
  // `uniqueKeys: false`: a duplicate key is the file's problem, not a reason to lose every other reference in it.
  const documents = parseAllDocuments(text, { lineCounter, merge: true, uniqueKeys: false, prettyErrors: true });
  const list = Array.isArray(documents) ? documents : [];
  return {
    documents: list.map((document) => ({
      document,
      errors: document.errors.map(
        (error) => `${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}${error.linePos ? ` (line ${error.linePos[0].line})` : ''}`,
      ),
    })),
    lineOf(node) {
      const offset = node?.range?.[0];
      return offset === undefined ? 0 : lineCounter.linePos(offset).line;
    },
  };
}

/** The node an alias stands for (one level: the `yaml` package refuses alias cycles itself). */
export function resolved(node: unknown, document: Document.Parsed): Node | undefined {
  if (isAlias(node)) return node.resolve(document) as Node | undefined;
  return (node ?? undefined) as Node | undefined;
}

const isMergeKey = (key: unknown) => isScalar(key) && (key.source === '<<' || typeof key.value === 'symbol');

/** The value of `key` in a map: its own pairs first (they override), then those merged in with `<<`. */
export function member(map: unknown, key: string, document: Document.Parsed, depth = 0): Node | undefined {
  const target = resolved(map, document);
  if (!isMap(target) || depth > 8) return undefined;
  for (const pair of target.items) {
    if (isScalar(pair.key) && String(pair.key.value) === key && !isMergeKey(pair.key)) return resolved(pair.value, document) ?? undefined;
  }
  for (const pair of target.items) {
    if (!isMergeKey(pair.key)) continue;
    const sources = resolved(pair.value, document);
    const maps = isSeq(sources) ? sources.items : [sources];
    for (const source of maps) {
      const found = member(source, key, document, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Every `[key, value]` of a map, merge keys expanded (own pairs win), in source order. */
export function entries(map: unknown, document: Document.Parsed, depth = 0): [string, Node | undefined, Node | undefined][] {
  const target = resolved(map, document);
  if (!isMap(target) || depth > 8) return [];
  const own: [string, Node | undefined, Node | undefined][] = [];
  const merged: [string, Node | undefined, Node | undefined][] = [];
  for (const pair of target.items) {
    if (isMergeKey(pair.key)) {
      const sources = resolved(pair.value, document);
      for (const source of isSeq(sources) ? sources.items : [sources]) merged.push(...entries(source, document, depth + 1));
    } else if (isScalar(pair.key)) {
      own.push([String(pair.key.value), pair.key as Node, resolved(pair.value, document)]);
    }
  }
  const names = new Set(own.map(([name]) => name));
  return [...own, ...merged.filter(([name]) => !names.has(name))];
}

/** The items of a sequence, aliases resolved. */
export function items(seq: unknown, document: Document.Parsed): Node[] {
  const target = resolved(seq, document);
  if (!isSeq(target)) return [];
  return (target as YAMLSeq).items.map((item) => resolved(item, document)).filter((item): item is Node => item !== undefined && item !== null);
}

/**
 * A scalar as the file writes it: `tag: 1.20` is the text `1.20`, not the number 1.2 (an image tag is
 * text, and YAML's number reading would turn `1.10` into `1.1`).
 */
export function scalarText(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'string') return node.value;
  if (typeof node.value === 'number' || typeof node.value === 'boolean') return node.source ?? String(node.value);
  return undefined;
}

export function isMapNode(node: unknown): node is YAMLMap {
  return isMap(node);
}
