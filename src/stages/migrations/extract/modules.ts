import { posix } from 'node:path';
import { importCandidates as candidatePaths, isRelativeSpecifier, type ModuleLayout } from '../../../syntax/modules.js';
import { walk } from '../../../syntax/parse.js';
import type { ExtractedMigration, HeavinessFlag } from '../types.js';
import type { ModuleResolver } from './constants.js';
import { isCall, parseFile, textOf, type SourceFile } from './source.js';

/**
 * Loads a migration and the repository files it imports (read at the same ref): relative imports,
 * and — when the caller knows the ref's tree — tsconfig `paths`/`baseUrl` aliases and workspace
 * packages, resolved by the toolkit (src/syntax/modules.ts) like every other reader's. Each file is
 * parsed once (src/syntax/parse.ts) for the length of one extraction.
 */

/** How bare specifiers resolve at the ref: its module layout, and which paths exist in its tree. */
export interface ImportLayout {
  layout: ModuleLayout;
  exists(path: string): boolean;
}

/** Reads a repository file at the ref being analysed; undefined when it does not exist there. */
export interface ReadRepoFile {
  (path: string): Promise<string | undefined>;
  /**
   * The ref's module layout (src/stages/code-closure.ts moduleLayoutOf), asked for only when a loaded
   * file imports a bare specifier. Left out (plain files: `lint-migrations`), only relative imports
   * are followed and a bare one is a package or alias outside the files read.
   */
  importLayout?: () => Promise<ImportLayout>;
}

/** Why a bare specifier that leads to no repository file is not followed (the evaluator's words for it). */
export function outsideRepository(specifier: string): string {
  return `\`${specifier}\` is a package or path alias outside the repository files`;
}

const MAX_IMPORTED_FILES = 25;
const MAX_IMPORT_DEPTH = 3;

/** Candidate repository paths of a relative import, in the order Node/TypeScript would try them (src/syntax/modules.ts). */
export function importCandidates(fromPath: string, specifier: string): string[] {
  const candidates = candidatePaths(fromPath, specifier);
  // The path as written comes first, as Node tries it (a file without an extension is read like any other).
  const asWritten = posix.normalize(posix.join(posix.dirname(fromPath), specifier));
  return candidates.length === 0 || candidates.includes(asWritten) ? candidates : [asWritten, ...candidates];
}

