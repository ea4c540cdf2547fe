/**
 * The scan of the previous release's code (the `from` tree) for schema references (issue 33).
 *
 * Which files: every code file of the tree (TypeScript/JavaScript, `.sql`, `.prisma`, and the
 * source files of other languages, whose words count as mentions) except what never runs in a
 * deployed instance against the database: the configured migrations folders (and any `migrations/`
 * folder), tests (`*.test.*`, `*.spec.*`, `test/`, `tests/`, `__tests__/`, `e2e/`, `cypress/`),
 * fixtures, mocks, stories, seeds, dependencies and build output (`node_modules/`, `dist/`,
 * `build/`, `.next/`, `coverage/`), minified bundles. Declaration files (`.d.ts`) are read: a
 * generated `DB` interface names the columns the code is typed against.
 *
 * Per file (cached per blob id and path in the derived cache): the readers that accept it
 * (`mayReference`) and its words (the mentions). Then imported table constants are resolved through
 * the toolkit's ConstantEvaluator; one that does not resolve is a dynamic reference.
 */
import type { StageInput } from '../../contract.js';
import type { MigrationsFolder } from '../../../config/types.js';
import { REFERENCE_READERS } from './readers/index.js';
import type { CodeReference, DynamicReference, FileReferences, ImportedName } from './references.js';
import { bareTable, normaliseName, type FileMentions, type OldCodeIndex } from './lookup.js';
import { loadParser } from '../sql.js';
import { ConstantEvaluator, type Constant } from '../../../syntax/constants.js';
import { parseSource, type ParsedSource } from '../../../syntax/parse.js';
import { loadModuleLayout, resolveImport } from '../../../syntax/modules.js';
import { moduleBindings } from '../../../syntax/bindings.js';
import { splitColumn, splitTable } from './readers/builder.js';
import { describeError } from '../../../core/errors.js';
import { createHash } from 'node:crypto';

const CODE = /\.(?:[cm]?[jt]s|[jt]sx|sql|prisma|py|go|rb|java|kt|kts|scala|rs|php|cs|ex|exs|clj|vue|svelte)$/i;
const EXCLUDED_DIR =
  /(^|\/)(node_modules|dist|build|out|\.next|\.nuxt|coverage|vendor|__tests__|__mocks__|__fixtures__|tests?|e2e|cypress|playwright|fixtures?|mocks?|stories|storybook|\.storybook|seeds?|migrations?)\//i;
const EXCLUDED_FILE = /\.(test|spec|stories|story|e2e|cy|bench)\.[a-z]+$|\.min\.js$/i;
/** Files the scan reads at most; more is `incomplete` (every answer unknown) rather than a slow run. */
export const MAX_SCANNED_FILES = 20_000;
const CACHE_VERSION = 'old-code-refs/v1';
const TREE_CACHE_VERSION = 'old-code-index/v1';

/** Whether a path of the `from` tree is scanned (see the module comment). */
export function isScannedPath(path: string, migrationDirs: readonly string[]): boolean {
  if (!CODE.test(path) || EXCLUDED_DIR.test(path) || EXCLUDED_FILE.test(path)) return false;
  return !migrationDirs.some((dir) => dir !== '' && (path === dir || path.startsWith(`${dir.replace(/\/+$/, '')}/`)));
}

/** The normalised words of a file, each with its first line; whole-line comments are left out. */
export function mentionsOf(file: string, text: string): FileMentions {
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  let inBlock = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const trimmed = line.trimStart();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (trimmed.startsWith('//') || trimmed.startsWith('#!')) continue;
    if (trimmed.startsWith('/*')) {
      if (!trimmed.includes('*/')) inBlock = true;
      continue;
    }
    for (const match of line.matchAll(/[A-Za-z_$][\w$]*/g)) {
      const word = normaliseName(match[0]);
      if (word.length >= 2 && !seen.has(word)) seen.set(word, index + 1);
    }
  }
  return { file, words: ` ${[...seen.keys()].join(' ')} `, lines: [...seen.values()] };
}

interface FileScan {
  readonly references: readonly CodeReference[];
  readonly dynamic: readonly DynamicReference[];
  readonly mentions: FileMentions;
}

function isFileScan(value: unknown): value is FileScan {
  const candidate = value as FileScan | undefined;
  return (
    Array.isArray(candidate?.references) &&
    Array.isArray(candidate?.dynamic) &&
    typeof candidate?.mentions?.words === 'string' &&
    Array.isArray(candidate.mentions.lines)
  );
}

