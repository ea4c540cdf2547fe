import { lineOf, parseSource, walk, type t } from '../../../syntax/parse.js';
import { EMPTY_LAYOUT, resolveImportDetailed, type ModuleLayout } from '../../../syntax/modules.js';

/**
 * The repository files of one ref that the tool extraction may read: the configured sources and
 * every in-repo module they import (the closure computed by `closure.ts`), each parsed on its own
 * (src/syntax/parse.ts: syntax only, nothing type-checked or executed). Babel nodes know neither
 * their parent nor their file: the program records both once, for every node of every file.
 */
export interface SourceFile {
  readonly path: string;
  readonly ast: t.File;
  readonly text: string;
}

export interface Program {
  readonly sources: readonly SourceFile[];
  /** Every loaded file, the sources first: registrations and wrapper calls may sit in imported modules too. */
  readonly files: readonly SourceFile[];
  pathOf(file: SourceFile): string;
  /** The loaded file a relative import leads to, or why it does not lead anywhere we can read. */
  resolve(from: SourceFile, specifier: string): SourceFile | string;
  /** The node's parent (undefined for a file's root). */
  parentOf(node: t.Node): t.Node | undefined;
  /** The file a node belongs to. */
  fileOf(node: t.Node): SourceFile;
  release(): void;
}

export interface ParseProblem {
  path: string;
  line: number;
  message: string;
}

/** Parses every file; a file that does not parse is returned as a problem (the surface fails closed). */
export function loadProgram(sourcePaths: readonly string[], texts: ReadonlyMap<string, string>, layout: ModuleLayout = EMPTY_LAYOUT): Program | ParseProblem {
  const fileByPath = new Map<string, SourceFile>();
  const fileByRoot = new Map<t.Node, SourceFile>();
  const parents = new Map<t.Node, t.Node>();
  for (const [path, text] of texts) {
    const parsed = parseSource(path, text);
    if (!parsed.ok) return { path, line: parsed.line, message: parsed.message };
    const file: SourceFile = { path, ast: parsed.ast, text };
    fileByPath.set(path, file);
    fileByRoot.set(parsed.ast, file);
    // Iterative (parse.ts's walk): a long `a + b + …` chain nests deeper than the call stack allows.
    walk(parsed.ast, (node, parent) => {
      if (parent) parents.set(node, parent);
    });
  }
  const sources = sourcePaths.map((path) => fileByPath.get(path)).filter((file): file is SourceFile => file !== undefined);
  const program: Program = {
    sources,
    files: [...new Set([...sources, ...fileByPath.values()])],
    pathOf: (file) => file.path,
    resolve(from, specifier) {
      const resolution = resolveImportDetailed(from.path, specifier, (candidate) => fileByPath.has(candidate), layout);
      if (resolution.kind === 'file') return fileByPath.get(resolution.path)!;
      if (resolution.kind === 'external') return `\`${specifier}\` is not a module of the repository`;
      return resolution.reason;
    },
    parentOf: (node) => parents.get(node),
    fileOf(node) {
      let root = node;
      for (let parent = parents.get(root); parent; parent = parents.get(root)) root = parent;
      const file = fileByRoot.get(root);
      if (!file) throw new Error(`a node at line ${lineOf(node)} belongs to no loaded file`);
      return file;
    },
    release() {
      // Nothing is shared between loads: the trees go with the program.
    },
  };
  return program;
}
