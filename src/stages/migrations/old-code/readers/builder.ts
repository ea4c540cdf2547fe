/**
 * What knex and kysely share: a query is a chain of method calls (`db('users').where(…).select(…)`,
 * `db.selectFrom('users').select([…])`), the table comes from the chain's root or a `from`-like
 * method, and names sit in known argument positions. Each library gives its method table
 * ({@link BuilderDialect}); this walks every chain of a file and reports the table and column names in
 * those positions, and a {@link DynamicReference} for every name position whose value is built at run
 * time (a parameter, a `let`, a call, a template with an interpolation that is not an imported
 * constant). Constants of the file are evaluated with the toolkit's ConstantEvaluator; a constant
 * imported from another module is left for the scan to resolve (`tableImport`).
 */
import { moduleBindings } from '../../../../syntax/bindings.js';
import { ConstantEvaluator, type Constant } from '../../../../syntax/constants.js';
import { isCall, isMember, lineOf, parseSource, unwrapExpression, walk, type t } from '../../../../syntax/parse.js';
import { propertyAccess } from '../../../../syntax/ast.js';
import type { CodeReference, DynamicReference, FileReferences, ImportedName, ReferenceAccess } from '../references.js';

/** What an argument position of a method holds. */
export type ArgumentRole =
  /** A table (`'users'`, `'users as u'`, `'analytics.events'`). */
  | 'table'
  /** Column names: strings, arrays of strings, `{ alias: 'column' }` objects. */
  | 'columns'
  /** An object whose keys are columns (`where({ nickname })`, `update({ … })`); a string there is a column. */
  | 'keys'
  /** Rows to insert: an object or array of objects whose keys are the columns. */
  | 'rows'
  /** Not a name (a value, a callback, an operator). */
  | 'value';

export interface MethodShape {
  /** Roles of the arguments, by position; positions past the end take the last role when `rest`. */
  readonly args: readonly ArgumentRole[];
  readonly access: ReferenceAccess;
  readonly rest?: boolean;
}

export interface BuilderDialect {
  readonly via: string;
  /** Methods of the chain (after the root). */
  readonly methods: Readonly<Record<string, MethodShape>>;
  /** Whether the chain's root call `x(arg)` (knex's `knex('users')`) names the table. */
  readonly rootCallIsTable: boolean;
  /** Methods whose call marks a chain as this library's (otherwise the chain is ignored). */
  readonly markers: ReadonlySet<string>;
}

interface Link {
  readonly name: string | undefined;
  readonly args: readonly t.Node[];
  readonly node: t.Node;
}

/** A name as evaluated: known text, an imported constant, or built at run time. */
type NameValue = { kind: 'text'; text: string } | { kind: 'import'; name: ImportedName; suffix: string } | { kind: 'dynamic'; why: string };

function chainOf(outer: t.Node): { root: t.Node; links: Link[] } {
  const links: Link[] = [];
  let node: t.Node = unwrapExpression(outer);
  for (;;) {
    if (isCall(node)) {
      const callee = unwrapExpression(node.callee);
      const member = propertyAccess(callee);
      if (member !== undefined) {
        links.unshift({ name: member.name, args: node.arguments as t.Node[], node });
        node = unwrapExpression(member.object);
        continue;
      }
      links.unshift({ name: undefined, args: node.arguments as t.Node[], node });
      return { root: callee, links };
    }
    if (node.type === 'AwaitExpression') {
      node = unwrapExpression(node.argument);
      continue;
    }
    const member = propertyAccess(node);
    if (member !== undefined && isMember(node)) {
      node = unwrapExpression(member.object);
      continue;
    }
    return { root: node, links };
  }
}

