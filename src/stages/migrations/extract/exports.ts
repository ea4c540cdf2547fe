import { propertyKeyName, walk, type t } from '../../../syntax/parse.js';
import { functionDeclarationName, isCall, moduleExportName, parentOf, textOf, unexported, type Node, type SourceFile } from './source.js';

/**
 * Finding what a migration file exports (`up`, `config`) the ways knex can load it: ESM
 * (`export function`, `export const`, `export { up }`, `export default { up }`) and CommonJS
 * (`exports.up =`, `module.exports.up =`, `module.exports = { up }`).
 *
 * What counts is the value exported once the module has finished evaluating, since that is what knex
 * calls: the last top-level write wins, an ES module export is a live binding (a later `up = …`
 * replaces it), `module.exports = { up }` copies the value `up` has at that point, and `exports.up =`
 * after `module.exports = …` writes an object nobody reads. A write this reading cannot order (inside
 * a block or a function, through `Object.assign`, `exports['up']`, a spread) makes the export unproven.
 */
export type ExportResolution = { kind: 'found'; node: Node } | { kind: 'missing' } | { kind: 'unproven'; reason: string; node: Node };

/** The value of a top-level write: a node, or a local name read at statement `at` ('end': module end). */
type Written = { node: Node } | { local: string; at: number | 'end' };

const ASSIGNMENT_OPERATORS = new Set(['=', '+=', '-=', '||=', '&&=', '??=']);
const MAX_ALIAS_DEPTH = 8;

class Unproven extends Error {
  constructor(
    readonly reason: string,
    readonly node: Node,
  ) {
    super(reason);
  }
}

function assignmentOf(node: Node): { left: Node; right: Node } | undefined {
  if (node.type !== 'AssignmentExpression' || !ASSIGNMENT_OPERATORS.has(node.operator)) return undefined;
  return { left: node.left, right: node.right };
}

/** `x = …` as a whole top-level statement. */
function topLevelAssignment(statement: Node): { left: Node; right: Node } | undefined {
  if (statement.type !== 'ExpressionStatement') return undefined;
  const expression = statement.expression;
  if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') return undefined;
  return assignmentOf(expression);
}

function isTopLevelStatement(node: Node): boolean {
  const parent = parentOf(node);
  return parent?.type === 'ExpressionStatement' && parentOf(parent)?.type === 'Program';
}

/** Identifiers anywhere below `node` (a destructuring target). */
function hasIdentifier(node: Node, test: (name: string) => boolean): boolean {
  let found = false;
  walk(node, (child) => {
    if (found) return false;
    if (child.type === 'Identifier' && test(child.name)) found = true;
    return undefined;
  });
  return found;
}

