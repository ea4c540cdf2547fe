/**
 * The PostgreSQL grammar (libpg-query, WASM): loaded once, asynchronously, then used synchronously
 * by the classifier. The module is imported lazily so that CLI start-up never pays for the WASM.
 */
import { setV8Flags } from '../../core/code-cache.js';
import type * as LibPgQueryModule from 'libpg-query';
import type { Node, ParseResult } from 'libpg-query';

type LibPgQuery = typeof LibPgQueryModule;

let parserModule: LibPgQuery | undefined;
let loading: Promise<void> | undefined;

/** Loads the WASM parser once; later calls return the same promise. */
export function loadParser(): Promise<void> {
  loading ??= (async () => {
    // Baseline code (Liftoff) only: by default V8 recompiles the hot parser functions with TurboFan on
    // background threads, which cost more CPU than a CLI run ever wins back. Measured on 2,000
    // statements (node + load + one parse): 575 → 176 ms CPU; on 20,000: 0.75 → 0.42 s wall; on one
    // statement: 227 → 111 ms (bench/ratios.mjs). Set before the module is compiled; it affects WebAssembly only
    // (setV8Flags first makes the code caches of what was compiled under the old flags: code-cache.ts).
    setV8Flags('--liftoff-only');
    const module = await import('libpg-query');
    await module.loadModule();
    parserModule = module;
  })();
  return loading;
}

function parser(): LibPgQuery {
  if (parserModule === undefined) throw new Error('SQL parser not loaded: call `await loadParser()` first');
  return parserModule;
}

/** A parse failure with the parser's own message and the 1-based line it points at. */
export class SqlParseError extends Error {
  constructor(
    readonly parserMessage: string,
    readonly line: number,
  ) {
    super(`SQL parse error at line ${line}: ${parserMessage}`);
    this.name = 'SqlParseError';
  }
}

export interface ParsedStatement {
  /** The statement's own text (no trailing semicolon). */
  sql: string;
  /** 1-based line of the statement's first token. */
  line: number;
  /** The statement's AST node, e.g. `{ AlterTableStmt: {...} }`. */
  node: Node;
}

const NEWLINE = 0x0a;
const BYTE_ORDER_MARK = '\uFEFF';

function countNewlines(bytes: Uint8Array, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) if (bytes[i] === NEWLINE) count++;
  return count;
}

/** Lines (newlines) before a UTF-8 byte offset of `text`: AST locations are byte offsets. */
export function linesBeforeByte(text: string, byteOffset: number): number {
  const bytes = Buffer.from(text, 'utf8');
  return countNewlines(bytes, 0, Math.min(byteOffset, bytes.length));
}

/** Byte index of the first token at or after `start`: skips whitespace and `--` / `/* *\/` comments. */
function firstTokenOffset(text: string): number {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      return i;
    }
  }
}

function errorLine(error: unknown, sqlText: string, firstLine: number): SqlParseError {
  const details = (error as { sqlDetails?: { message?: string; cursorPosition?: number } }).sqlDetails;
  const message = details?.message ?? (error instanceof Error ? error.message : String(error));
  // cursorPosition counts characters (code points), not UTF-16 units: an emoji is one.
  const codePoints = Array.from(sqlText);
  const cursor = Math.max(0, Math.min(details?.cursorPosition ?? 0, codePoints.length));
  const linesBefore = codePoints.slice(0, cursor).filter((character) => character === '\n').length;
  return new SqlParseError(message, firstLine + linesBefore);
}

/**
 * Parses SQL text holding one or more statements. `stmt_location`/`stmt_len` are UTF-8 byte offsets,
 * so the text is sliced as bytes (non-ASCII string literals before a statement would otherwise shift it).
 */
export function parseStatements(text: string, firstLine = 1): ParsedStatement[] {
  // A byte order mark (editors on Windows write one) is not SQL; it sits on the first line, so lines do not move.
  const sqlText = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  // The parser rejects a zero-byte query; a file with nothing in it runs nothing.
  if (sqlText.trim() === '') return [];
  let result: ParseResult;
  try {
    result = parser().parseSync(sqlText);
  } catch (error) {
    throw errorLine(error, sqlText, firstLine);
  }
  const bytes = Buffer.from(sqlText, 'utf8');
  const statements: ParsedStatement[] = [];
  // Lines are counted on from the previous statement, not from the start: seed files hold many thousands.
  let countedTo = 0;
  let line = firstLine;
  for (const raw of result.stmts ?? []) {
    if (raw.stmt === undefined) continue;
    const start = raw.stmt_location ?? 0;
    const end = raw.stmt_len === undefined || raw.stmt_len === 0 ? bytes.length : start + raw.stmt_len;
    const slice = bytes.subarray(start, end).toString('utf8');
    const skip = firstTokenOffset(slice);
    const skippedBytes = Buffer.byteLength(slice.slice(0, skip), 'utf8');
    const firstToken = start + skippedBytes;
    line += countNewlines(bytes, countedTo, firstToken);
    countedTo = firstToken;
    statements.push({ sql: slice.slice(skip).trimEnd(), line, node: raw.stmt });
  }
  return statements;
}

/**
 * The AST a statement was split from, remembered by the object that carries the statement onwards
 * (an extracted statement), so that classifying it needs no second parse: one parse call per file.
 * Not part of the data: a copy of the object (a format that rewrites statements) is simply parsed again.
 */
const parsedNodes = new WeakMap<object, Node>();

export function rememberParsedNode(carrier: object, node: Node): void {
  parsedNodes.set(carrier, node);
}

export function parsedNodeOf(carrier: object): Node | undefined {
  return parsedNodes.get(carrier);
}

/**
 * Splits SQL text into statements with the 1-based line each starts on (`firstLine` is the line of
 * the text's first character). Throws {@link SqlParseError} on a syntax error.
 */
export function splitStatements(sqlText: string, firstLine = 1): { sql: string; line: number }[] {
  return parseStatements(sqlText, firstLine).map(({ sql, line }) => ({ sql, line }));
}

/** PL/pgSQL parse of a DO block or CREATE FUNCTION statement (the JSON of libpg-query's plpgsql parser). */
export function parsePlpgsql(statementSql: string, firstLine = 1): unknown {
  try {
    return parser().parsePlPgSQLSync(statementSql);
  } catch (error) {
    throw errorLine(error, statementSql, firstLine);
  }
}
