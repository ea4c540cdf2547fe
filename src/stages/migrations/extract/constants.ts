import { Node, SyntaxKind, type SourceFile } from '../../../typescript/ts-morph.js';
import { declarationInStatements, findDeclaration, isChangedInFile } from './declarations.js';

/**
 * Static evaluation of the expressions migrations use for table names and SQL text:
 * literals, template literals, `+` concatenation, same-file constants (`const`, `as const`,
 * object constants, enums) and constants imported from files inside the repository.
 * Anything else (parameters, function results, `let`, packages) is reported with a reason,
 * never guessed: the caller turns it into an `UnresolvedPart`.
 */

export type StaticValue = string | number | boolean | null | undefined | readonly StaticValue[] | { readonly [key: string]: StaticValue };

export type Evaluation = { ok: true; value: StaticValue } | { ok: false; reason: string };

/** Loop variables bound while a `for…of` over a constant array is unrolled. */
export type Bindings = ReadonlyMap<string, StaticValue>;

/** Where a relative import of a loaded file leads: another loaded file, or why it does not. */
export interface ModuleResolver {
  resolve(from: SourceFile, specifier: string): { file: SourceFile } | { missing: string };
  /** Repository path of a loaded file, for messages. */
  pathOf(file: SourceFile): string;
}

const MAX_DEPTH = 40;
const ok = (value: StaticValue): Evaluation => ({ ok: true, value });
const fail = (reason: string): Evaluation => ({ ok: false, reason });

/** Short source text for messages and evidence. */
export function excerpt(node: Node, max = 160): string {
  const text = node.getText().replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function stripWrappers(node: Node): Node {
  let current = node;
  for (;;) {
    if (Node.isParenthesizedExpression(current) || Node.isAsExpression(current) || Node.isSatisfiesExpression(current) || Node.isNonNullExpression(current) || Node.isTypeAssertion(current)) {
      current = current.getExpression();
    } else {
      return current;
    }
  }
}

function requireSpecifier(node: Node): string | undefined {
  const call = stripWrappers(node);
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  const [first] = call.getArguments();
  if (callee.getText() === 'require' && first && Node.isStringLiteral(first)) return first.getLiteralValue();
  return undefined;
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../');
}

function propertyOf(value: StaticValue, key: string, text: string): Evaluation {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as { readonly [key: string]: StaticValue };
    if (Object.prototype.hasOwnProperty.call(record, key)) return ok(record[key]);
    return fail(`\`${text}\`: no property \`${key}\` in the constant`);
  }
  if (Array.isArray(value)) {
    if (key === 'length') return ok(value.length);
    const index = Number(key);
    if (Number.isInteger(index) && index >= 0 && index < value.length) return ok(value[index] as StaticValue);
  }
  if (typeof value === 'string' && key === 'length') return ok(value.length);
  return fail(`\`${text}\` is not a property of a constant object`);
}

function stringify(value: StaticValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((v) => (v === null || v === undefined ? '' : stringify(v as StaticValue)));
    return parts.every((p) => p !== undefined) ? parts.join(',') : undefined;
  }
  return undefined;
}

/** Pure string/array methods a constant may be passed through. */
function applyMethod(target: StaticValue, method: string, args: StaticValue[]): Evaluation | undefined {
  if (typeof target === 'string') {
    if (method === 'toUpperCase') return ok(target.toUpperCase());
    if (method === 'toLowerCase') return ok(target.toLowerCase());
    if (method === 'trim') return ok(target.trim());
  }
  if (Array.isArray(target) && method === 'join') {
    const separator = args[0] === undefined ? ',' : stringify(args[0]);
    const parts = target.map((v) => stringify(v as StaticValue));
    if (separator !== undefined && parts.every((p) => p !== undefined)) return ok(parts.join(separator));
  }
  return undefined;
}

export class StaticEvaluator {
  constructor(private readonly modules: ModuleResolver) {}

