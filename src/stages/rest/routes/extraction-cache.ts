import { throughDerivedCache } from '../../../core/json-round-trip.js';
import type { DerivedCache } from '../../contract.js';
import type { FileExtraction } from './types.js';

/**
 * The routes one file registers, kept in the derived cache (src/cache/derived-cache.ts) by its blob
 * id and path, so a later run — the next pair of a backfill, whose base is this pair's head, or the
 * same release generated again — does not parse the file (issue 36: a routes release's parses in a
 * fresh process, the parser's load and JIT warm-up included, were most of what routes added).
 *
 * An extraction is a function of the file's text and path alone (the path picks the dialect and the
 * file-based frameworks); what the tool's code does with them is covered by the cache's tool
 * fingerprint. Entries are untrusted: one that does not have the extraction's shape is read again.
 */

/** Bump when what an extraction holds changes shape (the fingerprint covers changes of code). */
const EXTRACTION_KIND = 'routes-extraction/1';

export function cachedRouteExtraction(
  cache: DerivedCache | undefined,
  blobId: string,
  path: string,
  text: string,
  extract: (blobId: string, path: string, text: string) => FileExtraction,
): FileExtraction {
  return throughDerivedCache(cache, EXTRACTION_KIND, [blobId, path], isFileExtraction, () => extract(blobId, path, text));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isLine = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);
const listOf = (value: unknown, check: (item: unknown) => boolean): boolean => Array.isArray(value) && value.every(check);
const recordOf = (value: unknown, check: (item: unknown) => boolean): boolean => isRecord(value) && Object.values(value).every(check);

function isRegisteredRoute(value: unknown): boolean {
  return (
    isRecord(value) &&
    isString(value.method) &&
    isString(value.path) &&
    isLine(value.line) &&
    isString(value.router) &&
    isString(value.framework) &&
    optional(value.condition, isString) &&
    optional(value.opaque, isString)
  );
}

function isMount(value: unknown): boolean {
  if (!isRecord(value) || !isString(value.parent) || !optional(value.prefix, isString) || !optional(value.prefixText, isString)) return false;
  if (!isLine(value.line) || !optional(value.condition, isString) || !isRecord(value.child)) return false;
  const child = value.child;
  return (child.kind === 'local' && isString(child.router)) || (child.kind === 'import' && isString(child.module) && isString(child.exportName));
}

function isExpressionDeps(value: unknown): boolean {
  return (
    isRecord(value) &&
    isString(value.text) &&
    listOf(value.imports, (item) => isRecord(item) && isString(item.specifier) && isString(item.exportName)) &&
    listOf(value.locals, isString) &&
    listOf(value.inflow, isString) &&
    optional(value.assigned, (item) => typeof item === 'boolean')
  );
}

function isDeferredRoute(value: unknown): boolean {
  return (
    isRecord(value) &&
    isString(value.reason) &&
    isString(value.method) &&
    isString(value.router) &&
    isLine(value.line) &&
    isString(value.framework) &&
    optional(value.condition, isString) &&
    isLine(value.start) &&
    isLine(value.end) &&
    isExpressionDeps(value.deps)
  );
}

/** The shape of {@link FileExtraction} (types.ts), checked down to every field. */
export function isFileExtraction(value: unknown): value is FileExtraction {
  if (!isRecord(value)) return false;
  if (value.ok === false) return isString(value.reason);
  return (
    value.ok === true &&
    listOf(value.routes, isRegisteredRoute) &&
    listOf(value.mounts, isMount) &&
    listOf(value.roots, isString) &&
    recordOf(value.ownPrefixes, isString) &&
    recordOf(value.exports, isString) &&
    optional(value.reexports, (item) => recordOf(item, (entry) => isRecord(entry) && isString(entry.module) && isString(entry.exportName))) &&
    optional(value.starReexports, (item) => listOf(item, isString)) &&
    listOf(value.unreadable, isString) &&
    optional(value.unreadableImports, (item) => recordOf(item, (entry) => listOf(entry, isString))) &&
    optional(value.globalSettings, (item) => listOf(item, (entry) => isRecord(entry) && isLine(entry.line) && isExpressionDeps(entry.deps))) &&
    optional(value.deferred, (item) => listOf(item, isDeferredRoute))
  );
}
