/**
 * The ClickHouse statement reader: a small tokenizer of its own and the split into statements.
 * ClickHouse SQL is not PostgreSQL (backquoted names, `ON CLUSTER`, `SETTINGS`, engines, nested
 * comments, `#` comments): a ClickHouse folder is never handed to the PostgreSQL grammar. The reader
 * only needs to see statement and clause boundaries and the words that name what a statement does;
 * what it cannot place, the classifier leaves `unknown`.
 */

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'punct';

export interface Token {
  kind: TokenKind;
  /** The text as written (quotes included for `quoted` and `string`). */
  text: string;
  /** A name without its quotes, a string without its quotes and escapes; the text otherwise. */
  value: string;
  /** 1-based line the token starts on. */
  line: number;
  /** Offset of its first character in the text read. */
  offset: number;
}

export interface ClickHouseStatement {
  tokens: Token[];
  /** The statement's source text, comments included, without the closing `;`. */
  sql: string;
  /** 1-based line of its first token. */
  line: number;
}

export class ClickHouseReadError extends Error {}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DIGIT = /[0-9]/;

/** The text of a quoted run (`'…'`, `` `…` ``, `"…"`), backslash escapes and doubled quotes resolved; `end` is past the closing quote. */
function readQuoted(text: string, start: number, quote: string): { value: string; end: number } {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\' && index + 1 < text.length) {
      value += text[index + 1];
      index += 2;
      continue;
    }
    if (char === quote) {
      if (text[index + 1] === quote) {
        value += quote;
        index += 2;
        continue;
      }
      return { value, end: index + 1 };
    }
    value += char;
    index++;
  }
  throw new ClickHouseReadError(`unterminated ${quote === "'" ? 'string' : 'quoted name'}`);
}

/** Every token of a text, comments and white space dropped; `startLine` is the line the text starts on. */
export function tokenize(text: string, startLine = 1): Token[] {
  const tokens: Token[] = [];
  let line = startLine;
  let index = 0;
  const advance = (to: number) => {
    for (let at = index; at < to; at++) if (text[at] === '\n') line++;
    index = to;
  };
  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (/\s/.test(char)) {
      advance(index + 1);
    } else if ((char === '-' && next === '-') || char === '#') {
      const end = text.indexOf('\n', index);
      advance(end === -1 ? text.length : end);
    } else if (char === '/' && next === '*') {
      // ClickHouse comments nest.
      let depth = 0;
      let at = index;
      while (at < text.length) {
        if (text[at] === '/' && text[at + 1] === '*') {
          depth++;
          at += 2;
        } else if (text[at] === '*' && text[at + 1] === '/') {
          depth--;
          at += 2;
          if (depth === 0) break;
        } else at++;
      }
      if (depth !== 0) throw new ClickHouseReadError(`unterminated comment at line ${line}`);
      advance(at);
    } else if (char === "'" || char === '`' || char === '"') {
      const startLine_ = line;
      const { value, end } = readQuoted(text, index, char);
      tokens.push({ kind: char === "'" ? 'string' : 'quoted', text: text.slice(index, end), value, line: startLine_, offset: index });
      advance(end);
    } else if (DIGIT.test(char) || (char === '.' && next !== undefined && DIGIT.test(next))) {
      let end = index + 1;
      while (end < text.length && /[0-9A-Za-z_.]/.test(text[end]!)) {
        // An exponent sign belongs to the number (1e-3).
        if (/[eE]/.test(text[end]!) && /[+-]/.test(text[end + 1] ?? '')) end++;
        end++;
      }
      tokens.push({ kind: 'number', text: text.slice(index, end), value: text.slice(index, end), line, offset: index });
      advance(end);
    } else if (WORD_START.test(char)) {
      let end = index + 1;
      while (end < text.length && WORD_PART.test(text[end]!)) end++;
      tokens.push({ kind: 'word', text: text.slice(index, end), value: text.slice(index, end), line, offset: index });
      advance(end);
    } else {
      tokens.push({ kind: 'punct', text: char, value: char, line, offset: index });
      advance(index + 1);
    }
  }
  return tokens;
}

/**
 * The statements of a file, split at top-level `;` (a `;` inside a string, a quoted name, a comment
 * or brackets does not end one). Empty statements are dropped.
 */
export function readStatements(text: string, startLine = 1): ClickHouseStatement[] {
  const statements: ClickHouseStatement[] = [];
  const tokens = tokenize(text, startLine);
  let current: Token[] = [];
  let depth = 0;
  const flush = () => {
    if (current.length > 0) {
      const first = current[0]!;
      const last = current[current.length - 1]!;
      statements.push({ tokens: current, sql: text.slice(first.offset, last.offset + last.text.length), line: first.line });
    }
    current = [];
  };
  for (const token of tokens) {
    if (token.kind === 'punct' && (token.text === '(' || token.text === '[')) depth++;
    if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) depth = Math.max(0, depth - 1);
    if (token.kind === 'punct' && token.text === ';' && depth === 0) {
      flush();
      continue;
    }
    current.push(token);
  }
  flush();
  return statements;
}

/** Whether the token is the keyword (case-insensitive; a quoted name never is). */
export function isWord(token: Token | undefined, ...keywords: string[]): boolean {
  return token !== undefined && token.kind === 'word' && keywords.includes(token.text.toUpperCase());
}

/** The statement as one line, shortened, for findings. */
export function shortStatement(sql: string, max = 120): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