function readFile(path: string, text: string, parserReady: boolean): FileScan {
  const references: CodeReference[] = [];
  const dynamic: DynamicReference[] = [];
  for (const reader of REFERENCE_READERS) {
    if (!reader.mayReference(path, text)) continue;
    if (reader.id === 'sql' && !parserReady) {
      dynamic.push({ file: path, line: 1, via: 'sql', reason: 'the SQL grammar could not be loaded' });
      continue;
    }
    let found: FileReferences;
    try {
      found = reader.read(path, text);
    } catch (error) {
      found = { references: [], dynamic: [{ file: path, line: 1, via: reader.id, reason: `the ${reader.id} reader failed (${describeError(error)})` }] };
    }
    references.push(...found.references);
    dynamic.push(...found.dynamic);
  }
  return { references, dynamic, mentions: mentionsOf(path, text) };
}

/**
 * The index of a few files given as text (rule table tests and examples): the same readers and
 * mentions; imported constants are not followed (they stay dynamic).
 */
export function indexFromFiles(files: Readonly<Record<string, string>>): OldCodeIndex {
  const scanned = Object.entries(files).map(([path, text]) => readFile(path, text, true));
  const references = scanned.flatMap((file) => file.references);
  const dynamic = scanned.flatMap((file) => file.dynamic);
  return {
    references: references.filter((reference) => !reference.tableImport),
    dynamic: [
      ...dynamic.filter((mark) => !mark.tableImport),
      ...references
        .filter((reference) => reference.tableImport)
        .map((reference) => ({
          file: reference.file,
          line: reference.line,
          via: reference.via,
          reason: 'table name from an imported constant (not followed here)',
        })),
    ],
    mentions: scanned.map((file) => file.mentions),
    filesRead: scanned.length,
  };
}

export interface ScanOptions {
  readonly migrationFolders: readonly MigrationsFolder[];
}

/**
 * Scans the `from` tree once. Never throws: a failure is `incomplete` (every answer `unknown`).
 */
export async function scanOldCode(input: Pick<StageInput, 'trees' | 'read' | 'derivedCache'>, options: ScanOptions): Promise<OldCodeIndex> {
  try {
    return await scan(input, options);
  } catch (error) {
    return { references: [], dynamic: [], mentions: [], filesRead: 0, incomplete: `the scan of the previous release's code failed (${describeError(error)})` };
  }
}

/**
 * The derived-cache key of a whole tree's scan: every path and blob id of the tree (the scanned files,
 * and every other one, since import resolution asks which paths exist and reads tsconfig/package.json
 * files) and the migrations folders left out. A warm `generate` of a pair reads its previous release's
 * index with one file read instead of one per scanned file (≈ 1,600 on the reference service) and
 * parses no module again (issue 36).
 */
