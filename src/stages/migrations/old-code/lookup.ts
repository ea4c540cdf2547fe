/**
 * Answers about one table or column from the scan of the previous release's code (scan.ts):
 * `referenced` (cite file:line), `unreferenced` (N files read) or `unknown` (why).
 *
 * Order of evidence, most specific first — a structural reference of a reader, then a mention (the
 * name as a word anywhere in the scanned code: a string, a template's text, a property key, an
 * identifier, a type's member), then a dynamic reference that could reach the object. Only when none
 * of them exists, and the scan finished, is the answer `unreferenced`. A name is compared without
 * case and underscores (`nick_name`, `nickName` and `NickName` are one name), so a camel-cased
 * mapping of a column still counts.
 */
import type { CodeReference, DynamicReference, ReferenceAnswer } from './references.js';

/** One file's words: normalised words, space-separated and space-framed, and the first line of each. */
export interface FileMentions {
  readonly file: string;
  /** ` word1 word2 … ` (normalised, unique). */
  readonly words: string;
  /** First line of each word, in the order of `words`. */
  readonly lines: readonly number[];
}

export interface OldCodeIndex {
  readonly references: readonly CodeReference[];
  readonly dynamic: readonly DynamicReference[];
  readonly mentions: readonly FileMentions[];
  readonly filesRead: number;
  readonly incomplete?: string;
}

/** What a rule asks (RuleContext.oldCode). */
export interface OldCodeLookup {
  readonly filesRead: number;
  lookupColumn(table: string, column: string): ReferenceAnswer;
  lookupTable(table: string): ReferenceAnswer;
  /** Old code that inserts rows into the table (every such insert omits a column added now). */
  lookupInserts(table: string): ReferenceAnswer;
}

