import { readStatements, shortStatement, type Token } from './statements.js';

/**
 * What an edit of a released ClickHouse migration changed in what it runs: each side read by the
 * ClickHouse reader and compared token by token, so comments, white space and the letter case of
 * keywords are no change; a different name, value or statement is. Undefined when it runs the same
 * statements.
 */
const key = (tokens: readonly Token[]) => JSON.stringify(tokens.map((token) => [token.kind, token.kind === 'word' ? token.value.toUpperCase() : token.value]));

export function sameClickHouseStatements(before: string, after: string): string | undefined {
  let old;
  let now;
  try {
    old = readStatements(before);
    now = readStatements(after);
  } catch {
    return 'it cannot be read as ClickHouse SQL on one side';
  }
  const length = Math.max(old.length, now.length);
  for (let index = 0; index < length; index++) {
    const was = old[index];
    const is = now[index];
    if (was && is && key(was.tokens) === key(is.tokens)) continue;
    if (!is) return `statement ${index + 1} removed: \`${shortStatement(was!.sql, 100)}\``;
    if (!was) return `statement ${index + 1} added (line ${is.line}): \`${shortStatement(is.sql, 100)}\``;
    return `statement ${index + 1} changed (line ${is.line}): \`${shortStatement(was.sql, 100)}\` → \`${shortStatement(is.sql, 100)}\``;
  }
  return undefined;
}