  evaluate(node: Node, bindings: Bindings = new Map(), depth = 0): Evaluation {
    if (depth > MAX_DEPTH) return fail(`\`${excerpt(node)}\`: constants nest too deeply (or refer to themselves)`);
    const next = (n: Node) => this.evaluate(n, bindings, depth + 1);
    const expression = stripWrappers(node);

    if (Node.isStringLiteral(expression) || Node.isNoSubstitutionTemplateLiteral(expression)) return ok(expression.getLiteralValue());
    if (Node.isNumericLiteral(expression)) return ok(expression.getLiteralValue());
    if (Node.isTrueLiteral(expression)) return ok(true);
    if (Node.isFalseLiteral(expression)) return ok(false);
    if (Node.isNullLiteral(expression)) return ok(null);
    if (Node.isPrefixUnaryExpression(expression) && expression.getOperatorToken() === SyntaxKind.MinusToken) {
      const operand = next(expression.getOperand());
      if (!operand.ok) return operand;
      return typeof operand.value === 'number' ? ok(-operand.value) : fail(`\`${excerpt(expression)}\` is not a number`);
    }
    if (Node.isTemplateExpression(expression)) {
      let text = expression.getHead().getLiteralText();
      for (const span of expression.getTemplateSpans()) {
        const part = next(span.getExpression());
        if (!part.ok) return part;
        const asText = stringify(part.value);
        if (asText === undefined) return fail(`\`${excerpt(span.getExpression())}\` is an object, not text`);
        text += asText + span.getLiteral().getLiteralText();
      }
      return ok(text);
    }
    if (Node.isBinaryExpression(expression) && expression.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
      const left = next(expression.getLeft());
      if (!left.ok) return left;
      const right = next(expression.getRight());
      if (!right.ok) return right;
      if (typeof left.value === 'number' && typeof right.value === 'number') return ok(left.value + right.value);
      const l = stringify(left.value);
      const r = stringify(right.value);
      return l !== undefined && r !== undefined ? ok(l + r) : fail(`\`${excerpt(expression)}\` concatenates an object`);
    }
    if (Node.isArrayLiteralExpression(expression)) {
      const items: StaticValue[] = [];
      for (const element of expression.getElements()) {
        if (Node.isSpreadElement(element)) {
          const spread = next(element.getExpression());
          if (!spread.ok) return spread;
          if (!Array.isArray(spread.value)) return fail(`\`${excerpt(element)}\` spreads a non-array`);
          items.push(...(spread.value as StaticValue[]));
        } else {
          const item = next(element);
          if (!item.ok) return item;
          items.push(item.value);
        }
      }
      return ok(items);
    }
    if (Node.isObjectLiteralExpression(expression)) return this.evaluateObject(expression, next);
    if (Node.isIdentifier(expression)) return this.evaluateIdentifier(expression, bindings, depth);
    if (Node.isPropertyAccessExpression(expression) || Node.isElementAccessExpression(expression)) {
      return this.evaluateMember(expression, bindings, depth);
    }
    if (Node.isCallExpression(expression)) return this.evaluateCall(expression, bindings, depth);
    return fail(`\`${excerpt(expression)}\` is not a static value`);
  }

  private evaluateObject(expression: Node, next: (n: Node) => Evaluation): Evaluation {
    if (!Node.isObjectLiteralExpression(expression)) return fail('not an object');
    const result: Record<string, StaticValue> = {};
    for (const property of expression.getProperties()) {
      if (Node.isPropertyAssignment(property)) {
        const nameNode = property.getNameNode();
        let key: string;
        if (Node.isComputedPropertyName(nameNode)) {
          const computed = next(nameNode.getExpression());
          if (!computed.ok) return computed;
          const asText = stringify(computed.value);
          if (asText === undefined) return fail(`computed key \`${excerpt(nameNode)}\` is not text`);
          key = asText;
        } else {
          key = Node.isStringLiteral(nameNode) || Node.isNumericLiteral(nameNode) ? String(nameNode.getLiteralValue()) : nameNode.getText();
        }
        const initializer = property.getInitializer();
        if (!initializer) return fail(`property \`${key}\` has no value`);
        const value = next(initializer);
        if (!value.ok) return value;
        result[key] = value.value;
      } else if (Node.isShorthandPropertyAssignment(property)) {
        const value = next(property.getNameNode());
        if (!value.ok) return value;
        result[property.getName()] = value.value;
      } else if (Node.isSpreadAssignment(property)) {
        const spread = next(property.getExpression());
        if (!spread.ok) return spread;
        if (spread.value === null || typeof spread.value !== 'object' || Array.isArray(spread.value)) return fail(`\`${excerpt(property)}\` spreads a non-object`);
        Object.assign(result, spread.value);
      } else {
        return fail(`\`${excerpt(property)}\` is a method or accessor, not a constant`);
      }
    }
    return ok(result);
  }

