/**
 * Raw SQL the previous release's code sends: string and template literals (`knex.raw('…')`,
 * `sql\`…\``, `pool.query('…')`) and `.sql` files outside the migrations folders, parsed with the
 * PostgreSQL grammar (libpg-query, loaded by the scan before it reads). Tables come from the
 * statement's relations, columns from its column references, insert/update targets and RETURNING.
 *
 * A template's interpolations are tried as bind parameters first (`${value}` → `$1`); when the text
 * parses only with an identifier in their place, a name is built at run time: a dynamic reference
 * (for the statement's tables when the interpolation stands for a column, for every table when it
 * stands for a table). knex's identifier bindings (`??`) are dynamic the same way. A literal that
 * does not parse as a statement is not read here: its words still count as mentions (scan.ts).
 */
import type { Node } from 'libpg-query';
import { isCall, lineOf, parseSource, walk, type t } from '../../../../syntax/parse.js';
import { parseStatements, linesBeforeByte } from '../../sql.js';
import { walkNodes, stringValue } from '../../rules/ast.js';
import type { CodeReference, DynamicReference, FileReferences, ReferenceAccess, ReferenceReader } from '../references.js';

const STATEMENT_START = /^\s*\(?\s*(select|insert\s+into|update|delete\s+from|with|merge\s+into)\b/i;
const LOOKS_LIKE_SQL = /\b(from|into|set|join|returning)\b/i;
const PLACEHOLDER = 'rs_interpolated_name';

interface Literal {
  readonly text: string;
  readonly line: number;
  /** Parts between interpolations (a template), or the whole text. */
  readonly parts: readonly string[];
}

function literalsOf(path: string, text: string): Literal[] | { line: number; message: string } {
  if (/\.sql$/i.test(path)) return [{ text, line: 1, parts: [text] }];
  const parsed = parseSource(path, text);
  if (!parsed.ok) return { line: parsed.line, message: parsed.message };
  const literals: Literal[] = [];
  walk(parsed.ast, (node) => {
    if (node.type === 'StringLiteral') literals.push({ text: node.value, line: lineOf(node), parts: [node.value] });
    else if (node.type === 'TemplateLiteral') {
      const parts = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
      literals.push({ text: parts.join(''), line: lineOf(node), parts });
    }
    return undefined;
  });
  void isCall;
  return literals;
}

function statementsOf(sqlText: string): ReturnType<typeof parseStatements> | undefined {
  try {
    return parseStatements(sqlText);
  } catch {
    return undefined;
  }
}

/** Reads one statement's AST: relations, column references, insert/update targets. */
function readStatement(
  node: Node,
  statementLine: number,
  sqlText: string,
  file: string,
  into: { references: CodeReference[]; dynamic: DynamicReference[] },
  literalLine: number,
): void {
  const tables: Array<{ table: string; schema?: string; access: ReferenceAccess; line: number }> = [];
  const columns: Array<{ qualifier?: string; column: string; line: number; access: ReferenceAccess }> = [];
  const lineAt = (location: unknown) => literalLine + (typeof location === 'number' ? linesBeforeByte(sqlText, location) : statementLine - 1);
  let insertTable: string | undefined;
  const insertColumns: string[] = [];
  const ctes = new Set<string>();
  let placeholderTable = false;
  let placeholderColumn = false;
  walkNodes(node, (kind, body) => {
    if (kind === 'CommonTableExpr' && typeof body.ctename === 'string') ctes.add(body.ctename.toLowerCase());
  });
  const access = 'InsertStmt' in node ? 'insert' : 'UpdateStmt' in node || 'DeleteStmt' in node ? 'write' : 'read';
  walkNodes(node, (kind, body) => {
    if (kind === 'InsertStmt') {
      const relation = body.relation as { relname?: string } | undefined;
      insertTable = relation?.relname?.toLowerCase();
      for (const target of (body.cols as Node[] | undefined) ?? []) {
        const name = (target as { ResTarget?: { name?: string } }).ResTarget?.name;
        if (name !== undefined) insertColumns.push(name.toLowerCase());
      }
    }
    if (kind === 'RangeVar' && typeof body.relname === 'string') {
      const table = body.relname.toLowerCase();
      if (table === PLACEHOLDER) placeholderTable = true;
      else if (!ctes.has(table))
        tables.push({ table, ...(typeof body.schemaname === 'string' ? { schema: body.schemaname.toLowerCase() } : {}), access, line: lineAt(body.location) });
    }
    if (kind === 'SelectStmt' || kind === 'InsertStmt' || kind === 'UpdateStmt' || kind === 'DeleteStmt') {
      for (const list of [body.targetList, body.sortClause, body.groupClause, body.distinctClause, body.returningList, body.cols]) {
        walkNodes(list, (innerKind, inner) => {
          if (innerKind !== 'ColumnRef' && innerKind !== 'ResTarget') return;
          const fields = (inner.fields as Node[] | undefined) ?? [];
          if (
            fields.some((field) => stringValue(field)?.toLowerCase() === PLACEHOLDER) ||
            (innerKind === 'ResTarget' && String(inner.name).toLowerCase() === PLACEHOLDER && list === body.cols)
          )
            placeholderColumn = true;
        });
      }
    }
    if (kind === 'ColumnRef') {
      const fields = (body.fields as Node[] | undefined) ?? [];
      const names = fields.map((field) => stringValue(field)?.toLowerCase());
      const column = names[names.length - 1];
      if (names.includes(PLACEHOLDER)) return;
      else if (column !== undefined)
        columns.push({
          ...(names.length > 1 && names[names.length - 2] ? { qualifier: names[names.length - 2]! } : {}),
          column,
          line: lineAt(body.location),
          access: 'read',
        });
    }
    if (kind === 'ResTarget' && typeof body.name === 'string' && access !== 'read') {
      if (body.name.toLowerCase() === PLACEHOLDER) placeholderColumn = true;
      else columns.push({ column: body.name.toLowerCase(), line: lineAt(body.location), access: access === 'insert' ? 'insert' : 'write' });
    }
  });
  for (const table of tables)
    into.references.push({ table: table.table, ...(table.schema ? { schema: table.schema } : {}), access: table.access, file, line: table.line, via: 'sql' });
  if (insertTable !== undefined && !placeholderTable) {
    into.references.push({
      table: insertTable,
      access: 'insert',
      insertColumns: placeholderColumn ? 'unknown' : insertColumns,
      file,
      line: literalLine + statementLine - 1,
      via: 'sql',
    });
  }
  // A column without a qualifier may belong to any table of the statement: a reference to each.
  const aliases = new Map<string, string>();
  walkNodes(node, (kind, body) => {
    const alias =
      (body.alias as { Alias?: { aliasname?: string } } | undefined)?.Alias?.aliasname ?? (body.alias as { aliasname?: string } | undefined)?.aliasname;
    if (kind === 'RangeVar' && typeof body.relname === 'string' && alias) aliases.set(alias.toLowerCase(), body.relname.toLowerCase());
  });
  for (const column of columns) {
    if (column.column === '*') continue;
    const owners = column.qualifier !== undefined ? [aliases.get(column.qualifier) ?? column.qualifier] : tables.map((table) => table.table);
    for (const owner of new Set(owners))
      into.references.push({ table: owner, column: column.column, access: column.access, file, line: column.line, via: 'sql' });
  }
  if (placeholderTable) into.dynamic.push({ file, line: literalLine + statementLine - 1, via: 'sql', reason: 'a table name interpolated into raw SQL' });
  else if (placeholderColumn) {
    for (const table of new Set(tables.map((entry) => entry.table)))
      into.dynamic.push({ table, file, line: literalLine + statementLine - 1, via: 'sql', reason: 'a column name interpolated into raw SQL' });
  }
}

export function readSql(path: string, text: string): FileReferences {
  const literals = literalsOf(path, text);
  if (!Array.isArray(literals))
    return { references: [], dynamic: [{ file: path, line: literals.line, via: 'sql', reason: `the file does not parse (${literals.message})` }] };
  const out = { references: [] as CodeReference[], dynamic: [] as DynamicReference[] };
  for (const literal of literals) {
    if (!STATEMENT_START.test(literal.text) && !/\.sql$/i.test(path)) continue;
    if (!LOOKS_LIKE_SQL.test(literal.text)) continue;
    // knex identifier bindings: `select ?? from ??`.
    if (/\?\?/.test(literal.text)) {
      out.dynamic.push({ file: path, line: literal.line, via: 'sql', reason: 'knex identifier bindings (`??`) in raw SQL' });
      continue;
    }
    // Interpolations as names first: a name in a select list, ORDER/GROUP BY, a target or a relation
    // is built at run time; in a value position (WHERE x = ${v}) the name stands for a value.
    const asNames = literal.parts.map((part, index) => (index === 0 ? part : `${PLACEHOLDER}${part}`)).join('');
    let parsed = statementsOf(asNames);
    let sqlText = asNames;
    if (parsed === undefined && literal.parts.length > 1) {
      const asParameters = literal.parts.map((part, index) => (index === 0 ? part : `$${index}${part}`)).join('');
      parsed = statementsOf(asParameters);
      sqlText = asParameters;
      if (parsed === undefined && /\b(from|join|into|update)\s*$/i.test(literal.parts.slice(0, -1).join(' ').trimEnd())) {
        out.dynamic.push({ file: path, line: literal.line, via: 'sql', reason: 'a table name interpolated into raw SQL that does not parse' });
      }
    }
    if (parsed === undefined) continue;
    for (const statement of parsed) readStatement(statement.node, statement.line, sqlText, path, out, literal.line);
  }
  return out;
}

export const reader: ReferenceReader = {
  id: 'sql',
  mayReference: (path, text) => /\.sql$/i.test(path) || /\b(select|insert\s+into|update|delete\s+from)\b/i.test(text),
  read: readSql,
};

export type { t };