function importedSpecifiers(file: SourceFile, bare: boolean): string[] {
  const specifiers = new Set<string>();
  for (const statement of file.statements) {
    if (statement.type === 'ImportDeclaration' && statement.importKind !== 'type') specifiers.add(statement.source.value);
    if ((statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') && statement.source) specifiers.add(statement.source.value);
  }
  // Walking every call is the costly part of loading; most ESM migrations have no require().
  if (file.text.includes('require(')) {
    walk(file.ast, (node) => {
      if (!isCall(node)) return;
      const [first] = node.arguments;
      if (textOf(node.callee) === 'require' && first?.type === 'StringLiteral') specifiers.add(first.value);
    });
  }
  return [...specifiers].filter((s) => bare || s.startsWith('./') || s.startsWith('../'));
}

export interface LoadedMigration {
  file: SourceFile;
  modules: ModuleResolver;
}

/** The migration itself does not parse: the line and the parser's reason. */
export interface UnparsedMigration {
  unparsed: { line: number; reason: string };
}

/** A migration that does not parse: one unresolved part at the parser's line, every heaviness flag unknown. */
export function unparsedMigration(file: string, text: string, loaded: UnparsedMigration): ExtractedMigration {
  const evidence = text.split('\n')[loaded.unparsed.line - 1]?.trim();
  const affects: HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];
  return {
    file,
    statements: [],
    unresolved: [{ line: loaded.unparsed.line, reason: loaded.unparsed.reason, affects, ...(evidence ? { evidence } : {}) }],
    inTransaction: true,
  };
}

/** Parses the migration and preloads, breadth first, the repository files it imports. */
export async function loadMigrationSource(path: string, text: string, readRepoFile: ReadRepoFile): Promise<LoadedMigration | UnparsedMigration> {
  const parsedMain = parseFile(path, text);
  if (!parsedMain.ok) return { unparsed: { line: parsedMain.line, reason: parsedMain.reason } };
  const main = parsedMain.file;
  let loadedFiles = 1;
  const fileByPath = new Map<string, SourceFile>([[path, main]]);
  const missing = new Map<string, string>();
  const edgeKey = (from: string, specifier: string) => `${from}\0${specifier}`;
  const resolvedEdges = new Map<string, string>();
  /** Repository paths read that do not parse, with the parser's reason. */
  const unparsed = new Map<string, string>();

  let frontier: SourceFile[] = [main];
  let layout: ImportLayout | undefined;
  for (let depth = 0; depth < MAX_IMPORT_DEPTH && frontier.length > 0; depth++) {
    const nextFrontier: SourceFile[] = [];
    for (const file of frontier) {
      const fromPath = file.path;
      for (const specifier of importedSpecifiers(file, readRepoFile.importLayout !== undefined)) {
        let candidates: string[];
        if (isRelativeSpecifier(specifier)) {
          candidates = importCandidates(fromPath, specifier);
          if (candidates.length === 0) {
            missing.set(edgeKey(fromPath, specifier), `import \`${specifier}\` leaves the repository`);
            continue;
          }
        } else {
          // An alias (`@/db/names`) or a workspace package (`@app/shared`): the files of this ref it may name.
          layout ??= await readRepoFile.importLayout!();
          const resolvedLayout = layout;
          candidates = candidatePaths(fromPath, specifier, resolvedLayout.layout).filter((candidate) => resolvedLayout.exists(candidate));
          if (candidates.length === 0) {
            missing.set(edgeKey(fromPath, specifier), outsideRepository(specifier));
            continue;
          }
        }
        const already = candidates.find((c) => fileByPath.has(c) || unparsed.has(c));
        if (already) {
          resolvedEdges.set(edgeKey(fromPath, specifier), already);
          continue;
        }
        if (loadedFiles >= MAX_IMPORTED_FILES) {
          missing.set(edgeKey(fromPath, specifier), `import \`${specifier}\` not followed (more than ${MAX_IMPORTED_FILES} files imported)`);
          continue;
        }
        let found: string | undefined;
        for (const candidate of candidates) {
          const content = await readRepoFile(candidate);
          if (content === undefined) continue;
          loadedFiles++;
          const parsed = parseFile(candidate, content);
          if (parsed.ok) {
            fileByPath.set(candidate, parsed.file);
            nextFrontier.push(parsed.file);
          } else {
            unparsed.set(candidate, parsed.reason);
          }
          found = candidate;
          break;
        }
        if (found) resolvedEdges.set(edgeKey(fromPath, specifier), found);
        else missing.set(edgeKey(fromPath, specifier), `import \`${specifier}\` from ${fromPath} was not found in the repository at this ref`);
      }
    }
    frontier = nextFrontier;
  }

  const modules: ModuleResolver = {
    resolve(from, specifier) {
      const key = edgeKey(from.path, specifier);
      const target = resolvedEdges.get(key);
      const targetFile = target === undefined ? undefined : fileByPath.get(target);
      if (targetFile) return { file: targetFile };
      const notParsed = target === undefined ? undefined : unparsed.get(target);
      if (notParsed !== undefined) return { missing: `import \`${specifier}\` from ${from.path} is not read: ${notParsed}` };
      if (!missing.has(key) && !isRelativeSpecifier(specifier)) return { missing: outsideRepository(specifier) };
      return { missing: missing.get(key) ?? `import \`${specifier}\` from ${from.path} was not followed (imports nest more than ${MAX_IMPORT_DEPTH} deep)` };
    },
    pathOf: (file) => file.path,
  };
  return { file: main, modules };
}
