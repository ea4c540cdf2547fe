import { lineOf, parseSource, walk, type t } from '../../../syntax/parse.js';
import { followExport, type ExportOrigin, type ExportSources } from '../../../syntax/bindings.js';
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
  /** The loaded file an import leads to (src/syntax/modules.ts), a package outside the repository, or why it leads nowhere we can read. */
  resolve(from: SourceFile, specifier: string): SourceFile | { packageName: string } | string;
  /** The loaded file at a repository path. */
  fileAt(path: string): SourceFile | undefined;
  /** Where `file`'s export `name` comes from, re-exports and `export *` followed (src/syntax/bindings.ts). */
  exportOf(file: SourceFile, name: string): ExportOrigin | undefined;
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

/** Parsed files by path and blob, shared by every program (base and head, MCP and tRPC, a backfill's pairs). */
const parsedByBlob = new Map<string, SourceFile | ParseProblem>();
/** Source characters kept parsed (a syntax tree weighs tens of times its text): enough for both refs of a large closure. */
const PARSED_TEXT_LIMIT = 16 * 1024 * 1024;
let parsedText = 0;
/**
 * Parents and owning files of every node of every parsed file, kept on the nodes under symbols (not
 * enumerated, never serialised): an AST is shared, so what it knows is too, and a property read is
 * far cheaper than a map of a few hundred thousand nodes.
 */
const PARENT = Symbol('parent');
const FILE = Symbol('file');
type Linked = t.Node & { [PARENT]?: t.Node; [FILE]?: SourceFile };
const parentOf = (node: t.Node): t.Node | undefined => (node as Linked)[PARENT];

function parseFile(path: string, text: string, blob: string | undefined): SourceFile | ParseProblem {
  const key = blob === undefined ? undefined : `${path}\0${blob}`;
  const cached = key === undefined ? undefined : parsedByBlob.get(key);
  if (cached) return cached;
  const parsed = parseSource(path, text);
  let file: SourceFile | ParseProblem;
  if (!parsed.ok) file = { path, line: parsed.line, message: parsed.message };
  else {
    file = { path, ast: parsed.ast, text };
    (parsed.ast as Linked)[FILE] = file;
    // Iterative (parse.ts's walk): a long `a + b + …` chain nests deeper than the call stack allows.
    walk(parsed.ast, (node, parent) => {
      if (parent) (node as Linked)[PARENT] = parent;
    });
  }
  if (key !== undefined) {
    if (parsedText + text.length > PARSED_TEXT_LIMIT) {
      parsedByBlob.clear();
      parsedText = 0;
    }
    parsedByBlob.set(key, file);
    parsedText += text.length;
  }
  return file;
}

/**
 * Parses every file; a file that does not parse is returned as a problem (the surface fails closed).
 * With `blobs` (path → blob id), a file parsed before at the same path and blob is not parsed again:
 * the closures of two refs share most of their files.
 */
export function loadProgram(
  sourcePaths: readonly string[],
  texts: ReadonlyMap<string, string>,
  layout: ModuleLayout = EMPTY_LAYOUT,
  blobs?: ReadonlyMap<string, string>,
): Program | ParseProblem {
  const fileByPath = new Map<string, SourceFile>();
  for (const [path, text] of texts) {
    const file = parseFile(path, text, blobs?.get(path));
    if (!('ast' in file)) return file;
    fileByPath.set(path, file);
  }
  const sources = sourcePaths.map((path) => fileByPath.get(path)).filter((file): file is SourceFile => file !== undefined);
  const exists = (candidate: string) => fileByPath.has(candidate);
  const exportSources: ExportSources<SourceFile> = {
    module: (path) => fileByPath.get(path),
    astOf: (file) => file.ast,
    resolve: (fromPath, specifier) => resolveImportDetailed(fromPath, specifier, exists, layout),
  };
  const program: Program = {
    sources,
    files: [...new Set([...sources, ...fileByPath.values()])],
    pathOf: (file) => file.path,
    resolve(from, specifier) {
      const resolution = resolveImportDetailed(from.path, specifier, exists, layout);
      if (resolution.kind === 'file') return fileByPath.get(resolution.path)!;
      if (resolution.kind === 'external') return { packageName: resolution.packageName };
      return resolution.reason;
    },
    fileAt: (path) => fileByPath.get(path),
    exportOf: (file, name) => followExport(file.path, name, exportSources),
    parentOf,
    fileOf(node) {
      let root = node;
      for (let parent = parentOf(root); parent; parent = parentOf(root)) root = parent;
      const file = (root as Linked)[FILE];
      if (!file) throw new Error(`a node at line ${lineOf(node)} belongs to no loaded file`);
      return file;
    },
    release() {
      // The trees stay in the shared cache (bounded): the other ref and the next pair read them again.
    },
  };
  return program;
}
