import { Node, SyntaxKind, type SourceFile, type Statement } from '../../../typescript/ts-morph.js';

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
export type ExportResolution =
  | { kind: 'found'; node: Node }
  | { kind: 'missing' }
  | { kind: 'unproven'; reason: string; node: Node };

/** The value of a top-level write: a node, or a local name read at statement `at` ('end': module end). */
type Written = { node: Node } | { local: string; at: number | 'end' };

const ASSIGNMENT_OPERATORS = new Set([
  SyntaxKind.EqualsToken, SyntaxKind.PlusEqualsToken, SyntaxKind.MinusEqualsToken, SyntaxKind.BarBarEqualsToken,
  SyntaxKind.AmpersandAmpersandEqualsToken, SyntaxKind.QuestionQuestionEqualsToken,
]);
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
  if (!Node.isBinaryExpression(node) || !ASSIGNMENT_OPERATORS.has(node.getOperatorToken().getKind())) return undefined;
  return { left: node.getLeft(), right: node.getRight() };
}

/** `x = …` as a whole top-level statement. */
function topLevelAssignment(statement: Statement): { left: Node; right: Node } | undefined {
  if (!Node.isExpressionStatement(statement)) return undefined;
  const expression = statement.getExpression();
  if (!Node.isBinaryExpression(expression) || expression.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
  return assignmentOf(expression);
}

function isTopLevelStatement(node: Node, file: SourceFile): boolean {
  return Node.isExpressionStatement(node.getParent() ?? node) && node.getParent()?.getParent() === file;
}

const EXPORT_TARGETS = /^(module\.)?exports(\.|\[|$)/;

class ModuleExports {
  private readonly statements: Statement[];

  constructor(
    private readonly file: SourceFile,
    private readonly name: string,
  ) {
    this.statements = file.getStatements();
  }

  resolve(): ExportResolution {
    try {
      this.checkWritesAreOrdered();
      const esm = this.esmExport();
      const commonJs = this.commonJsExport();
      if (esm !== undefined && commonJs !== undefined) {
        throw new Unproven(`\`${this.name}\` is exported both as an ES module export and through CommonJS: which one the loader reads is not proven`, this.file);
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
    for (const binary of this.file.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
      const assignment = assignmentOf(binary);
      if (assignment === undefined) continue;
      const target = assignment.left.getText().replace(/\s+/g, '');
      const topLevel = isTopLevelStatement(binary, this.file) && binary.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
      if (target === `exports.${this.name}` || target === `module.exports.${this.name}` || target === 'module.exports' || target === 'exports') {
        if (!topLevel) throw new Unproven(`\`${this.name}\` is written inside a block or function (\`${target} = …\`): which value is exported is not proven`, binary);
      } else if (EXPORT_TARGETS.test(target) && /[[\]]/.test(target)) {
        throw new Unproven(`the exports are written in a way the extractor does not follow (\`${target} = …\`)`, binary);
      } else if (Node.isArrayLiteralExpression(assignment.left) || Node.isObjectLiteralExpression(assignment.left)) {
        if (assignment.left.getDescendantsOfKind(SyntaxKind.Identifier).some((identifier) => /^(exports|module)$/.test(identifier.getText()))) {
          throw new Unproven('the exports are written by a destructuring assignment', binary);
        }
      }
    }
    for (const call of this.file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression().getText();
      const first = call.getArguments()[0]?.getText().replace(/\s+/g, '');
      if (/^Object\.(assign|defineProperty|defineProperties|setPrototypeOf)$/.test(callee) && first !== undefined && EXPORT_TARGETS.test(first)) {
        throw new Unproven(`the exports are written in a way the extractor does not follow (\`${callee}(${first}, …)\`)`, call);
      }
    }
  }

  /** ESM: an export of the name, resolved as a live binding at module end. */
  private esmExport(): Written | undefined {
    let found: Written | undefined;
    const set = (written: Written, node: Node) => {
      if (found !== undefined && !(Node.isFunctionDeclaration(node) && 'local' in found && found.local === this.name)) {
        throw new Unproven(`\`${this.name}\` is exported more than once`, node);
      }
      found = written;
    };
    this.statements.forEach((statement, index) => {
      if (Node.isFunctionDeclaration(statement) && statement.hasExportKeyword() && statement.getName() === this.name) set({ local: this.name, at: 'end' }, statement);
      if (Node.isVariableStatement(statement) && statement.hasExportKeyword() && statement.getDeclarations().some((d) => d.getName() === this.name)) set({ local: this.name, at: 'end' }, statement);
      if (Node.isExportDeclaration(statement) && statement.getModuleSpecifierValue() === undefined) {
        const named = statement.getNamedExports().find((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === this.name);
        if (named) set({ local: named.getName(), at: 'end' }, statement);
      }
      // `export default { up, down }` behaves like `module.exports = { up, down }`; `export =` is `module.exports =`.
      if (Node.isExportAssignment(statement)) {
        const written = this.fromObject(statement.getExpression(), index);
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
      const target = assignment.left.getText().replace(/\s+/g, '');
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
    if (!Node.isObjectLiteralExpression(value)) {
      if (required) throw new Unproven(`the exports are replaced by \`${value.getText().slice(0, 60)}\`, which the extractor does not follow`, value);
      return undefined;
    }
    const spread = value.getProperties().find((property) => Node.isSpreadAssignment(property));
    let found: Written | undefined;
    for (const property of value.getProperties()) {
      if (Node.isPropertyAssignment(property) && property.getName() === this.name) found = this.fromExpression(property.getInitializerOrThrow(), at);
      if (Node.isShorthandPropertyAssignment(property) && property.getName() === this.name) found = { local: this.name, at };
      if (Node.isMethodDeclaration(property) && property.getName() === this.name) found = { node: property };
      if (Node.isGetAccessorDeclaration(property) && property.getName() === this.name) throw new Unproven(`\`${this.name}\` is a getter`, property);
    }
    if (spread !== undefined) throw new Unproven(`the exported object has a spread (\`${spread.getText().slice(0, 60)}\`): it may define \`${this.name}\``, spread);
    return found;
  }

  private fromExpression(value: Node, at: number): Written {
    return Node.isIdentifier(value) ? { local: value.getText(), at } : { node: value };
  }

  private valueOf(written: Written, depth: number): Node | undefined {
    if ('node' in written) return written.node;
    if (depth > MAX_ALIAS_DEPTH) throw new Unproven(`\`${written.local}\` is an alias chain too long to follow`, this.file);
    return this.localValue(written.local, written.at, depth);
  }

  /** The value of the top-level binding `local` just before statement `at` (or at module end). */
  private localValue(local: string, at: number | 'end', depth: number): Node | undefined {
    this.checkLocalWrites(local);
    const end = at === 'end' ? this.statements.length : at;
    // Function declarations are hoisted: they hold from the start, whatever their position.
    const implementations = this.statements.filter((s) => Node.isFunctionDeclaration(s) && s.getName() === local && s.hasBody());
    if (implementations.length > 1) throw new Unproven(`function \`${local}\` is declared more than once`, implementations[1]!);
    let value: Written | undefined = implementations[0] === undefined ? undefined : { node: implementations[0] };
    for (let index = 0; index < end; index++) {
      const statement = this.statements[index]!;
      if (Node.isVariableStatement(statement)) {
        const declaration = statement.getDeclarations().find((d) => d.getName() === local);
        const initializer = declaration?.getInitializer();
        if (initializer !== undefined) value = this.fromExpression(initializer, index);
      }
      const assignment = topLevelAssignment(statement);
      if (assignment !== undefined && Node.isIdentifier(assignment.left) && assignment.left.getText() === local) value = this.fromExpression(assignment.right, index);
    }
    return value === undefined ? undefined : this.valueOf(value, depth + 1);
  }

  /** Assignments to `local` other than whole top-level statements cannot be ordered. */
  private checkLocalWrites(local: string): void {
    for (const binary of this.file.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
      const assignment = assignmentOf(binary);
      if (assignment === undefined) continue;
      const direct = Node.isIdentifier(assignment.left) && assignment.left.getText() === local;
      const destructured = (Node.isArrayLiteralExpression(assignment.left) || Node.isObjectLiteralExpression(assignment.left)) && assignment.left.getDescendantsOfKind(SyntaxKind.Identifier).some((identifier) => identifier.getText() === local);
      if (destructured || (direct && !(isTopLevelStatement(binary, this.file) && binary.getOperatorToken().getKind() === SyntaxKind.EqualsToken))) {
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
