/**
 * What one ClickHouse statement does, as operations the ClickHouse rules read (rules/clickhouse-*.ts).
 * Read from the statement's tokens (statements.ts), never with the PostgreSQL grammar. What is known
 * to be metadata-only gives no operation; what is not recognised is `clickhouse-unclassified`
 * (unknown), never light.
 *
 * Facts (ClickHouse docs, "ALTER" and "Mutations"): ADD/DROP INDEX and ADD/DROP PROJECTION change
 * metadata and apply to new parts only; ADD COLUMN writes no data (old parts read the default);
 * COMMENT is metadata; MATERIALIZE …, ALTER … UPDATE/DELETE, MODIFY COLUMN to a type, MODIFY TTL
 * (materialize_ttl_after_modify is on by default), lightweight DELETE/UPDATE and OPTIMIZE rewrite
 * parts in the background.
 */
import type { Operation } from '../rules/rule.js';
import { isWord, shortStatement, type ClickHouseStatement, type Token } from './statements.js';

/** What a statement does: its operations and the tables it creates (new and empty from then on). */
export interface ClickHouseEffects {
  operations: Operation[];
  created: string[];
  /** Tables the statement changes without an operation (a metadata-only ALTER), for the file's table list. */
  touched?: string[];
}

const NONE: ClickHouseEffects = { operations: [], created: [] };

/** A (possibly `db.`-qualified) name starting at `index`; `end` is the index after it. */
function readName(tokens: readonly Token[], index: number): { name: string; end: number } | undefined {
  const first = tokens[index];
  if (!first || (first.kind !== 'word' && first.kind !== 'quoted')) return undefined;
  let name = first.value;
  let end = index + 1;
  while (tokens[end]?.text === '.' && (tokens[end + 1]?.kind === 'word' || tokens[end + 1]?.kind === 'quoted')) {
    name += `.${tokens[end + 1]!.value}`;
    end += 2;
  }
  return { name, end };
}

/** Skips `IF EXISTS` / `IF NOT EXISTS`. */
function skipIf(tokens: readonly Token[], index: number): number {
  if (!isWord(tokens[index], 'IF')) return index;
  if (isWord(tokens[index + 1], 'NOT') && isWord(tokens[index + 2], 'EXISTS')) return index + 3;
  if (isWord(tokens[index + 1], 'EXISTS')) return index + 2;
  return index;
}

/** Skips `ON CLUSTER <name>`. */
function skipCluster(tokens: readonly Token[], index: number): number {
  return isWord(tokens[index], 'ON') && isWord(tokens[index + 1], 'CLUSTER') ? index + 3 : index;
}

/** Splits tokens at top-level commas (not inside brackets). */
function splitTopLevel(tokens: readonly Token[]): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'punct' && (token.text === '(' || token.text === '[')) depth++;
    if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) depth--;
    if (token.kind === 'punct' && token.text === ',' && depth === 0) parts.push([]);
    else parts[parts.length - 1]!.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

/** The index of the top-level `SETTINGS` keyword that ends an ALTER's command list, or the length. */
function settingsStart(tokens: readonly Token[], from: number): number {
  let depth = 0;
  for (let index = from; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'punct' && (token.text === '(' || token.text === '[')) depth++;
    if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) depth--;
    // `SETTINGS (…)` belongs to a column; `SETTINGS k = v` ends the command list.
    if (depth === 0 && isWord(token, 'SETTINGS') && tokens[index + 1]?.text !== '(') return index;
  }
  return tokens.length;
}

/** A literal constant: a string, a number (signed), NULL, true/false, or an empty array/map. */
function isConstant(tokens: readonly Token[]): boolean {
  if (tokens.length === 1) return tokens[0]!.kind === 'string' || tokens[0]!.kind === 'number' || isWord(tokens[0], 'NULL', 'TRUE', 'FALSE');
  if (tokens.length === 2 && (tokens[0]!.text === '-' || tokens[0]!.text === '+') && tokens[1]!.kind === 'number') return true;
  return tokens.length === 2 && ((tokens[0]!.text === '[' && tokens[1]!.text === ']') || (tokens[0]!.text === '{' && tokens[1]!.text === '}'));
}

const COLUMN_TAIL = ['CODEC', 'TTL', 'COMMENT', 'FIRST', 'AFTER', 'SETTINGS', 'PRIMARY', 'STATISTICS'];

/** ADD COLUMN: metadata only without a default or with a constant one; ALIAS stores nothing. */
function addColumn(command: Token[], text: string): Operation[] {
  let index = skipIf(command, 2);
  const column = readName(command, index);
  if (!column) return [unclassified(text)];
  index = column.end;
  const kindAt = command.findIndex((token, at) => at >= index && isWord(token, 'DEFAULT', 'MATERIALIZED', 'ALIAS', 'EPHEMERAL'));
  if (kindAt === -1 || isWord(command[kindAt], 'ALIAS')) return [];
  if (!isWord(command[kindAt], 'DEFAULT')) return [unclassified(text)];
  const endAt = command.findIndex((token, at) => at > kindAt && isWord(token, ...COLUMN_TAIL));
  const expression = command.slice(kindAt + 1, endAt === -1 ? command.length : endAt);
  return isConstant(expression) ? [] : [unclassified(text)];
}

