import { posix } from 'node:path';
import { Node, parseOnlyProject, SyntaxKind, type SourceFile } from '../../../typescript/ts-morph.js';
import type { ModuleResolver } from './constants.js';

/**
 * One in-memory ts-morph project, reused for every migration (parse only: no type checking,
 * no lib files). Each extraction loads its migration and the repository files it imports
 * (relative imports only, read at the same ref) under a private prefix, and forgets them after.
 */

/** Reads a repository file at the ref being analysed; undefined when it does not exist there. */
export type ReadRepoFile = (path: string) => Promise<string | undefined>;

const MAX_IMPORTED_FILES = 25;
const MAX_IMPORT_DEPTH = 3;

let loadCounter = 0;

/** Candidate repository paths of a relative import, in the order Node/TypeScript would try them. */
export function importCandidates(fromPath: string, specifier: string): string[] {
  const base = posix.normalize(posix.join(posix.dirname(fromPath), specifier));
  const candidates = [base, `${base}.ts`, `${base}.js`, `${base}/index.ts`, `${base}/index.js`];
  const withoutJs = /\.(c|m)?js$/.exec(base) ? base.replace(/\.(c|m)?js$/, '') : undefined;
  if (withoutJs) candidates.splice(1, 0, `${withoutJs}.ts`, `${withoutJs}.mts`, `${withoutJs}.cts`);
  return candidates.filter((c) => !c.startsWith('../') && c !== '..' && !posix.isAbsolute(c));
}

function relativeSpecifiers(file: SourceFile): string[] {
  const specifiers = new Set<string>();
  for (const statement of file.getStatements()) {
    if (Node.isImportDeclaration(statement) && !statement.isTypeOnly()) specifiers.add(statement.getModuleSpecifierValue());
    if (Node.isExportDeclaration(statement)) {
      const specifier = statement.getModuleSpecifierValue();
      if (specifier !== undefined) specifiers.add(specifier);
    }
  }
  // Walking every call is the costly part of loading; most ESM migrations have no require().
  const calls = file.getFullText().includes('require(') ? file.getDescendantsOfKind(SyntaxKind.CallExpression) : [];
  for (const call of calls) {
    const [first] = call.getArguments();
    if (call.getExpression().getText() === 'require' && first && Node.isStringLiteral(first)) specifiers.add(first.getLiteralValue());
  }
  return [...specifiers].filter((s) => s.startsWith('./') || s.startsWith('../'));
}

export interface LoadedMigration {
  file: SourceFile;
  modules: ModuleResolver;
  /** Forget every file of this load (keeps the shared project small). */
  release(): void;
}

/** Parses the migration and preloads, breadth first, the repository files it imports. */
export async function loadMigrationSource(path: string, text: string, readRepoFile: ReadRepoFile): Promise<LoadedMigration> {
  const prefix = `/load${++loadCounter}_`;
  const files: SourceFile[] = [];
  const pathByFile = new Map<SourceFile, string>();
  const fileByPath = new Map<string, SourceFile>();
  const missing = new Map<string, string>();
  const create = (repoPath: string, content: string) => {
    // Flat names in the project root: imports are resolved by us, not by TypeScript, and deep
    // per-load folders would pile up in the in-memory file system.
    const extension = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.exec(repoPath)?.[0] ?? '.js';
    const sourceFile = parseOnlyProject().createSourceFile(`${prefix}${files.length}${extension}`, content, { overwrite: true });
    files.push(sourceFile);
    pathByFile.set(sourceFile, repoPath);
    fileByPath.set(repoPath, sourceFile);
    return sourceFile;
  };
  const main = create(path, text);
  const edgeKey = (from: string, specifier: string) => `${from}\0${specifier}`;
  const resolvedEdges = new Map<string, string>();

  let frontier: Array<{ file: SourceFile; path: string }> = [{ file: main, path }];
  for (let depth = 0; depth < MAX_IMPORT_DEPTH && frontier.length > 0; depth++) {
    const nextFrontier: typeof frontier = [];
    for (const { file, path: fromPath } of frontier) {
      for (const specifier of relativeSpecifiers(file)) {
        const candidates = importCandidates(fromPath, specifier);
        if (candidates.length === 0) {
          missing.set(edgeKey(fromPath, specifier), `import \`${specifier}\` leaves the repository`);
          continue;
        }
        const already = candidates.find((c) => fileByPath.has(c));
        if (already) {
          resolvedEdges.set(edgeKey(fromPath, specifier), already);
          continue;
        }
        if (files.length >= MAX_IMPORTED_FILES) {
          missing.set(edgeKey(fromPath, specifier), `import \`${specifier}\` not followed (more than ${MAX_IMPORTED_FILES} files imported)`);
          continue;
        }
        let found: string | undefined;
        for (const candidate of candidates) {
          const content = await readRepoFile(candidate);
          if (content !== undefined) {
            nextFrontier.push({ file: create(candidate, content), path: candidate });
            found = candidate;
            break;
          }
        }
        if (found) resolvedEdges.set(edgeKey(fromPath, specifier), found);
        else missing.set(edgeKey(fromPath, specifier), `import \`${specifier}\` from ${fromPath} was not found in the repository at this ref`);
      }
    }
    frontier = nextFrontier;
  }

  const modules: ModuleResolver = {
    resolve(from, specifier) {
      const fromPath = pathByFile.get(from) ?? path;
      const key = edgeKey(fromPath, specifier);
      const target = resolvedEdges.get(key);
      const targetFile = target === undefined ? undefined : fileByPath.get(target);
      if (targetFile) return { file: targetFile };
      return { missing: missing.get(key) ?? `import \`${specifier}\` from ${fromPath} was not followed (imports nest more than ${MAX_IMPORT_DEPTH} deep)` };
    },
    pathOf: (file) => pathByFile.get(file) ?? file.getFilePath(),
  };
  return {
    file: main,
    modules,
    release: () => {
      for (const sourceFile of files) parseOnlyProject().removeSourceFile(sourceFile);
    },
  };
}
