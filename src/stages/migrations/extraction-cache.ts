import { createHash } from 'node:crypto';
import type { Side, StageInput } from '../contract.js';
import { moduleLayoutKey, moduleLayoutOf } from '../code-closure.js';
import type { ReadRepoFile } from './extract/modules.js';
import type { MigrationPath } from './discovery.js';
import type { ExtractedMigration, ExtractedStatement, UnresolvedPart } from './types.js';

/**
 * What one migration file sends (its extraction), kept in the caller's `derivedCache` (contract.ts)
 * per content: a re-run of `generate` on the same pair, the next pair of a backfill (where this
 * release's added migrations are released), and the released-schema derivation read it instead of
 * loading TypeScript and knex again to walk the same file.
 *
 * The key holds everything an extraction reads: the file's path, format and folder, a SHA-256 of its
 * text, and the blob ids of every other file it imported (checked on read, as released-schema.ts
 * does). An extraction that failed is never cached (it is recomputed and fails closed again); an
 * entry of the wrong shape is recomputed.
 */

/** Bump when what an {@link ExtractedMigration} means changes (the tool fingerprint covers code changes too). */
const EXTRACTION_KIND = 'migration-extraction/1';

export interface Extraction {
  extracted: ExtractedMigration;
  /** Path → blob id (null: absent) of every file the extractor read besides the migration itself. */
  reads: Array<[string, string | null]>;
  /** The ref's module layout ({@link moduleLayoutKey}) when a bare import was resolved through it. */
  layout?: string;
}

/**
 * What an extractor at `side` reads through: the ref's files, and its module layout for aliases and
 * workspace packages (asked for only when a migration imports a bare specifier). `probed` hears of
 * every path read or looked for, with its blob id (null: absent), and of the layout used.
 */
export function repoFilesAt(
  input: StageInput,
  side: Side,
  probed?: { read(path: string, blob: string | null): void; layout(key: string): void },
): ReadRepoFile {
  const tree = input.trees[side];
  const read: ReadRepoFile = (path) => {
    probed?.read(path, tree.get(path) ?? null);
    return input.read(side, path);
  };
  read.importLayout = async () => {
    const layout = await moduleLayoutOf(input, side);
    probed?.layout(moduleLayoutKey(layout));
    return {
      layout,
      exists: (path) => {
        const blob = tree.get(path);
        if (blob === undefined) probed?.read(path, null);
        return blob !== undefined;
      },
    };
  };
  return read;
}

/**
 * A NUL, another C0 control character (tab, line ends, form feed and vertical tab aside), DEL, or the
 * replacement character a byte that is not UTF-8 decodes to. A SQL tool may skip or stop at one
 * (psql ends a statement at a NUL), so what follows could run unseen: such a file is not read
 * (issue 28: a NUL hid a `CREATE INDEX` after it). A byte-order mark is allowed as the first character.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_TEXT = /[\u0000-\u0008\u000e-\u001f\u007f\ufffd]|(?<!^)\ufeff/u;

/** Why a migration's text does not decode cleanly, naming the line; undefined when it does. */
export function undecodableText(text: string): string | undefined {
  const found = NOT_TEXT.exec(text);
  if (found === null) return undefined;
  const line = text.slice(0, found.index).split('\n').length;
  const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `line ${line} holds U+${code}${found[0] === '\ufffd' ? ' (bytes that are not UTF-8)' : ' (a control character)'}: the file does not decode cleanly as text, and a SQL tool may skip or stop at it`;
}

export async function extractMigrationCached(input: StageInput, side: Side, migration: MigrationPath, text: string): Promise<Extraction> {
  const undecodable = undecodableText(text);
  if (undecodable !== undefined) throw new Error(undecodable);
  const digest = createHash('sha256').update(text).digest('hex');
  const key = JSON.stringify([EXTRACTION_KIND, digest, migration.path, migration.format.id, migration.folder]);
  const tree = input.trees[side];
  const cached = asExtraction(input.derivedCache?.get(key));
  if (
    cached &&
    cached.reads.every(([path, id]) => (tree.get(path) ?? null) === id) &&
    (cached.layout === undefined || cached.layout === moduleLayoutKey(await moduleLayoutOf(input, side)))
  )
    return cached;

  const reads: Array<[string, string | null]> = [];
  let layout: string | undefined;
  const read = repoFilesAt(input, side, { read: (path, blob) => reads.push([path, blob]), layout: (key) => (layout = key) });
  const extracted = await migration.format.extract(migration.path, text, read);
  const extraction: Extraction = { extracted, reads, ...(layout === undefined ? {} : { layout }) };
  input.derivedCache?.set(key, extraction);
  return extraction;
}

const ORIGINS = new Set<unknown>(['sql-file', 'knex-raw', 'knex-schema-builder', 'knex-query-builder', 'orm-raw'] satisfies Array<
  ExtractedStatement['origin']
>);
const FLAGS = new Set<unknown>(['locksTable', 'rewritesTable', 'scansTable']);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isLine = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isStatement(value: unknown): value is ExtractedStatement {
  if (!isRecord(value)) return false;
  const { sql, line, origin, guarded, endLine } = value;
  return (
    typeof sql === 'string' &&
    isLine(line) &&
    ORIGINS.has(origin) &&
    (guarded === undefined || typeof guarded === 'boolean') &&
    (endLine === undefined || isLine(endLine))
  );
}

function isUnresolved(value: unknown): value is UnresolvedPart {
  if (!isRecord(value)) return false;
  const { line, reason, affects, evidence } = value;
  // `affects` is never empty: an unknown part is never light.
  return (
    isLine(line) &&
    typeof reason === 'string' &&
    Array.isArray(affects) &&
    affects.length > 0 &&
    affects.every((flag) => FLAGS.has(flag)) &&
    (evidence === undefined || typeof evidence === 'string')
  );
}

/** A cache entry of the right shape, else undefined (entries are untrusted). */
function asExtraction(value: unknown): Extraction | undefined {
  if (!isRecord(value) || !isRecord(value.extracted) || !Array.isArray(value.reads)) return undefined;
  if (value.layout !== undefined && typeof value.layout !== 'string') return undefined;
  const { file, statements, unresolved, inTransaction } = value.extracted;
  if (typeof file !== 'string' || typeof inTransaction !== 'boolean') return undefined;
  if (!Array.isArray(statements) || !statements.every(isStatement) || !Array.isArray(unresolved) || !unresolved.every(isUnresolved)) return undefined;
  if (
    !value.reads.every((read) => Array.isArray(read) && read.length === 2 && typeof read[0] === 'string' && (read[1] === null || typeof read[1] === 'string'))
  )
    return undefined;
  return value as unknown as Extraction;
}