  private evaluateIdentifier(identifier: Node, bindings: Bindings, depth: number): Evaluation {
    const name = identifier.getText();
    if (bindings.has(name)) return ok(bindings.get(name));
    if (name === 'undefined') return ok(undefined);
    const declaration = findDeclaration(name, identifier);
    switch (declaration.kind) {
      case 'variable': {
        if (!declaration.constant) return fail(`\`${name}\` is declared with let/var (it may change at run time)`);
        const initializer = Node.isVariableDeclaration(declaration.node) ? declaration.node.getInitializer() : undefined;
        if (!initializer) return fail(`\`${name}\` has no initial value`);
        const specifier = requireSpecifier(initializer);
        if (specifier !== undefined) return this.moduleValue(identifier.getSourceFile(), specifier, undefined, depth);
        const value = this.evaluate(initializer, bindings, depth + 1);
        if (value.ok && value.value !== null && typeof value.value === 'object' && isChangedInFile(declaration.node.getSourceFile(), name)) {
          return fail(`\`${name}\` is changed after its declaration (its items are only known at run time)`);
        }
        return value;
      }
      case 'binding': {
        if (!declaration.constant) return fail(`\`${name}\` is declared with let/var (it may change at run time)`);
        const element = declaration.element;
        const key = Node.isBindingElement(element) ? (element.getPropertyNameNode()?.getText() ?? element.getName()) : name;
        const specifier = requireSpecifier(declaration.source);
        if (specifier !== undefined) return this.moduleValue(identifier.getSourceFile(), specifier, key, depth);
        const source = this.evaluate(declaration.source, bindings, depth + 1);
        return source.ok ? propertyOf(source.value, key, name) : source;
      }
      case 'enum':
        return this.evaluateEnum(declaration.node, bindings, depth);
      case 'import':
        return this.importedValue(declaration.node, name, depth);
      case 'parameter':
        return fail(`\`${name}\` comes from a function parameter`);
      case 'loop':
        return fail(`\`${name}\` is a loop variable over runtime data`);
      case 'function':
        return fail(`\`${name}\` is a function, not a constant`);
      case 'none':
        return fail(`\`${name}\` is not a constant declared in this file`);
    }
  }

  private evaluateEnum(node: Node, bindings: Bindings, depth: number): Evaluation {
    if (!Node.isEnumDeclaration(node)) return fail('not an enum');
    const members: Record<string, StaticValue> = {};
    let nextNumber = 0;
    for (const member of node.getMembers()) {
      const initializer = member.getInitializer();
      if (initializer) {
        const value = this.evaluate(initializer, bindings, depth + 1);
        if (!value.ok) return value;
        members[member.getName()] = value.value;
        if (typeof value.value === 'number') nextNumber = value.value + 1;
      } else {
        members[member.getName()] = nextNumber++;
      }
    }
    return ok(members);
  }

