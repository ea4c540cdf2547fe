import { parseSource as parseWithBabel } from '../../../syntax/parse.js';
import { type Parsed } from './types.js';

/** Parsing one file for the env reader: the dialect by extension, the first syntax error as the failure. */

export function extensionOf(path: string): string {
  const match = /\.[cm]?[jt]sx?$/i.exec(path);
  return match ? match[0].toLowerCase() : '.ts';
}

/** Parses `text` as the file at `path` (its extension picks TS, TSX or JS; anything else is TS); the first syntax error fails it. */
export function parseSource(text: string, path: string): Parsed {
  // The dialect by extension only (a declaration file is ambient); reasons name the real path elsewhere.
  const parsed = parseWithBabel(`/extract/file${/\.d\.[cm]?ts$/i.test(path) ? '.d' : ''}${extensionOf(path)}`, text);
  if (!parsed.ok) return { ok: false, line: parsed.line, message: parsed.message };
  return { ok: true, sourceFile: { ast: parsed.ast, text } };
}