/** MODIFY COLUMN: a comment is metadata; a new type is a mutation of every part; anything else unknown. */
function modifyColumn(command: Token[], table: string, text: string): Operation[] {
  const column = readName(command, skipIf(command, 2));
  if (!column) return [unclassified(text)];
  const next = command[column.end];
  if (next === undefined) return [unclassified(text)];
  if (isWord(next, 'COMMENT')) return [];
  if (isWord(next, 'DEFAULT', 'MATERIALIZED', 'ALIAS', 'EPHEMERAL', 'CODEC', 'TTL', 'REMOVE', 'MODIFY', 'RESET', 'FIRST', 'AFTER', 'SETTINGS'))
    return [unclassified(text)];
  return [
    {
      kind: 'clickhouse-mutation',
      table,
      mutation: `MODIFY COLUMN ${column.name} ${shortStatement(
        command
          .slice(column.end)
          .map((token) => token.text)
          .join(' '),
        60,
      )}`,
      lock: 'none',
    },
  ];
}

function unclassified(statement: string): Operation {
  return { kind: 'clickhouse-unclassified', statement: shortStatement(statement), lock: 'none' };
}

/** One command of an `ALTER TABLE` (the tokens between top-level commas). */
function alterCommand(command: Token[], table: string): Operation[] {
  const text = command.map((token) => token.text).join(' ');
  const [first, second] = command;
  const word = (at: number, ...keywords: string[]) => isWord(command[at], ...keywords);
  if (word(0, 'ADD') && word(1, 'COLUMN')) return addColumn(command, text);
  if (word(0, 'ADD') && word(1, 'INDEX', 'PROJECTION')) return [];
  if (word(0, 'DROP') && word(1, 'INDEX', 'PROJECTION')) return [];
  if (word(0, 'COMMENT') && word(1, 'COLUMN')) return [];
  if (word(0, 'MODIFY') && word(1, 'COMMENT')) return [];
  if (word(0, 'MODIFY') && word(1, 'COLUMN')) return modifyColumn(command, table, text);
  if (word(0, 'DROP') && word(1, 'COLUMN')) {
    const column = readName(command, skipIf(command, 2));
    return column ? [{ kind: 'clickhouse-drop-column', table, column: column.name, lock: 'none' }] : [unclassified(text)];
  }
  if (word(0, 'RENAME') && word(1, 'COLUMN')) {
    const from = readName(command, skipIf(command, 2));
    const to = from && isWord(command[from.end], 'TO') ? readName(command, from.end + 1) : undefined;
    return from && to ? [{ kind: 'clickhouse-rename', table, column: from.name, newName: to.name, lock: 'none' }] : [unclassified(text)];
  }
  if (word(0, 'MATERIALIZE') && word(1, 'INDEX', 'COLUMN', 'TTL', 'PROJECTION', 'STATISTICS')) {
    const name = readName(command, skipIf(command, 2));
    return [
      {
        kind: 'clickhouse-mutation',
        table,
        mutation: `MATERIALIZE ${second!.text.toUpperCase()}${name && !isWord(second, 'TTL') ? ` ${name.name}` : ''}`,
        lock: 'none',
      },
    ];
  }
  if (word(0, 'UPDATE') || word(0, 'DELETE'))
    return [{ kind: 'clickhouse-mutation', table, mutation: `${first!.text.toUpperCase()} (mutation)`, lock: 'none' }];
  if (word(0, 'MODIFY') && word(1, 'TTL'))
    return [{ kind: 'clickhouse-mutation', table, mutation: 'MODIFY TTL (materialised on existing parts)', lock: 'none' }];
  return [unclassified(text)];
}

function alterTable(statement: ClickHouseStatement): ClickHouseEffects {
  const { tokens } = statement;
  const table = readName(tokens, skipIf(tokens, 2));
  if (!table) return { operations: [unclassified(statement.sql)], created: [] };
  const from = skipCluster(tokens, table.end);
  const commands = splitTopLevel(tokens.slice(from, settingsStart(tokens, from)));
  if (commands.length === 0) return { operations: [unclassified(statement.sql)], created: [] };
  return { operations: commands.flatMap((command) => alterCommand(command, table.name)), created: [], touched: [table.name] };
}

/** Whether a token appears at the top level (outside brackets) of the statement. */
function topLevelWord(tokens: readonly Token[], ...keywords: string[]): boolean {
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'punct' && (token.text === '(' || token.text === '[')) depth++;
    if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) depth--;
    if (depth === 0 && isWord(token, ...keywords)) return true;
  }
  return false;
}