  private importedValue(importNode: Node, localName: string, depth: number): Evaluation {
    if (!Node.isImportDeclaration(importNode)) return fail('not an import');
    const specifier = importNode.getModuleSpecifierValue();
    const clause = importNode.getImportClause();
    if (clause?.isTypeOnly()) return fail(`\`${localName}\` is a type-only import`);
    if (clause?.getDefaultImport()?.getText() === localName) return this.moduleValue(importNode.getSourceFile(), specifier, 'default', depth);
    if (clause?.getNamespaceImport()?.getText() === localName) return this.moduleValue(importNode.getSourceFile(), specifier, undefined, depth);
    const named = clause?.getNamedImports().find((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === localName);
    return this.moduleValue(importNode.getSourceFile(), specifier, named?.getName() ?? localName, depth);
  }

  /** The value of `exportName` (or the whole module object when undefined) of a relative import. */
  private moduleValue(from: SourceFile, specifier: string, exportName: string | undefined, depth: number): Evaluation {
    if (!isRelative(specifier)) return fail(`\`${specifier}\` is a package or path alias outside the repository files`);
    const target = this.modules.resolve(from, specifier);
    if ('missing' in target) return fail(target.missing);
    if (depth > MAX_DEPTH) return fail(`imports nest too deeply at ${specifier}`);
    if (exportName === undefined) return this.moduleObject(target.file, depth);
    return this.exportedValue(target.file, exportName, depth + 1);
  }

  private moduleObject(file: SourceFile, depth: number): Evaluation {
    const commonJs = this.commonJsExports(file, depth);
    if (commonJs) return commonJs;
    const result: Record<string, StaticValue> = {};
    for (const statement of file.getStatements()) {
      if (Node.isVariableStatement(statement) && statement.hasExportKeyword()) {
        for (const declaration of statement.getDeclarations()) {
          const value = this.exportedValue(file, declaration.getName(), depth + 1);
          if (value.ok) result[declaration.getName()] = value.value;
        }
      } else if (Node.isEnumDeclaration(statement) && statement.hasExportKeyword()) {
        const value = this.evaluateEnum(statement, new Map(), depth + 1);
        if (value.ok) result[statement.getName()] = value.value;
      }
    }
    return ok(result);
  }

  /** `module.exports = {...}` plus `exports.X = …` assignments, when the file is CommonJS. */
  private commonJsExports(file: SourceFile, depth: number): Evaluation | undefined {
    let found = false;
    const result: Record<string, StaticValue> = {};
    for (const statement of file.getStatements()) {
      if (!Node.isExpressionStatement(statement)) continue;
      const expression = statement.getExpression();
      if (!Node.isBinaryExpression(expression) || expression.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
      const target = expression.getLeft().getText();
      if (target === 'module.exports') {
        found = true;
        const value = this.evaluate(expression.getRight(), new Map(), depth + 1);
        if (!value.ok) return value;
        if (value.value !== null && typeof value.value === 'object' && !Array.isArray(value.value)) Object.assign(result, value.value);
        else return value;
      } else {
        const match = /^(?:module\.)?exports\.(\w+)$/.exec(target);
        if (match?.[1]) {
          found = true;
          const value = this.evaluate(expression.getRight(), new Map(), depth + 1);
          if (value.ok) result[match[1]] = value.value;
        }
      }
    }
    return found ? ok(result) : undefined;
  }

  private exportedValue(file: SourceFile, exportName: string, depth: number): Evaluation {
    const where = this.modules.pathOf(file);
    for (const statement of file.getStatements()) {
      if (Node.isVariableStatement(statement) && statement.hasExportKeyword()) {
        const declaration = statement.getDeclarations().find((d) => d.getName() === exportName);
        if (declaration) {
          if (statement.getDeclarationKind() !== 'const') return fail(`\`${exportName}\` in ${where} is declared with let/var`);
          const initializer = declaration.getInitializer();
          return initializer ? this.evaluate(initializer, new Map(), depth + 1) : fail(`\`${exportName}\` in ${where} has no value`);
        }
      } else if (Node.isEnumDeclaration(statement) && statement.hasExportKeyword() && statement.getName() === exportName) {
        return this.evaluateEnum(statement, new Map(), depth + 1);
      } else if (Node.isFunctionDeclaration(statement) && statement.hasExportKeyword() && statement.getName() === exportName) {
        return fail(`\`${exportName}\` in ${where} is a function, not a constant`);
      } else if (Node.isExportAssignment(statement) && exportName === 'default' && !statement.isExportEquals()) {
        return this.evaluate(statement.getExpression(), new Map(), depth + 1);
      } else if (Node.isExportDeclaration(statement)) {
        const specifier = statement.getModuleSpecifierValue();
        const named = statement.getNamedExports().find((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === exportName);
        if (named) {
          const original = named.getName();
          if (specifier !== undefined) return this.moduleValue(file, specifier, original, depth + 1);
          const local = declarationInStatements(file.getStatements(), original);
          if (local?.kind === 'variable' && Node.isVariableDeclaration(local.node)) {
            const initializer = local.node.getInitializer();
            if (local.constant && initializer) return this.evaluate(initializer, new Map(), depth + 1);
          }
          if (local?.kind === 'enum') return this.evaluateEnum(local.node, new Map(), depth + 1);
          return fail(`\`${exportName}\` in ${where} is not a constant`);
        }
        if (specifier !== undefined && !statement.hasNamedExports() && !statement.getNamespaceExport()) {
          const star = this.moduleValue(file, specifier, exportName, depth + 1);
          if (star.ok) return star;
        }
      }
    }
    const commonJs = this.commonJsExports(file, depth);
    if (commonJs?.ok) {
      if (exportName === 'default') return commonJs;
      return propertyOf(commonJs.value, exportName, exportName);
    }
    return fail(`\`${exportName}\` is not exported as a constant by ${where}`);
  }

  private evaluateMember(expression: Node, bindings: Bindings, depth: number): Evaluation {
    let objectNode: Node;
    let key: string;
    if (Node.isPropertyAccessExpression(expression)) {
      objectNode = expression.getExpression();
      key = expression.getName();
    } else if (Node.isElementAccessExpression(expression)) {
      objectNode = expression.getExpression();
      const argument = expression.getArgumentExpression();
      if (!argument) return fail(`\`${excerpt(expression)}\` has no index`);
      const index = this.evaluate(argument, bindings, depth + 1);
      if (!index.ok) return index;
      const asText = stringify(index.value);
      if (asText === undefined) return fail(`\`${excerpt(expression)}\` indexes with an object`);
      key = asText;
    } else {
      return fail('not a member access');
    }
    const object = this.evaluate(objectNode, bindings, depth + 1);
    if (!object.ok) return object;
    return propertyOf(object.value, key, excerpt(expression));
  }

  private evaluateCall(call: Node, bindings: Bindings, depth: number): Evaluation {
    if (!Node.isCallExpression(call)) return fail('not a call');
    const callee = call.getExpression();
    if (Node.isPropertyAccessExpression(callee)) {
      const target = this.evaluate(callee.getExpression(), bindings, depth + 1);
      if (target.ok) {
        const args: StaticValue[] = [];
        for (const argument of call.getArguments()) {
          const value = this.evaluate(argument, bindings, depth + 1);
          if (!value.ok) return value;
          args.push(value.value);
        }
        const applied = applyMethod(target.value, callee.getName(), args);
        if (applied) return applied;
      }
    }
    if (callee.getText() === 'String' && call.getArguments().length === 1) {
      const value = this.evaluate(call.getArguments()[0]!, bindings, depth + 1);
      const asText = value.ok ? stringify(value.value) : undefined;
      if (asText !== undefined) return ok(asText);
    }
    return fail(this.describeHelperCall(call));
  }

  /** Why a function call cannot be evaluated, naming the helper and where it comes from. */
  private describeHelperCall(call: Node): string {
    if (!Node.isCallExpression(call)) return 'not a call';
    const callee = call.getExpression();
    const rootName = (Node.isPropertyAccessExpression(callee) ? callee.getExpression() : callee).getText();
    const name = callee.getText();
    const declaration = Node.isIdentifier(Node.isPropertyAccessExpression(callee) ? callee.getExpression() : callee) ? findDeclaration(rootName, call) : { kind: 'none' as const };
    if (declaration.kind === 'import' && Node.isImportDeclaration(declaration.node)) {
      return `SQL built by helper ${name}() in ${declaration.node.getModuleSpecifierValue()} (its result is computed at run time)`;
    }
    const required =
      declaration.kind === 'binding' ? requireSpecifier(declaration.source) : declaration.kind === 'variable' && Node.isVariableDeclaration(declaration.node) && declaration.node.getInitializer() ? requireSpecifier(declaration.node.getInitializer()!) : undefined;
    if (required !== undefined) return `SQL built by helper ${name}() in ${required} (its result is computed at run time)`;
    return `\`${excerpt(call)}\` is computed at run time by ${name}()`;
  }
}
