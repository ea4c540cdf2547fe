import { parseOnlyProject, type SourceFile } from '../../../typescript/ts-morph.js';
import { resolveModulePath } from './module-path.js';

/**
 * The repository files of one ref that the tool extraction may read: the configured sources and
 * every in-repo module they import (the closure computed by `closure.ts`), parsed into one shared
 * in-memory ts-morph project (parse only: no type checking, no lib files, nothing executed).
 */
export interface Program {
  readonly sources: readonly SourceFile[];
  /** Every loaded file, the sources first: registrations and wrapper calls may sit in imported modules too. */
  readonly files: readonly SourceFile[];
  pathOf(file: SourceFile): string;
  /** The loaded file a relative import leads to, or why it does not lead anywhere we can read. */
  resolve(from: SourceFile, specifier: string): SourceFile | string;
  release(): void;
}

let loadCounter = 0;

export interface ParseProblem {
  path: string;
  line: number;
  message: string;
}

/** Parses every file; a file that does not parse is returned as a problem (the surface fails closed). */
export function loadProgram(sourcePaths: readonly string[], texts: ReadonlyMap<string, string>): Program | ParseProblem {
  const prefix = `/mcp${++loadCounter}_`;
  const fileByPath = new Map<string, SourceFile>();
  const pathByFile = new Map<SourceFile, string>();
  let index = 0;
  const release = () => {
    for (const file of fileByPath.values()) parseOnlyProject().removeSourceFile(file);
  };
  for (const [path, text] of texts) {
    // Flat names: imports are resolved by us, not by TypeScript.
    const extension = /\.(tsx|ts|mts|cts|jsx|js|mjs|cjs)$/.exec(path)?.[0] ?? '.ts';
    const file = parseOnlyProject().createSourceFile(`${prefix}${index++}${extension}`, text, { overwrite: true });
    fileByPath.set(path, file);
    pathByFile.set(file, path);
    const problem = firstParseError(file);
    if (problem) {
      release();
      return { path, ...problem };
    }
  }
  const sources = sourcePaths.map((path) => fileByPath.get(path)).filter((file): file is SourceFile => file !== undefined);
  return {
    sources,
    files: [...new Set([...sources, ...fileByPath.values()])],
    pathOf: (file) => pathByFile.get(file) ?? file.getFilePath(),
    resolve(from, specifier) {
      const fromPath = pathByFile.get(from) ?? '';
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return `\`${specifier}\` is not a relative import inside the repository`;
      const target = resolveModulePath((candidate) => fileByPath.has(candidate), fromPath, specifier);
      const file = target === undefined ? undefined : fileByPath.get(target);
      if (file) return file;
      return `import \`${specifier}\` from ${fromPath} was not found in the repository at this ref`;
    },
    release,
  };
}

function firstParseError(file: SourceFile): { line: number; message: string } | undefined {
  const diagnostics = (file.compilerNode as unknown as { parseDiagnostics?: ReadonlyArray<{ start?: number; messageText: unknown }> }).parseDiagnostics ?? [];
  const first = diagnostics[0];
  if (!first) return undefined;
  const line = first.start === undefined ? 0 : file.getLineAndColumnAtPos(first.start).line;
  const message = typeof first.messageText === 'string' ? first.messageText : String((first.messageText as { messageText?: string }).messageText ?? 'syntax error');
  return { line, message };
}
