import { parseStatements } from './sql.js';
import type { ExtractedMigration } from './types.js';

/**
 * What an edit of a released migration changed in what it does. Each side is compared by its
 * statements' parse trees (libpg-query) with source positions left out, so whitespace, comments,
 * letter case of keywords and unquoted names, optional quotes and a prettier run over the file
 * that sends the SQL are no change; a different value, name, type or statement is.
 */

const POSITION_KEYS = new Set(['location', 'stmt_location', 'stmt_len']);

function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!POSITION_KEYS.has(key)) kept[key] = withoutPositions(inner);
  return kept;
}

/** One entry per statement the migration sends (a text holding several is split). Needs the parser loaded. */
function normalisedStatements(migration: ExtractedMigration): Array<{ key: string; sql: string; line: number }> {
  return migration.statements.flatMap((statement) =>
    parseStatements(statement.sql, statement.line).map((parsed) => ({
      key: JSON.stringify([withoutPositions(parsed.node), statement.guarded ?? false]),
      sql: parsed.sql,
      line: parsed.line,
    })),
  );
}

const shorten = (sql: string) => (sql.length > 100 ? `${sql.slice(0, 97)}…` : sql).replace(/\s+/g, ' ');

/**
 * Undefined when both sides send the same statements in the same order, in the same transaction
 * mode, with nothing unresolved on either side; else what changed, in a few words.
 */
export function releasedEditChange(before: ExtractedMigration, after: ExtractedMigration): string | undefined {
  if (before.unresolved.length > 0 || after.unresolved.length > 0) return 'what it runs could not be read on both sides to compare';
  if (before.inTransaction !== after.inTransaction) return after.inTransaction ? 'it now runs in a transaction' : 'it no longer runs in a transaction';
  let old: ReturnType<typeof normalisedStatements>;
  let now: ReturnType<typeof normalisedStatements>;
  try {
    old = normalisedStatements(before);
    now = normalisedStatements(after);
  } catch {
    return 'its SQL does not parse on one side';
  }
  const length = Math.max(old.length, now.length);
  for (let index = 0; index < length; index++) {
    const was = old[index];
    const is = now[index];
    if (was?.key === is?.key) continue;
    if (!is) return `statement ${index + 1} removed: \`${shorten(was!.sql)}\``;
    if (!was) return `statement ${index + 1} added (line ${is.line}): \`${shorten(is.sql)}\``;
    return `statement ${index + 1} changed (line ${is.line}): \`${shorten(was.sql)}\` → \`${shorten(is.sql)}\``;
  }
  return undefined;
}