export function treeScanKey(tree: ReadonlyMap<string, string>, dirs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const path of [...tree.keys()].sort()) hash.update(`${path}\u0000${tree.get(path)}\n`);
  return `${TREE_CACHE_VERSION}\u0000${JSON.stringify(dirs)}\u0000${hash.digest('hex')}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isMark = (value: unknown): boolean => {
  const mark = value as { file?: unknown; line?: unknown; via?: unknown } | null;
  return typeof mark === 'object' && mark !== null && isString(mark.file) && typeof mark.line === 'number' && isString(mark.via);
};

/** A cached tree index of the right shape (anything else is recomputed). */
export function isOldCodeIndex(value: unknown): value is OldCodeIndex {
  const index = value as Partial<OldCodeIndex> | null;
  return (
    typeof index === 'object' &&
    index !== null &&
    index.incomplete === undefined &&
    typeof index.filesRead === 'number' &&
    Array.isArray(index.references) &&
    index.references.every(
      (reference) => isMark(reference) && isString(reference.table) && isString(reference.access) && reference.tableImport === undefined,
    ) &&
    Array.isArray(index.dynamic) &&
    index.dynamic.every((mark) => isMark(mark) && isString(mark.reason) && mark.tableImport === undefined) &&
    Array.isArray(index.mentions) &&
    index.mentions.every((file) => isString(file?.file) && isString(file.words) && Array.isArray(file.lines))
  );
}

async function scan(input: Pick<StageInput, 'trees' | 'read' | 'derivedCache'>, options: ScanOptions): Promise<OldCodeIndex> {
  const tree = input.trees.base;
  const dirs = options.migrationFolders.map((folder) => folder.dir.replace(/^\.\//, ''));
  const treeKey = input.derivedCache ? treeScanKey(tree, dirs) : undefined;
  const cachedIndex = treeKey === undefined ? undefined : input.derivedCache?.get(treeKey);
  if (isOldCodeIndex(cachedIndex)) return cachedIndex;
  const index = await scanTree(input, dirs);
  // Only a finished scan with the SQL grammar loaded is kept: a read failure may not recur.
  if (treeKey !== undefined && index.incomplete === undefined && (await parserLoads())) input.derivedCache?.set(treeKey, index);
  return index;
}

async function parserLoads(): Promise<boolean> {
  try {
    await loadParser();
    return true;
  } catch {
    return false;
  }
}

async function scanTree(input: Pick<StageInput, 'trees' | 'read' | 'derivedCache'>, dirs: readonly string[]): Promise<OldCodeIndex> {
  const tree = input.trees.base;
  const paths = [...tree.keys()].filter((path) => isScannedPath(path, dirs)).sort();
  if (paths.length > MAX_SCANNED_FILES) {
    return {
      references: [],
      dynamic: [],
      mentions: [],
      filesRead: 0,
      incomplete: `the previous release has ${paths.length} code files, more than the scan reads (${MAX_SCANNED_FILES})`,
    };
  }
  // Nothing to read is no proof: the code may live elsewhere (another repository, an unread language).
  if (paths.length === 0)
    return {
      references: [],
      dynamic: [],
      mentions: [],
      filesRead: 0,
      incomplete: 'no code file of the previous release was found to read (outside migrations, tests and build output)',
    };
  const parserReady = await parserLoads();
  const files: FileScan[] = [];
  for (const path of paths) {
    const blob = tree.get(path)!;
    const key = `${CACHE_VERSION}\u0000${blob}\u0000${path}`;
    const cached = input.derivedCache?.get(key);
    if (isFileScan(cached)) {
      files.push(cached);
      continue;
    }
    const text = await input.read('base', path);
    if (text === undefined) {
      return { references: [], dynamic: [], mentions: [], filesRead: files.length, incomplete: `${path} could not be read at the previous release` };
    }
    const scanned = readFile(path, text, parserReady);
    files.push(scanned);
    if (parserReady) input.derivedCache?.set(key, scanned);
  }
  const references = files.flatMap((file) => file.references);
  const dynamic = files.flatMap((file) => file.dynamic);
  const resolved = await resolveImportedTables(input, references, dynamic);
  return { references: resolved.references, dynamic: resolved.dynamic, mentions: files.map((file) => file.mentions), filesRead: files.length };
}

/**
 * What the resolution of imported table constants reads of a module, kept across the pairs of one
 * process by path and blob id (a path picks the parser's dialect, a blob id fixes the text): the
 * specifiers its walk follows, in the order it follows them (value imports, re-exports, `export *`),
 * and the parsed modules the evaluator loads. Consecutive releases import the same few hundred
 * modules, nearly all with the same blobs; parsing them again for every release that adds a
 * migration was ≈ 2 s of a real 381-release backfill (issue 36). Only the walk's specifier lists are
 * kept for every module (a few strings each); syntax trees only for the modules the evaluator loaded
 * last, within a budget of source characters, since a tree weighs tens of times its text.
 */
const followedByModule = new Map<string, readonly string[]>();
const FOLLOWED_LIMIT = 20_000;
const FOLLOWED_CACHE_VERSION = 'old-code-followed/v1';
const parsedByModule = new Map<string, { parsed: ParsedSource; chars: number }>();
let parsedChars = 0;
/** ≈ 45 modules of ≈ 1.3 K characters each were loaded per release of the real history. */
const PARSED_CHARS_BUDGET = 512 * 1024;

function followedSpecifiers(input: Pick<StageInput, 'derivedCache'>, path: string, blob: string | undefined, text: string): readonly string[] {
  const key = blob === undefined ? undefined : `${path}\u0000${blob}`;
  const known = key === undefined ? undefined : followedByModule.get(key);
  if (known) return known;
  // Across runs too (the derived cache): a warm backfill parses none of the modules it follows.
  const diskKey = key === undefined ? undefined : `${FOLLOWED_CACHE_VERSION}\u0000${key}`;
  const cached = diskKey === undefined ? undefined : input.derivedCache?.get(diskKey);
  let specifiers: string[];
  if (Array.isArray(cached) && cached.every((specifier) => typeof specifier === 'string')) specifiers = cached as string[];
  else {
    specifiers = [];
    const parsed = parseSource(path, text);
    if (parsed.ok) {
      const bindings = moduleBindings(parsed.ast);
      for (const binding of bindings.imports) if (!binding.typeOnly) specifiers.push(binding.specifier);
      for (const binding of bindings.exports.values()) if (binding.kind === 'reexport') specifiers.push(binding.specifier);
      specifiers.push(...bindings.starExports);
    }
    if (diskKey !== undefined) input.derivedCache?.set(diskKey, specifiers);
  }
  if (key !== undefined) {
    if (followedByModule.size >= FOLLOWED_LIMIT) followedByModule.clear();
    followedByModule.set(key, specifiers);
  }
  return specifiers;
}

function parsedModule(path: string, blob: string | undefined, text: string): ParsedSource {
  if (blob === undefined) return parseSource(path, text);
  const key = `${path}\u0000${blob}`;
  const known = parsedByModule.get(key);
  if (known) {
    // Most recently used last: the budget drops the modules no recent release loaded.
    parsedByModule.delete(key);
    parsedByModule.set(key, known);
    return known.parsed;
  }
  const parsed = parseSource(path, text);
  if (text.length <= PARSED_CHARS_BUDGET / 8) {
    parsedByModule.set(key, { parsed, chars: text.length });
    parsedChars += text.length;
    for (const [oldKey, old] of parsedByModule) {
      if (parsedChars <= PARSED_CHARS_BUDGET) break;
      parsedByModule.delete(oldKey);
      parsedChars -= old.chars;
    }
  }
  return parsed;
}

/** Imported table constants (`knex(UserTableName)`), resolved across modules; unresolved → dynamic. */
async function resolveImportedTables(
  input: Pick<StageInput, 'trees' | 'read' | 'derivedCache'>,
  references: readonly CodeReference[],
  dynamic: readonly DynamicReference[],
): Promise<{ references: CodeReference[]; dynamic: DynamicReference[] }> {
  const pending = [...references.filter((reference) => reference.tableImport), ...dynamic.filter((mark) => mark.tableImport)];
  if (pending.length === 0) return { references: [...references], dynamic: [...dynamic] };
  const tree = input.trees.base;
  const layout = await loadModuleLayout(tree.keys(), (path) => input.read('base', path));
  const exists = (path: string) => tree.has(path);
  const texts = new Map<string, string | undefined>();
  // Load the modules the evaluator may visit: the imported ones and what they import, a few levels deep.
  const queue: Array<{ path: string; depth: number }> = [];
  const want = (from: string, specifier: string, depth: number) => {
    const target = resolveImport(from, specifier, exists, layout);
    if (target !== undefined && !texts.has(target) && depth <= 4) queue.push({ path: target, depth });
  };
  for (const item of pending) want(item.file, item.tableImport!.specifier, 0);
  while (queue.length > 0 && texts.size < 2000) {
    const { path, depth } = queue.shift()!;
    if (texts.has(path)) continue;
    const text = await input.read('base', path);
    texts.set(path, text);
    if (text === undefined) continue;
    for (const specifier of followedSpecifiers(input, path, tree.get(path), text)) want(path, specifier, depth + 1);
  }
  const parsedModules = new Map<string, ParsedSource>();
  const evaluator = new ConstantEvaluator({
    load: (path) => {
      const text = texts.get(path);
      if (text === undefined) return undefined;
      let parsed = parsedModules.get(path);
      if (!parsed) parsedModules.set(path, (parsed = parsedModule(path, tree.get(path), text)));
      return parsed.ok ? { path, ast: parsed.ast } : undefined;
    },
    resolve: (from, specifier) => resolveImport(from, specifier, exists, layout),
  });
  const valueOf = (from: string, name: ImportedName): string | undefined => {
    const target = resolveImport(from, name.specifier, exists, layout);
    if (target === undefined) return undefined;
    let value: Constant | undefined = name.exported === '*' ? undefined : evaluator.exported(target, name.exported);
    if (name.exported === '*') {
      const [first, ...rest] = name.members ?? [];
      if (first === undefined) return undefined;
      value = evaluator.exported(target, first);
      for (const member of rest)
        value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Constant>)[member] : undefined;
    } else {
      for (const member of name.members ?? [])
        value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Constant>)[member] : undefined;
    }
    return typeof value === 'string' ? value : undefined;
  };
  const outReferences: CodeReference[] = [];
  const outDynamic: DynamicReference[] = [...dynamic.filter((mark) => !mark.tableImport)];
  for (const reference of references) {
    if (!reference.tableImport) {
      outReferences.push(reference);
      continue;
    }
    const text = valueOf(reference.file, reference.tableImport);
    if (text === undefined) {
      outDynamic.push({
        file: reference.file,
        line: reference.line,
        via: reference.via,
        reason: `table name from an imported value that is not a constant (${reference.tableImport.exported})`,
      });
      continue;
    }
    const { tableImport: _resolved, ...rest } = reference;
    void _resolved;
    const split = splitTable(text);
    // A column qualified by the imported value itself (`${T}.col`) keeps its column.
    outReferences.push({ ...rest, table: split.table, ...(split.schema ? { schema: split.schema } : {}) });
  }
  for (const mark of dynamic) {
    if (!mark.tableImport) continue;
    const text = valueOf(mark.file, mark.tableImport);
    const { tableImport: _resolved, ...rest } = mark;
    void _resolved;
    outDynamic.push(text === undefined ? rest : { ...rest, table: bareTable(splitTable(text).table) });
  }
  void splitColumn;
  return { references: outReferences, dynamic: outDynamic };
}
