import type { CodeReference, DynamicReference, FileReferences, ReferenceReader } from '../references.js';

/**
 * Prisma schema files (`schema.prisma`, and the multi-file `prisma/schema/*.prisma`): what the
 * previous release's Prisma client reads and writes.
 *
 * The client selects every scalar field of a model unless a query says `select`, so every scalar
 * field of a model in the old schema is a read reference (cited at the schema line); `create`,
 * `createMany` and `upsert` write the model's full known row, so each model is also a table-level
 * insert reference with `insertColumns: 'all-model-columns'` at the model line (the conservative
 * choice: a per-file reader cannot bind `prisma.user.create(` in code to the model's table).
 *
 * Names as the database sees them: `@@map("t")` else the model name, `@map("c")` else the field
 * name; `@@schema("s")` names the schema. Not references: relation fields (their foreign-key
 * columns are scalar fields of their own), `@ignore` fields, `Unsupported(...)` fields and
 * `@@ignore` models (none of them is in the generated client), enums, composite `type`s.
 * `view` blocks are read (never written).
 *
 * A field whose type is declared in no block of this file (multi-file schemas) is counted as a
 * column: if it is in fact a relation, the extra reference names a column that does not exist,
 * which can only make a verdict stricter, never a wrong `true`.
 */

const VIA = 'prisma';

/** Prisma's built-in scalar types (https://www.prisma.io/docs/orm/reference/prisma-schema-reference#model-field-scalar-types). */
const SCALAR_TYPES = new Set(['String', 'Boolean', 'Int', 'BigInt', 'Float', 'Decimal', 'DateTime', 'Json', 'Bytes']);

interface Block {
  kind: 'model' | 'view' | 'enum' | 'type' | 'other';
  name: string;
  line: number;
  /** Body lines with their 1-based line numbers, comments removed. */
  body: Array<{ text: string; line: number }>;
}

/** The text of a line without its `//` comment (strings in attributes may hold `//`, e.g. URLs in defaults). */
function withoutComment(line: string): string {
  let inString = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === '\\' && inString) {
      index++;
      continue;
    }
    if (char === '"') inString = !inString;
    else if (!inString && char === '/' && line[index + 1] === '/') return line.slice(0, index);
  }
  return line;
}

/**
 * The text with `/* … *\/` comments blanked (newlines kept, so lines still count): Prisma accepts
 * them (trigger.dev's schema has them inside models). Strings and `//` comments are stepped over.
 */
