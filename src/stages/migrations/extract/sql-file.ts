import { loadParser, splitStatements, SqlParseError } from '../sql.js';
import type { ExtractedMigration } from '../types.js';

/**
 * `.sql` migrations: the real PostgreSQL grammar splits the file into statements. A file that does
 * not parse is one unresolved part affecting every flag, with the parser's message and line.
 * Such files run as one script (one implicit transaction unless they manage their own).
 */
export async function extractSqlMigration(file: string, text: string): Promise<ExtractedMigration> {
  await loadParser();
  try {
    const statements = splitStatements(text, 1).map(({ sql, line }) => ({ sql, line, origin: 'sql-file' as const }));
    return { file, statements, unresolved: [], inTransaction: true };
  } catch (error) {
    const line = error instanceof SqlParseError ? error.line : 1;
    const message = error instanceof SqlParseError ? error.parserMessage : error instanceof Error ? error.message : String(error);
    const evidence = text.split('\n')[line - 1]?.trim();
    return {
      file,
      statements: [],
      unresolved: [{ line, reason: `SQL does not parse (PostgreSQL 18 grammar): ${message}`, affects: ['locksTable', 'rewritesTable', 'scansTable'], ...(evidence ? { evidence } : {}) }],
      inTransaction: true,
    };
  }
}
