import { loadParser, parseStatements, rememberParsedNode, SqlParseError } from '../sql.js';
import type { ExtractedMigration, UnresolvedPart } from '../types.js';

export interface SqlTextOptions {
  /** 1-based line of the file where `text` starts (a section of a larger file). Default 1. */
  firstLine?: number;
  /**
   * Whether the statements run inside one transaction: `true` (the runner wraps the file),
   * `false` (it does not), or `'implicit'`: the whole text is sent as one simple query, which
   * PostgreSQL runs as one implicit transaction when it holds more than one statement. Default true.
   */
  inTransaction?: boolean | 'implicit';
  /** Parts of the file the format already knows it cannot read (placeholders, an unsupported section). */
  unresolved?: UnresolvedPart[];
}

/**
 * SQL migrations: the real PostgreSQL grammar splits the text into statements. A text that does
 * not parse is one unresolved part affecting every flag, with the parser's message and line.
 */
export async function extractSqlMigration(file: string, text: string, options: SqlTextOptions = {}): Promise<ExtractedMigration> {
  await loadParser();
  const firstLine = options.firstLine ?? 1;
  const known = options.unresolved ?? [];
  const transaction = (count: number) => (options.inTransaction === 'implicit' ? count > 1 : (options.inTransaction ?? true));
  try {
    const statements = parseStatements(text, firstLine).map(({ sql, line, node }) => {
      const statement = { sql, line, origin: 'sql-file' as const };
      // The classifier takes this node instead of parsing the statement's text again.
      rememberParsedNode(statement, node);
      return statement;
    });
    return { file, statements, unresolved: known, inTransaction: transaction(statements.length) };
  } catch (error) {
    const line = error instanceof SqlParseError ? error.line : firstLine;
    const message = error instanceof SqlParseError ? error.parserMessage : error instanceof Error ? error.message : String(error);
    const evidence = text.split('\n')[line - firstLine]?.trim();
    return {
      file,
      statements: [],
      unresolved: [
        ...known,
        {
          line,
          reason: `SQL does not parse (PostgreSQL 18 grammar): ${message}`,
          affects: ['locksTable', 'rewritesTable', 'scansTable'],
          ...(evidence ? { evidence } : {}),
        },
      ],
      inTransaction: transaction(2),
    };
  }
}
