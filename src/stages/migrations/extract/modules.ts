import { posix } from 'node:path';
import { importCandidates as candidatePaths, isRelativeSpecifier, type ModuleLayout } from '../../../syntax/modules.js';
import { walk, type t } from '../../../syntax/parse.js';
import { bindingsOf, declarationsOf } from '../../../syntax/bindings.js';
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

/** A safety bound on the files read for one migration (a real one reads a handful; a barrel's search adds the few that may hold a name). */
const MAX_LOADED_FILES = 400;
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

/**
 * Parses the migration and preloads the repository files its constants may come from: its relative
 * imports breadth first ({@link MAX_IMPORT_DEPTH} deep), and for a name imported through a bare
 * specifier (a workspace package such as `@lightdash/common`, an alias) only the files that name
 * leads to — through re-exports and `export *` of a barrel, then the imports its declaration uses
 * (src/syntax/bindings.ts, as the evaluator follows them). A barrel of a hundred `export *` costs
 * the files that may hold the name, not a hundred parses. {@link MAX_LOADED_FILES} is a safety
 * bound, not a budget a real migration meets.
 */
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
  let layout: ImportLayout | undefined;
  const followsBare = readRepoFile.importLayout !== undefined;

  /**
   * The file `specifier` names from `from`, read and parsed once (undefined: not in the repository,
   * not parsed, or not read). `unless`: a test on the text that lets a file go unparsed (a star
   * export's target that cannot hold the name looked for); it is then left unresolved, which the
   * evaluator's star search skips.
   */
  async function resolveEdge(from: SourceFile, specifier: string, unless?: (text: string) => boolean): Promise<SourceFile | undefined> {
    const key = edgeKey(from.path, specifier);
    const known = resolvedEdges.get(key);
    if (known !== undefined) return fileByPath.get(known);
    if (missing.has(key)) return undefined;
    let candidates: string[];
    if (isRelativeSpecifier(specifier)) {
      candidates = importCandidates(from.path, specifier);
      if (candidates.length === 0) {
        missing.set(key, `import \`${specifier}\` leaves the repository`);
        return undefined;
      }
    } else {
      if (!followsBare) return undefined;
      // An alias (`@/db/names`) or a workspace package (`@app/shared`): the files of this ref it may name.
      layout ??= await readRepoFile.importLayout!();
      const resolvedLayout = layout;
      candidates = candidatePaths(from.path, specifier, resolvedLayout.layout).filter((candidate) => resolvedLayout.exists(candidate));
      if (candidates.length === 0) {
        missing.set(key, outsideRepository(specifier));
        return undefined;
      }
    }
    const already = candidates.find((c) => fileByPath.has(c) || unparsed.has(c));
    if (already) {
      resolvedEdges.set(key, already);
      return fileByPath.get(already);
    }
    if (loadedFiles >= MAX_LOADED_FILES) {
      missing.set(key, `import \`${specifier}\` not followed (more than ${MAX_LOADED_FILES} files read for one migration)`);
      return undefined;
    }
    for (const candidate of candidates) {
      const content = await readRepoFile(candidate);
      if (content === undefined) continue;
      if (unless?.(content)) return undefined;
      loadedFiles++;
      const parsed = parseFile(candidate, content);
      resolvedEdges.set(key, candidate);
      if (parsed.ok) {
        fileByPath.set(candidate, parsed.file);
        return parsed.file;
      }
      unparsed.set(candidate, parsed.reason);
      return undefined;
    }
    missing.set(key, `import \`${specifier}\` from ${from.path} was not found in the repository at this ref`);
    return undefined;
  }

  const needed = new Set<string>();
  /** Loads what export `name` of `file` is made of: the module that declares it, and what its declaration imports. */
  async function need(file: SourceFile, name: string): Promise<void> {
    const key = `${file.path}\0${name}`;
    if (needed.has(key)) return;
    needed.add(key);
    const bindings = bindingsOf(file.ast);
    const binding = bindings.exports.get(name);
    if (binding?.kind === 'local') return needDeclared(file, binding.local, binding.value);
    if (binding?.kind === 'reexport') {
      const target = await resolveEdge(file, binding.specifier);
      if (target && binding.imported !== '*') await need(target, binding.imported);
      return;
    }
    if (name === 'default') return;
    for (const specifier of bindings.starExports) {
      // A target whose text neither names it nor passes on another module's names cannot export it.
      const target = await resolveEdge(file, specifier, (content) => !content.includes(name) && !/export\s*\*/.test(content));
      if (target) await need(target, name);
    }
  }

  /** The imports a declaration of `file` reads (its initializer, and the same-file constants it names), each followed by name. */
  async function needDeclared(file: SourceFile, local: string | undefined, value: t.Node | undefined): Promise<void> {
    const bindings = bindingsOf(file.ast);
    const names = new Set<string>(local === undefined ? [] : [local]);
    const pending = [...names];
    const roots: t.Node[] = value ? [value] : [];
    const declared = declaredAtTop(file);
    for (;;) {
      const root = roots.pop();
      if (root) {
        walk(root, (node) => {
          if (node.type === 'Identifier' && !names.has(node.name)) {
            names.add(node.name);
            pending.push(node.name);
          }
        });
        continue;
      }
      const name = pending.pop();
      if (name === undefined) break;
      const declaration = declared.get(name);
      if (declaration) roots.push(declaration);
      for (const imported of bindings.imports) {
        if (imported.local !== name || imported.typeOnly) continue;
        const target = await resolveEdge(file, imported.specifier);
        if (target && imported.imported !== '*') await need(target, imported.imported);
      }
    }
  }

  /** Relative imports breadth first, as before; bare ones only by the names imported from them. */
  let frontier: SourceFile[] = [main];
  for (let depth = 0; depth < MAX_IMPORT_DEPTH && frontier.length > 0; depth++) {
    const nextFrontier: SourceFile[] = [];
    for (const file of frontier) {
      for (const specifier of importedSpecifiers(file, followsBare)) {
        if (!isRelativeSpecifier(specifier)) continue;
        const wasLoaded = loadedFiles;
        const target = await resolveEdge(file, specifier);
        if (target && loadedFiles > wasLoaded) nextFrontier.push(target);
      }
      if (!followsBare) continue;
      const bindings = bindingsOf(file.ast);
      const bare = [
        ...bindings.imports.filter((imported) => !imported.typeOnly),
        ...[...bindings.exports.values()].flatMap((exported) => (exported.kind === 'reexport' ? [exported] : [])),
      ].filter((binding) => !isRelativeSpecifier(binding.specifier));
      for (const binding of bare) {
        const target = await resolveEdge(file, binding.specifier);
        if (target && binding.imported !== '*') await need(target, binding.imported);
      }
      for (const specifier of bindings.starExports) if (!isRelativeSpecifier(specifier)) await resolveEdge(file, specifier);
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

/** The top-level declarations of a file by name (what a declaration's identifiers may name in the same file). */
function declaredAtTop(file: SourceFile): Map<string, t.Node> {
  const declared = new Map<string, t.Node>();
  for (const statement of file.ast.program.body) {
    const inner = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    for (const [name, value] of declarationsOf(inner)) if (value) declared.set(name, value);
  }
  return declared;
}
