import { parseSource, SOURCE_EXTENSION } from '../syntax/parse.js';

/**
 * Only what is really a comment can carry an acknowledgement (issue 28): a directive inside a string
 * literal (`COMMENT ON TABLE t IS '@release-safety accept …'`, a knex `raw('…')`) is data, not a note
 * by the author. Each file is read with its own tokenizer: SQL by PostgreSQL's lexical rules (quoted
 * strings with `''`, `E'…'` escapes, quoted identifiers, dollar quotes, nested block comments),
 * JavaScript/TypeScript by the source parser's comment list.
 *
 * The result is the text with every character outside a comment blanked (line breaks kept), so the
 * line-based directive reader sees each comment where it is and nothing else; undefined when the file
 * cannot be tokenized (a script that does not parse, another language): then no directive counts.
 */
export function commentsOnly(file: string, text: string): string | undefined {
  const ranges = SOURCE_EXTENSION.test(file) ? scriptComments(file, text) : /\.sql$/i.test(file) ? sqlComments(text) : undefined;
  if (ranges === undefined) return undefined;
  const kept = new Uint8Array(text.length);
  for (const [start, end] of ranges) kept.fill(1, start, end);
  return rebuild(text, kept);
}

/** The text with characters outside the kept ranges replaced by spaces (line breaks always kept). */
function rebuild(text: string, kept: Uint8Array): string {
  const out: string[] = [];
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (kept[index] === 1 || char === '\n' || char === '\r') continue;
    if (index > from) out.push(text.slice(from, index));
    out.push(' ');
    from = index + 1;
  }
  out.push(text.slice(from));
  return out.join('');
}

function scriptComments(file: string, text: string): Array<[number, number]> | undefined {
  const parsed = parseSource(file, text);
  if (!parsed.ok) return undefined;
  return (parsed.ast.comments ?? []).map((comment) => [comment.start!, comment.end!]);
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

/** Comment ranges of SQL text, by PostgreSQL's lexer rules (scan.l). */
export function sqlComments(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === '-' && next === '-') {
      const end = text.slice(index).search(/[\r\n]/);
      const stop = end === -1 ? length : index + end;
      ranges.push([index, stop]);
      index = stop;
    } else if (char === '/' && next === '*') {
      let depth = 1;
      let cursor = index + 2;
      while (cursor < length && depth > 0) {
        const pair = text.slice(cursor, cursor + 2);
        if (pair === '/*' || pair === '*/') {
          depth += pair === '/*' ? 1 : -1;
          cursor += 2;
        } else {
          cursor++;
        }
      }
      ranges.push([index, Math.min(cursor, length)]);
      index = cursor;
    } else if (char === "'") {
      // E'…' (and e'…') take backslash escapes; a standard string only doubles its quotes.
      const escapes = /[Ee]/.test(text[index - 1] ?? '') && !IDENTIFIER_CHAR.test(text[index - 2] ?? '');
      index = closeQuote(text, index + 1, "'", escapes);
    } else if (char === '"') {
      index = closeQuote(text, index + 1, '"', false);
    } else if (char === '$' && !IDENTIFIER_CHAR.test(text[index - 1] ?? '')) {
      DOLLAR_TAG.lastIndex = index;
      const tag = DOLLAR_TAG.exec(text);
      if (tag === null) {
        index++;
        continue;
      }
      const close = text.indexOf(tag[0], index + tag[0].length);
      index = close === -1 ? length : close + tag[0].length;
    } else if (IDENTIFIER_CHAR.test(char)) {
      index++;
      while (index < length && IDENTIFIER_CHAR.test(text[index]!)) index++;
    } else {
      index++;
    }
  }
  return ranges;
}

/** The index after the closing quote (a doubled quote is part of the text); the end of the text when unclosed. */
function closeQuote(text: string, from: number, quote: string, backslashEscapes: boolean): number {
  let cursor = from;
  while (cursor < text.length) {
    const char = text[cursor]!;
    if (backslashEscapes && char === '\\') cursor += 2;
    else if (char === quote && text[cursor + 1] === quote) cursor += 2;
    else if (char === quote) return cursor + 1;
    else cursor++;
  }
  return text.length;
}