function withoutBlockComments(text: string): string {
  if (!text.includes('/*')) return text;
  let out = '';
  let index = 0;
  let inString = false;
  while (index < text.length) {
    const char = text[index]!;
    if (inString) {
      if (char === '\\') {
        out += text.slice(index, index + 2);
        index += 2;
        continue;
      }
      if (char === '"' || char === '\n') inString = false;
      out += char;
      index++;
    } else if (char === '"') {
      inString = true;
      out += char;
      index++;
    } else if (char === '/' && text[index + 1] === '/') {
      const end = text.indexOf('\n', index);
      const stop = end < 0 ? text.length : end;
      out += text.slice(index, stop);
      index = stop;
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(index, stop).replace(/[^\n]/g, ' ');
      index = stop;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

const BLOCK_START = /^\s*(model|view|enum|type|datasource|generator)\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{\s*$/;

function blocksOf(text: string): { blocks: Block[]; unreadable: Array<{ line: number; text: string }> } {
  const lines = withoutBlockComments(text).split(/\r?\n/);
  const blocks: Block[] = [];
  const unreadable: Array<{ line: number; text: string }> = [];
  let current: Block | undefined;
  for (let index = 0; index < lines.length; index++) {
    const code = withoutComment(lines[index]!).trim();
    if (code === '') continue;
    const line = index + 1;
    if (!current) {
      const start = BLOCK_START.exec(code);
      if (start) {
        const keyword = start[1]!;
        current = {
          kind: keyword === 'model' || keyword === 'view' || keyword === 'enum' || keyword === 'type' ? keyword : 'other',
          name: start[2]!,
          line,
          body: [],
        };
      } else if (/^(model|view)\b/.test(code)) unreadable.push({ line, text: code });
      continue;
    }
    if (code === '}') {
      blocks.push(current);
      current = undefined;
      continue;
    }
    current.body.push({ text: code, line });
  }
  if (current && (current.kind === 'model' || current.kind === 'view')) unreadable.push({ line: current.line, text: `${current.kind} ${current.name} {` });
  return { blocks, unreadable };
}

/** The string argument of `@map("x")`, `@map(name: "x")` (or `@@map`, `@@schema`). */
function attributeString(text: string, attribute: string): string | undefined | null {
  const at = text.indexOf(`${attribute}(`);
  if (at < 0) return undefined;
  const match = /^\(\s*(?:name\s*:\s*)?"((?:[^"\\]|\\.)*)"\s*[,)]/.exec(text.slice(at + attribute.length));
  // Present but not a plain string: the caller fails closed.
  return match ? match[1]!.replace(/\\(.)/g, '$1') : null;
}

const FIELD = /^([A-Za-z_][A-Za-z0-9_]*)\s+([A-Za-z_][A-Za-z0-9_]*(?:\(\s*"(?:[^"\\]|\\.)*"\s*\))?)(\[\])?(\?)?(?:\s+(.*))?$/;

function readSchema(path: string, text: string): FileReferences {
  const references: CodeReference[] = [];
  const dynamic: DynamicReference[] = [];
  const { blocks, unreadable } = blocksOf(text);
  for (const bad of unreadable) dynamic.push({ file: path, line: bad.line, via: VIA, reason: `Prisma block not read: \`${bad.text.slice(0, 60)}\`` });
  const declared = new Map(blocks.map((block) => [block.name, block.kind]));
  for (const block of blocks) {
    if (block.kind !== 'model' && block.kind !== 'view') continue;
    const blockAttributes = block.body.filter((entry) => entry.text.startsWith('@@'));
    if (blockAttributes.some((entry) => /^@@ignore\b/.test(entry.text))) continue;
    let table: string = block.name;
    let schema: string | undefined;
    let unknownTable: string | undefined;
    for (const entry of blockAttributes) {
      const mapped = attributeString(entry.text, '@@map');
      if (mapped === null) unknownTable = `\`${entry.text}\` is not a plain name`;
      else if (mapped !== undefined) table = mapped;
      const named = attributeString(entry.text, '@@schema');
      if (named === null) unknownTable = `\`${entry.text}\` is not a plain name`;
      else if (named !== undefined) schema = named;
    }
    if (unknownTable) {
      dynamic.push({ file: path, line: block.line, via: VIA, reason: `table of ${block.kind} ${block.name}: ${unknownTable}` });
      continue;
    }
    const at = (line: number) => ({ table, ...(schema === undefined ? {} : { schema }), file: path, line, via: VIA });
    references.push({ ...at(block.line), access: 'read' });
    if (block.kind === 'model') references.push({ ...at(block.line), access: 'insert', insertColumns: 'all-model-columns' });
    for (const entry of block.body) {
      if (entry.text.startsWith('@@')) continue;
      const field = FIELD.exec(entry.text);
      if (!field) {
        dynamic.push({
          table,
          file: path,
          line: entry.line,
          via: VIA,
          reason: `field of ${block.kind} ${block.name} not read: \`${entry.text.slice(0, 60)}\``,
        });
        continue;
      }
      const [, name, type, , , rest = ''] = field;
      if (/(^|\s)@ignore\b/.test(rest)) continue;
      if (type!.startsWith('Unsupported(')) continue;
      const kind = declared.get(type!);
      if (kind === 'model' || kind === 'view' || kind === 'type') continue;
      if (!SCALAR_TYPES.has(type!) && kind === undefined && /(^|\s)@relation\b/.test(rest)) continue;
      const mapped = attributeString(rest, '@map');
      if (mapped === null) {
        dynamic.push({
          table,
          file: path,
          line: entry.line,
          via: VIA,
          reason: `column of ${block.name}.${name}: \`${rest.slice(0, 60)}\` is not a plain name`,
        });
        continue;
      }
      references.push({ ...at(entry.line), column: mapped ?? name!, access: 'read' });
    }
  }
  return { references, dynamic };
}

export const reader: ReferenceReader = {
  id: VIA,
  mayReference(path, text) {
    return /\.prisma$/i.test(path) && /^\s*(model|view)\s/m.test(text);
  },
  read: readSchema,
};