function create(statement: ClickHouseStatement): ClickHouseEffects {
  const { tokens } = statement;
  let index = 1;
  if (isWord(tokens[index], 'OR') && isWord(tokens[index + 1], 'REPLACE')) return { operations: [unclassified(statement.sql)], created: [] };
  if (isWord(tokens[index], 'TEMPORARY')) index++;
  const object = tokens[index];
  // `IF NOT EXISTS` may leave an existing table (with its rows) in place: it does not prove the table new.
  const proven = (at: number, name: string) => (skipIf(tokens, at) === at ? [name] : []);
  if (isWord(object, 'TABLE')) {
    const name = readName(tokens, skipIf(tokens, index + 1));
    if (!name) return { operations: [unclassified(statement.sql)], created: [] };
    // CREATE TABLE … AS SELECT fills the new table by reading others.
    const copies = tokens.some((token, at) => isWord(token, 'AS') && isWord(tokens[at + 1], 'SELECT'));
    return { operations: copies ? [unclassified(statement.sql)] : [], created: proven(index + 1, name.name) };
  }
  if (isWord(object, 'VIEW') || (isWord(object, 'MATERIALIZED') && isWord(tokens[index + 1], 'VIEW'))) {
    const at = index + (isWord(object, 'VIEW') ? 1 : 2);
    const name = readName(tokens, skipIf(tokens, at));
    // POPULATE reads the whole source table into the view when it is created.
    if (!name || topLevelWord(tokens, 'POPULATE')) return { operations: [unclassified(statement.sql)], created: [] };
    return { operations: [], created: proven(at, name.name) };
  }
  if (isWord(object, 'DATABASE', 'FUNCTION')) return NONE;
  return { operations: [unclassified(statement.sql)], created: [] };
}

function drop(statement: ClickHouseStatement): ClickHouseEffects {
  const { tokens } = statement;
  let index = 1;
  if (isWord(tokens[index], 'TEMPORARY')) index++;
  const object = tokens[index];
  if (!isWord(object, 'TABLE', 'VIEW', 'DICTIONARY', 'DATABASE')) return { operations: [unclassified(statement.sql)], created: [] };
  const name = readName(tokens, skipIf(tokens, index + 1));
  if (!name) return { operations: [unclassified(statement.sql)], created: [] };
  return { operations: [{ kind: 'clickhouse-drop-table', table: name.name, object: object!.text.toUpperCase(), lock: 'none' }], created: [] };
}

/** RENAME TABLE a TO b, c TO d / EXCHANGE TABLES a AND b. */
function rename(statement: ClickHouseStatement): ClickHouseEffects {
  const { tokens } = statement;
  const operations: Operation[] = [];
  const exchange = isWord(tokens[0], 'EXCHANGE');
  for (const pair of splitTopLevel(tokens.slice(2, settingsStart(tokens, 2)))) {
    const from = readName(pair, 0);
    const to = from && isWord(pair[from.end], exchange ? 'AND' : 'TO') ? readName(pair, from.end + 1) : undefined;
    if (!from || !to) return { operations: [unclassified(statement.sql)], created: [] };
    operations.push({ kind: 'clickhouse-rename', table: from.name, newName: to.name, lock: 'none' });
    if (exchange) operations.push({ kind: 'clickhouse-rename', table: to.name, newName: from.name, lock: 'none' });
  }
  return { operations, created: [] };
}

/** The operations of one statement. */
export function statementEffects(statement: ClickHouseStatement): ClickHouseEffects {
  const { tokens } = statement;
  const [first, second] = tokens;
  // Session settings and the current database change no table.
  if (isWord(first, 'SET', 'USE')) return NONE;
  if (isWord(first, 'ALTER') && isWord(second, 'TABLE')) return alterTable(statement);
  if (isWord(first, 'CREATE')) return create(statement);
  if (isWord(first, 'DROP')) return drop(statement);
  if ((isWord(first, 'RENAME') && isWord(second, 'TABLE', 'TABLES')) || (isWord(first, 'EXCHANGE') && isWord(second, 'TABLES'))) return rename(statement);
  // Lightweight DELETE / UPDATE and OPTIMIZE rewrite parts.
  if ((isWord(first, 'DELETE') && isWord(second, 'FROM')) || isWord(first, 'UPDATE') || (isWord(first, 'OPTIMIZE') && isWord(second, 'TABLE'))) {
    const name = readName(tokens, isWord(first, 'UPDATE') ? 1 : 2);
    if (name)
      return {
        operations: [
          {
            kind: 'clickhouse-mutation',
            table: name.name,
            mutation: isWord(first, 'OPTIMIZE') ? 'OPTIMIZE (merges parts)' : `lightweight ${first!.text.toUpperCase()}`,
            lock: 'none',
          },
        ],
        created: [],
      };
  }
  return { operations: [unclassified(statement.sql)], created: [] };
}