/** `users as u`, `users u`, `analytics.events`: table (schema dropped into `schema`) and alias. */
export function splitTable(text: string): { table: string; schema?: string; alias?: string } {
  const match = /^\s*("?[\w$]+"?(?:\s*\.\s*"?[\w$]+"?)?)(?:\s+(?:as\s+)?("?[\w$]+"?))?\s*$/i.exec(text);
  const dotted = (match?.[1] ?? text)
    .replace(/"/g, '')
    .split('.')
    .map((part) => part.trim());
  const table = dotted[dotted.length - 1]!.toLowerCase();
  const schema = dotted.length > 1 ? dotted[0]!.toLowerCase() : undefined;
  const alias = match?.[2]?.replace(/"/g, '').toLowerCase();
  return { table, ...(schema ? { schema } : {}), ...(alias ? { alias } : {}) };
}

/** `u.nickname as nick`, `nickname`, `users.*`, `count(*)`: qualifier and column (undefined column: not a plain name). */
export function splitColumn(text: string): { qualifier?: string; column?: string } {
  const withoutAlias = text.replace(/\s+as\s+[\w$"]+\s*$/i, '').trim();
  const match = /^(?:"?([\w$]+)"?\s*\.\s*)?(?:"?([\w$]+)"?\s*\.\s*)?"?([\w$]+|\*)"?$/.exec(withoutAlias);
  if (!match) return {};
  const qualifier = (match[2] ?? match[1])?.toLowerCase();
  return { ...(qualifier ? { qualifier } : {}), column: match[3] === '*' ? '*' : match[3]!.toLowerCase() };
}

export class BuilderReader {
  constructor(private readonly dialect: BuilderDialect) {}

  read(path: string, text: string): FileReferences {
    const parsed = parseSource(path, text);
    if (!parsed.ok) {
      // A file that does not parse may hold any query: every table is unknown.
      return { references: [], dynamic: [{ file: path, line: parsed.line, via: this.dialect.via, reason: `the file does not parse (${parsed.message})` }] };
    }
    const bindings = moduleBindings(parsed.ast);
    const imports = new Map(bindings.imports.filter((binding) => !binding.typeOnly).map((binding) => [binding.local, binding]));
    const evaluator = new ConstantEvaluator({ load: (p) => (p === path ? { path, ast: parsed.ast } : undefined), resolve: () => undefined });
    const references: CodeReference[] = [];
    const dynamic: DynamicReference[] = [];
    // `const cteName = 'latest'` inside a function: a name declared once in the file is its value.
    const localConsts = new Map<string, t.Node | null>();
    walk(parsed.ast, (node, parent) => {
      if (node.type !== 'VariableDeclarator' || node.id.type !== 'Identifier') return;
      const constant = parent?.type === 'VariableDeclaration' && parent.kind === 'const' && node.init;
      localConsts.set(node.id.name, localConsts.has(node.id.name) || !constant ? null : (node.init as t.Node));
    });
    const evaluateLocal = (raw: t.Node, depth = 0): string | number | undefined => {
      const node = unwrapExpression(raw);
      const value = evaluator.evaluate(path, node);
      if (typeof value === 'string' || typeof value === 'number') return value;
      if (depth > 8) return undefined;
      if (node.type === 'Identifier') {
        const init = localConsts.get(node.name);
        return init ? evaluateLocal(init, depth + 1) : undefined;
      }
      if (node.type === 'TemplateLiteral') {
        let text = node.quasis[0]?.value.cooked ?? '';
        for (let index = 0; index < node.expressions.length; index++) {
          const part = evaluateLocal(node.expressions[index] as t.Node, depth + 1);
          if (part === undefined) return undefined;
          text += String(part) + (node.quasis[index + 1]?.value.cooked ?? '');
        }
        return text;
      }
      if (node.type === 'BinaryExpression' && node.operator === '+') {
        const left = evaluateLocal(node.left as t.Node, depth + 1);
        const right = evaluateLocal(node.right, depth + 1);
        return left === undefined || right === undefined ? undefined : typeof left === 'number' && typeof right === 'number' ? left + right : `${left}${right}`;
      }
      return undefined;
    };

    const nameOf = (raw: t.Node): NameValue => {
      const node = unwrapExpression(raw);
      const value = evaluateLocal(node);
      // A number is a position (`orderBy(1)`), not a name.
      if (typeof value === 'number') return { kind: 'text', text: '*' };
      if (typeof value === 'string') return { kind: 'text', text: value };
      const imported = importedName(node, imports);
      if (imported) return { kind: 'import', name: imported, suffix: '' };
      // `${UserTableName}.user_uuid`: an imported constant, then a known tail.
      if (node.type === 'TemplateLiteral' && node.expressions.length === 1 && (node.quasis[0]?.value.cooked ?? '') === '') {
        const head = importedName(node.expressions[0] as t.Node, imports);
        if (head) return { kind: 'import', name: head, suffix: node.quasis[1]?.value.cooked ?? '' };
      }
      return {
        kind: 'dynamic',
        why:
          node.type === 'TemplateLiteral'
            ? 'a template with an interpolation'
            : node.type === 'BinaryExpression'
              ? 'a concatenation'
              : isCall(node)
                ? 'a call'
                : node.type === 'Identifier'
                  ? `variable \`${node.name}\``
                  : node.type,
      };
    };

    walk(parsed.ast, (node, parent) => {
      if (!isCall(node)) return;
      // Only the outermost call of a chain (its parent does not call a method on it).
      if (parent && isMember(parent) && (parent as t.MemberExpression).object === node) return;
      const { root, links } = chainOf(node);
      if (!links.some((link) => link.name !== undefined && this.dialect.markers.has(link.name))) return;
      // A query chain has a table source: a root call (`knex('users')`, `trx(T)`) followed by a query
      // method, or a table method (`from`, `into`, `selectFrom`, …). `path.join(__dirname)` has neither.
      // The root call is the last call that is not a query method before the first one that is
      // (`knex('users')`, `this.database(UserTableName)`, `trx(T)`).
      const isMethod = (link: Link | undefined) => link?.name !== undefined && this.dialect.methods[link.name] !== undefined;
      const firstMethod = links.findIndex(isMethod);
      const rootIndex = this.dialect.rootCallIsTable && firstMethod > 0 && links[firstMethod - 1]!.args.length > 0 ? firstMethod - 1 : -1;
      if (rootIndex < 0 && !links.some((link) => isMethod(link) && !/join/i.test(link.name!) && this.dialect.methods[link.name!]!.args[0] === 'table')) return;
      const line = lineOf(node);
      const before = references.length;
      let table: { table: string; schema?: string } | { import: ImportedName } | undefined;
      const aliases = new Map<string, string>();
      let tableDynamic: string | undefined;

      const setTable = (value: NameValue, at: number) => {
        if (value.kind === 'text') {
          const split = splitTable(value.text);
          if (split.alias) aliases.set(split.alias, split.table);
          table ??= { table: split.table, ...(split.schema ? { schema: split.schema } : {}) };
          return split;
        }
        if (value.kind === 'import') {
          table ??= { import: value.name };
          return undefined;
        }
        tableDynamic ??= value.why;
        dynamic.push({ file: path, line: at, via: this.dialect.via, reason: `table name from ${value.why}` });
        return undefined;
      };
      // First pass: the tables of the chain (root, `from`-like methods), so columns know their table.
      const start = rootIndex >= 0 ? rootIndex + 1 : Math.max(firstMethod, 0);
      if (rootIndex >= 0) {
        const arg = unwrapExpression(links[rootIndex]!.args[0]!);
        if (!isFunctionNode(arg) && !isRawCall(arg)) setTable(nameOf(arg), lineOf(arg));
      }
      for (const link of links.slice(start)) {
        const shape = link.name === undefined ? undefined : this.dialect.methods[link.name];
        if (!shape) continue;
        shape.args.forEach((role, index) => {
          if (role !== 'table' || index >= link.args.length) return;
          const arg = unwrapExpression(link.args[index]!);
          if (isFunctionNode(arg) || isRawCall(arg) || arg.type === 'ObjectExpression') return;
          if (arg.type === 'ArrayExpression') arg.elements.forEach((element) => element && setTable(nameOf(element as t.Node), lineOf(element)));
          else setTable(nameOf(arg), lineOf(arg));
        });
      }
      const base = (column: string | undefined, access: ReferenceAccess, at: number, qualifier?: string): CodeReference | undefined => {
        const qualified = qualifier === undefined ? undefined : (aliases.get(qualifier) ?? qualifier);
        if (qualified !== undefined) return { table: qualified, ...(column ? { column } : {}), access, file: path, line: at, via: this.dialect.via };
        if (table === undefined) return undefined;
        if ('import' in table)
          return { table: '', tableImport: table.import, ...(column ? { column } : {}), access, file: path, line: at, via: this.dialect.via };
        return {
          table: table.table,
          ...(table.schema ? { schema: table.schema } : {}),
          ...(column ? { column } : {}),
          access,
          file: path,
          line: at,
          via: this.dialect.via,
        };
      };
      const push = (reference: CodeReference | undefined) => reference && references.push(reference);
      const markDynamic = (why: string, at: number) => {
        const target = table;
        dynamic.push({
          file: path,
          line: at,
          via: this.dialect.via,
          reason: `column name from ${why}`,
          ...(target === undefined || tableDynamic !== undefined ? {} : 'import' in target ? { tableImport: target.import } : { table: target.table }),
        });
      };
      const column = (raw: t.Node, access: ReferenceAccess) => {
        const node = unwrapExpression(raw);
        if (isFunctionNode(node) || isRawCall(node) || (isCall(node) && isBuilderCall(node))) return;
        if (node.type === 'ArrayExpression') {
          for (const element of node.elements) if (element) column(element as t.Node, access);
          return;
        }
        if (node.type === 'ObjectExpression') {
          // `select({ alias: 'column' })`: the values are the columns.
          for (const property of node.properties) {
            if (property.type === 'ObjectProperty') column(property.value as t.Node, access);
            else markDynamic('an object spread', lineOf(property));
          }
          return;
        }
        const value = nameOf(node);
        if (value.kind === 'dynamic') return markDynamic(value.why, lineOf(node));
        if (value.kind === 'import') {
          const tail = splitColumn(value.suffix.replace(/^\./, 'x.'));
          if (tail.column !== undefined && tail.column !== '*') {
            push({ table: '', tableImport: value.name, column: tail.column, access, file: path, line: lineOf(node), via: this.dialect.via });
          } else if (value.suffix === '') {
            // A column name imported whole: its literal sits in the other module (a mention there).
            push(base(undefined, access, lineOf(node)));
          } else {
            markDynamic('an imported constant with an unreadable tail', lineOf(node));
          }
          return;
        }
        const split = splitColumn(value.text);
        if (split.column === undefined) {
          // An expression (`count(*)`, `coalesce(a, b)`): the names in it are mentions; the table is read.
          push(base(undefined, access, lineOf(node)));
          return;
        }
        push(base(split.column === '*' ? undefined : split.column, split.column === '*' ? 'read' : access, lineOf(node), split.qualifier));
      };
      const keys = (raw: t.Node, access: ReferenceAccess, insert: boolean) => {
        const node = unwrapExpression(raw);
        if (isFunctionNode(node) || isRawCall(node)) return;
        if (node.type === 'ArrayExpression') {
          for (const element of node.elements) if (element) keys(element as t.Node, access, insert);
          return;
        }
        if (node.type !== 'ObjectExpression') {
          if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') return column(node, access);
          // A row or filter held in a variable: its keys are written elsewhere in the code (mentions).
          const reference = base(undefined, access, lineOf(node));
          if (reference) push(insert ? { ...reference, insertColumns: 'unknown' } : reference);
          return;
        }
        const names: string[] = [];
        let unknownKeys = false;
        for (const property of node.properties) {
          if (property.type !== 'ObjectProperty' && property.type !== 'ObjectMethod') {
            unknownKeys = true;
            continue;
          }
          const key = property.computed
            ? nameOf(property.key as t.Node)
            : { kind: 'text' as const, text: property.key.type === 'Identifier' ? property.key.name : String((property.key as t.StringLiteral).value) };
          if (key.kind !== 'text') {
            unknownKeys = true;
            if (key.kind === 'dynamic') markDynamic(`a computed key (${key.why})`, lineOf(property));
            continue;
          }
          const split = splitColumn(key.text);
          if (split.column === undefined || split.column === '*') continue;
          names.push(split.column);
          push(base(split.column, access, lineOf(property), split.qualifier));
        }
        if (insert) {
          const reference = base(undefined, 'insert', lineOf(node));
          if (reference) push({ ...reference, insertColumns: unknownKeys ? 'unknown' : names });
        }
      };

      for (const link of links.slice(start)) {
        const shape = link.name === undefined ? undefined : this.dialect.methods[link.name];
        if (!shape) continue;
        if (link.args.length === 0 && shape.args.length > 0 && shape.args[0] === 'columns' && shape.access === 'read') {
          // `select()` / `first()` / `selectAll()` with no argument: every column.
          push(base(undefined, 'read', lineOf(link.node)));
          continue;
        }
        link.args.forEach((arg, index) => {
          const role = shape.args[Math.min(index, shape.args.length - 1)] ?? 'value';
          if (index >= shape.args.length && !shape.rest) return;
          if (role === 'columns') column(arg, shape.access);
          else if (role === 'keys') keys(arg, shape.access, false);
          else if (role === 'rows') keys(arg, shape.access, true);
        });
        if (shape.access === 'write' || shape.access === 'insert') {
          const reference = base(undefined, shape.access, lineOf(link.node));
          if (reference && shape.access === 'write') push(reference);
        }
      }
      // A chain with a table and no named column still uses the table.
      if (table !== undefined && references.length === before) push(base(undefined, 'any', line));
      void root;
    });
    return { references, dynamic };
  }
}

function isFunctionNode(node: t.Node): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}

/** `knex.raw(…)`, `db.raw(…)`, `sql\`…\``, `sql.raw(…)`: raw SQL, read by the SQL reader. */
function isRawCall(node: t.Node): boolean {
  if (node.type === 'TaggedTemplateExpression') return true;
  if (!isCall(node)) return false;
  const member = propertyAccess(unwrapExpression(node.callee));
  return member !== undefined && member.name === 'raw';
}

/** A sub-query passed as a column or value (`db('x').select('id')`): its own chain is read on its own. */
function isBuilderCall(node: t.CallExpression | t.OptionalCallExpression): boolean {
  return propertyAccess(unwrapExpression(node.callee)) !== undefined;
}

/** `UserTableName` imported, or `Tables.users` / `ns.UserTableName` of an imported object/namespace. */
function importedName(node: t.Node, imports: ReadonlyMap<string, { imported: string; specifier: string }>): ImportedName | undefined {
  const members: string[] = [];
  let current = unwrapExpression(node);
  for (;;) {
    const member = propertyAccess(current);
    if (member === undefined || !isMember(current)) break;
    members.unshift(member.name);
    current = unwrapExpression(member.object);
  }
  if (current.type !== 'Identifier') return undefined;
  const binding = imports.get(current.name);
  if (!binding) return undefined;
  return { specifier: binding.specifier, exported: binding.imported, ...(members.length > 0 ? { members } : {}) };
}

export type { Constant };