/** How names are compared: lower case, no underscores or quotes. */
export function normaliseName(name: string): string {
  return name.replace(/["`]/g, '').toLowerCase().replace(/_/g, '');
}

/** The bare table name of `schema.table` / `"Table"` as the references store it. */
export function bareTable(table: string): string {
  const parts = table.split('.');
  return parts[parts.length - 1]!.replace(/"/g, '').toLowerCase();
}

const MAX_CITED = 3;

/**
 * The first mention of `name`, preferring a file that also names `table` (a mention is a word, not
 * bound to a table: the citation should point where the table is used when such a file exists).
 */
function mentionOf(index: OldCodeIndex, name: string, table?: string): CodeReference | undefined {
  const word = normaliseName(name);
  if (word.length === 0) return undefined;
  const needle = ` ${word} `;
  const tableNeedle = table === undefined ? undefined : ` ${normaliseName(table)} `;
  let fallback: CodeReference | undefined;
  for (const file of index.mentions) {
    const at = file.words.indexOf(needle);
    if (at === -1) continue;
    const preferred = tableNeedle === undefined || file.words.includes(tableNeedle);
    // Only the answer and the first fallback need their line: counting a common word's position in
    // every file that holds it was most of a migration pair's lookups (issue 36).
    if (!preferred && fallback !== undefined) continue;
    const found: CodeReference = { table: '', access: 'any', file: file.file, line: file.lines[wordPosition(file.words, at)] ?? 1, via: 'mention' };
    if (preferred) return found;
    fallback = found;
  }
  return fallback;
}

/** The position among the words of the word at character `at`: the spaces before it, less the leading one. */
function wordPosition(words: string, at: number): number {
  let position = 0;
  for (let i = words.indexOf(' '); i !== -1 && i < at; i = words.indexOf(' ', i + 1)) position++;
  return position;
}

function dynamicFor(index: OldCodeIndex, table: string): DynamicReference | undefined {
  return index.dynamic.find((mark) => mark.table === undefined || bareTable(mark.table) === table);
}

function unknownFrom(mark: DynamicReference): ReferenceAnswer {
  return { state: 'unknown', reason: `${mark.reason} (${mark.via}) at ${mark.file}:${mark.line}`, at: { file: mark.file, line: mark.line } };
}

export function createLookup(index: OldCodeIndex): OldCodeLookup {
  const byTable = new Map<string, CodeReference[]>();
  for (const reference of index.references) {
    if (reference.table === '') continue;
    const key = bareTable(reference.table);
    // Appended in place: copying the list per reference was quadratic (≈ 30 ms on the reference service's thousands of references).
    const list = byTable.get(key);
    if (list) list.push(reference);
    else byTable.set(key, [reference]);
  }
  const cite = (references: readonly CodeReference[]): ReferenceAnswer => {
    const seen = new Set<string>();
    const distinct = references.filter((reference) => !seen.has(`${reference.file}:${reference.line}`) && seen.add(`${reference.file}:${reference.line}`));
    return { state: 'referenced', references: distinct.slice(0, MAX_CITED) };
  };
  const incomplete = (): ReferenceAnswer | undefined => (index.incomplete === undefined ? undefined : { state: 'unknown', reason: index.incomplete });

  const lookupTable = (rawTable: string): ReferenceAnswer => {
    const table = bareTable(rawTable);
    const structural = byTable.get(table) ?? [];
    if (structural.length > 0) return cite(structural);
    const mention = mentionOf(index, table);
    if (mention) return cite([{ ...mention, table }]);
    const mark = dynamicFor(index, table);
    if (mark) return unknownFrom(mark);
    return incomplete() ?? { state: 'unreferenced', filesRead: index.filesRead };
  };

  return {
    filesRead: index.filesRead,
    lookupTable,
    lookupColumn(rawTable, rawColumn) {
      const table = bareTable(rawTable);
      const column = rawColumn.replace(/"/g, '').toLowerCase();
      const structural = (byTable.get(table) ?? []).filter(
        (reference) => reference.column !== undefined && normaliseName(reference.column) === normaliseName(column),
      );
      if (structural.length > 0) return cite(structural);
      const mention = mentionOf(index, column, table);
      if (mention) return cite([{ ...mention, table, column }]);
      const mark = dynamicFor(index, table);
      if (mark) return unknownFrom(mark);
      // Whole rows read (`select('*')`, no select) and rows written that the code does not spell out:
      // a row read and written back carries the column although no code names it.
      const rows = byTable.get(table) ?? [];
      const wholeRowWrite = rows.find((reference) => reference.access === 'insert' && reference.insertColumns === 'unknown');
      const wholeRowRead = rows.find((reference) => reference.column === undefined && (reference.access === 'read' || reference.access === 'any'));
      if (wholeRowWrite && wholeRowRead) {
        return {
          state: 'unknown',
          reason: `old code reads whole rows of ${table} (${wholeRowRead.file}:${wholeRowRead.line}) and inserts rows whose columns it does not spell out (${wholeRowWrite.file}:${wholeRowWrite.line})`,
          at: { file: wholeRowWrite.file, line: wholeRowWrite.line },
        };
      }
      return incomplete() ?? { state: 'unreferenced', filesRead: index.filesRead };
    },
    lookupInserts(rawTable) {
      const table = bareTable(rawTable);
      const inserts = (byTable.get(table) ?? []).filter(
        (reference) => reference.access === 'insert' || (reference.access === 'any' && reference.via !== 'knex' && reference.via !== 'kysely'),
      );
      if (inserts.length > 0) return cite(inserts);
      const whole = lookupTable(table);
      if (whole.state !== 'referenced') return whole;
      const first = whole.references[0]!;
      return {
        state: 'unknown',
        reason: `old code uses ${table} (${first.file}:${first.line}) and no reader proves it never inserts into it`,
        at: { file: first.file, line: first.line },
      };
    },
  };
}

/** `src/a.ts:42 (knex)`, for messages. */
export function citeReferences(references: readonly CodeReference[]): string {
  return [...new Set(references.map((reference) => `${reference.file}:${reference.line}${reference.via === 'mention' ? '' : ` (${reference.via})`}`))].join(
    ', ',
  );
}