const EXPORT_TARGETS = /^(module\.)?exports(\.|\[|$)/;

/** Every assignment and call of a file, collected once per file. */
interface Writes {
  assignments: t.AssignmentExpression[];
  calls: Array<t.CallExpression | t.OptionalCallExpression>;
}
const writesByFile = new WeakMap<SourceFile, Writes>();

function writesOf(file: SourceFile): Writes {
  let writes = writesByFile.get(file);
  if (!writes) {
    const found: Writes = { assignments: [], calls: [] };
    walk(file.ast, (node) => {
      if (node.type === 'AssignmentExpression') found.assignments.push(node);
      else if (isCall(node)) found.calls.push(node);
    });
    writes = found;
    writesByFile.set(file, writes);
  }
  return writes;
}

class ModuleExports {
  private readonly statements: readonly Node[];

  constructor(
    private readonly file: SourceFile,
    private readonly name: string,
  ) {
    this.statements = file.statements;
  }

  resolve(): ExportResolution {
    try {
      this.checkWritesAreOrdered();
      const esm = this.esmExport();
      const commonJs = this.commonJsExport();
      if (esm !== undefined && commonJs !== undefined) {
        throw new Unproven(
          `\`${this.name}\` is exported both as an ES module export and through CommonJS: which one the loader reads is not proven`,
          this.file.ast,
        );
      }
      const written = esm ?? commonJs;
      if (written === undefined) return { kind: 'missing' };
      const node = this.valueOf(written, 0);
      return node === undefined ? { kind: 'missing' } : { kind: 'found', node };
    } catch (error) {
      if (error instanceof Unproven) return { kind: 'unproven', reason: error.reason, node: error.node };
      throw error;
    }
  }

  /** Writes to the exports or to the local binding that are not whole top-level statements cannot be ordered. */
  private checkWritesAreOrdered(): void {
    const { assignments, calls } = writesOf(this.file);
    for (const binary of assignments) {
      const assignment = assignmentOf(binary);
      if (assignment === undefined) continue;
      const target = textOf(assignment.left).replace(/\s+/g, '');
      const topLevel = isTopLevelStatement(binary) && binary.operator === '=';
      if (target === `exports.${this.name}` || target === `module.exports.${this.name}` || target === 'module.exports' || target === 'exports') {
        if (!topLevel)
          throw new Unproven(`\`${this.name}\` is written inside a block or function (\`${target} = …\`): which value is exported is not proven`, binary);
      } else if (EXPORT_TARGETS.test(target) && /[[\]]/.test(target)) {
        throw new Unproven(`the exports are written in a way the extractor does not follow (\`${target} = …\`)`, binary);
      } else if (assignment.left.type === 'ArrayPattern' || assignment.left.type === 'ObjectPattern') {
        if (hasIdentifier(assignment.left, (name) => /^(exports|module)$/.test(name))) {
          throw new Unproven('the exports are written by a destructuring assignment', binary);
        }
      }
    }
    for (const call of calls) {
      const callee = textOf(call.callee);
      const argument = call.arguments[0];
      const first = argument === undefined ? undefined : textOf(argument).replace(/\s+/g, '');
      if (/^Object\.(assign|defineProperty|defineProperties|setPrototypeOf)$/.test(callee) && first !== undefined && EXPORT_TARGETS.test(first)) {
        throw new Unproven(`the exports are written in a way the extractor does not follow (\`${callee}(${first}, …)\`)`, call);
      }
    }
  }

  /** ESM: an export of the name, resolved as a live binding at module end. */
  private esmExport(): Written | undefined {
    let found: Written | undefined;
    const set = (written: Written, node: Node) => {
      if (found !== undefined && !(functionDeclarationName(node) !== undefined && 'local' in found && found.local === this.name)) {
        throw new Unproven(`\`${this.name}\` is exported more than once`, node);
      }
      found = written;
    };
    this.statements.forEach((statement, index) => {
      const { node: declaration, exported } = unexported(statement);
      if (exported && functionDeclarationName(declaration) === this.name) set({ local: this.name, at: 'end' }, declaration);
      if (exported && declaration.type === 'VariableDeclaration' && declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === this.name))
        set({ local: this.name, at: 'end' }, declaration);
      if (statement.type === 'ExportNamedDeclaration' && !statement.declaration && !statement.source) {
        for (const specifier of statement.specifiers) {
          if (specifier.type === 'ExportSpecifier' && moduleExportName(specifier.exported) === this.name) {
            set({ local: specifier.local.name, at: 'end' }, statement);
            break;
          }
        }
      }
      // `export default { up, down }` behaves like `module.exports = { up, down }`; `export =` is `module.exports =`.
      const assigned =
        statement.type === 'TSExportAssignment'
          ? statement.expression
          : statement.type === 'ExportDefaultDeclaration' && !exported
            ? statement.declaration
            : undefined;
      if (assigned !== undefined) {
        const written = this.fromObject(assigned, index);
        if (written !== undefined) set(written, statement);
      }
    });
    return found;
  }

  /** CommonJS: the top-level writes in order; `exports` stops being `module.exports` once that is replaced. */
  private commonJsExport(): Written | undefined {
    let found: Written | undefined;
    let exportsDetached = false;
    this.statements.forEach((statement, index) => {
      const assignment = topLevelAssignment(statement);
      if (assignment === undefined) return;
      const target = textOf(assignment.left).replace(/\s+/g, '');
      if (target === 'module.exports') {
        exportsDetached = true;
        found = this.fromObject(assignment.right, index, true);
      } else if (target === 'exports') {
        throw new Unproven('`exports` itself is reassigned', statement);
      } else if (target === `module.exports.${this.name}` || (target === `exports.${this.name}` && !exportsDetached)) {
        found = this.fromExpression(assignment.right, index);
      }
    });
    return found;
  }

  /** A `{ … }` written as the whole exports: the property's value at statement `at`. */
  private fromObject(value: Node, at: number, required = false): Written | undefined {
    if (value.type !== 'ObjectExpression') {
      if (required) throw new Unproven(`the exports are replaced by \`${textOf(value).slice(0, 60)}\`, which the extractor does not follow`, value);
      return undefined;
    }
    const spread = value.properties.find((property) => property.type === 'SpreadElement');
    let found: Written | undefined;
    for (const property of value.properties) {
      if (property.type === 'SpreadElement') continue;
      if (propertyKeyName(property.key, property.computed) !== this.name) continue;
      if (property.type === 'ObjectProperty') {
        found = property.shorthand ? { local: this.name, at } : this.fromExpression(property.value, at);
      } else if (property.kind === 'method') {
        found = { node: property };
      } else if (property.kind === 'get') {
        throw new Unproven(`\`${this.name}\` is a getter`, property);
      }
    }
    if (spread !== undefined)
      throw new Unproven(`the exported object has a spread (\`${textOf(spread).slice(0, 60)}\`): it may define \`${this.name}\``, spread);
    return found;
  }

  private fromExpression(value: Node, at: number): Written {
    return value.type === 'Identifier' ? { local: value.name, at } : { node: value };
  }

  private valueOf(written: Written, depth: number): Node | undefined {
    if ('node' in written) return written.node;
    if (depth > MAX_ALIAS_DEPTH) throw new Unproven(`\`${written.local}\` is an alias chain too long to follow`, this.file.ast);
    return this.localValue(written.local, written.at, depth);
  }

  /** The value of the top-level binding `local` just before statement `at` (or at module end). */
  private localValue(local: string, at: number | 'end', depth: number): Node | undefined {
    this.checkLocalWrites(local);
    const end = at === 'end' ? this.statements.length : at;
    // Function declarations are hoisted: they hold from the start, whatever their position.
    const implementations = this.statements.map((s) => unexported(s).node).filter((s) => s.type === 'FunctionDeclaration' && s.id?.name === local);
    if (implementations.length > 1) throw new Unproven(`function \`${local}\` is declared more than once`, implementations[1]!);
    let value: Written | undefined = implementations[0] === undefined ? undefined : { node: implementations[0] };
    for (let index = 0; index < end; index++) {
      const statement = this.statements[index]!;
      const declared = unexported(statement).node;
      if (declared.type === 'VariableDeclaration') {
        const declaration = declared.declarations.find((d) => d.id.type === 'Identifier' && d.id.name === local);
        const initializer = declaration?.init;
        if (initializer) value = this.fromExpression(initializer, index);
      }
      const assignment = topLevelAssignment(statement);
      if (assignment !== undefined && assignment.left.type === 'Identifier' && assignment.left.name === local)
        value = this.fromExpression(assignment.right, index);
    }
    return value === undefined ? undefined : this.valueOf(value, depth + 1);
  }

  /** Assignments to `local` other than whole top-level statements cannot be ordered. */
  private checkLocalWrites(local: string): void {
    for (const binary of writesOf(this.file).assignments) {
      const assignment = assignmentOf(binary);
      if (assignment === undefined) continue;
      const direct = assignment.left.type === 'Identifier' && assignment.left.name === local;
      const destructured =
        (assignment.left.type === 'ArrayPattern' || assignment.left.type === 'ObjectPattern') && hasIdentifier(assignment.left, (name) => name === local);
      if (destructured || (direct && !(isTopLevelStatement(binary) && binary.operator === '='))) {
        throw new Unproven(`\`${local}\` is assigned inside a block or function: which value is exported is not proven`, binary);
      }
    }
  }
}

/** Which value `name` is exported as when the module has finished evaluating (see {@link ExportResolution}). */
export function resolveExport(file: SourceFile, name: string): ExportResolution {
  return new ModuleExports(file, name).resolve();
}

/** The node that `name` is exported as, when that is proven (see {@link resolveExport}). */
export function findExport(file: SourceFile, name: string): Node | undefined {
  const resolution = resolveExport(file, name);
  return resolution.kind === 'found' ? resolution.node : undefined;
}
