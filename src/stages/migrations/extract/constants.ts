import { unwrapExpression, type t } from '../../../syntax/parse.js';
import { constantText, enumMembers, ExpressionEvaluator, memberConstant, NotConstant, type Constant, type Refusal } from '../../../syntax/constants.js';
import { followExport, type ExportSources } from '../../../syntax/bindings.js';
import { outsideRepository } from './modules.js';
import { declarationInStatements, findDeclaration, isChangedInFile } from './declarations.js';
import { fileOf, isCall, isMember, memberName, moduleExportName, textOf, unexported, type Node, type SourceFile } from './source.js';

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

/** Short source text for messages and evidence (`''` for a hole of an array). */
export function excerpt(node: Node | null | undefined, max = 160): string {
  const text = node ? textOf(node).replace(/\s+/g, ' ').trim() : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `require('x')` (behind `as`, `!`, `satisfies`): `x`. */
export function requireSpecifier(node: Node): string | undefined {
  const call = unwrapExpression(node);
  if (!isCall(call)) return undefined;
  const [first] = call.arguments;
  if (textOf(call.callee) === 'require' && first?.type === 'StringLiteral') return first.value;
  return undefined;
}

function propertyOf(value: StaticValue, key: string, text: string): Evaluation {
  const found = memberConstant(value as Constant, key);
  if (found !== undefined) return ok(found);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if (Object.hasOwn(value, key)) return ok(undefined);
    return fail(`\`${text}\`: no property \`${key}\` in the constant`);
  }
  return fail(`\`${text}\` is not a property of a constant object`);
}

/** What a template or a `+` makes of a value as text (the toolkit's). */
const stringify = (value: StaticValue): string | undefined => constantText(value as Constant);

/** What a reading threads through the toolkit's evaluator: the loop variables bound so far, and how deep imports were followed. */
interface Scope {
  bindings: Bindings;
  depth: number;
}

/** The reason a refusal of the toolkit's evaluator has here, as this reader has always worded it. */
function refusalReason(node: Node, refusal: Refusal<StaticValue>): string {
  switch (refusal.kind) {
    case 'operator':
      return node.type === 'UnaryExpression' && node.operator === '-' ? `\`${excerpt(node)}\` is not a number` : `\`${excerpt(node)}\` is not a static value`;
    case 'text':
      return node.type === 'BinaryExpression' ? `\`${excerpt(node)}\` concatenates an object` : `\`${excerpt(node)}\` is an object, not text`;
    case 'spread':
      return `\`${excerpt(node)}\` spreads a non-${refusal.into}`;
    case 'hole':
      return '`` is not a static value';
    case 'key':
      return refusal.of === 'property' ? `computed key \`[${excerpt(node)}]\` is not text` : `\`${excerpt(node)}\` indexes with an object`;
    case 'member':
      return `\`${excerpt(node)}\` is not a property of a constant object`;
    case 'accessor':
      return `\`${excerpt(node)}\` is a method or accessor, not a constant`;
    case 'depth':
      return `\`${excerpt(node)}\`: constants nest too deeply (or refer to themselves)`;
    default:
      return `\`${excerpt(node)}\` is not a static value`;
  }
}

/** The value an evaluation holds, or the toolkit's refusal with its reason. */
function valueOrRefuse(node: Node, evaluation: Evaluation): StaticValue {
  if (!evaluation.ok) throw new NotConstant(node, evaluation.reason);
  return evaluation.value;
}

export class StaticEvaluator extends ExpressionEvaluator<StaticValue, Scope> {
  /** Files reached through {@link ModuleResolver.resolve}, by path: what the toolkit's export following may read. */
  private readonly loaded = new Map<string, SourceFile>();
  private readonly exportSources: ExportSources<SourceFile>;

  constructor(private readonly modules: ModuleResolver) {
    super();
    this.exportSources = {
      module: (path) => this.loaded.get(path),
      astOf: (file) => file.ast,
      resolve: (fromPath, specifier) => {
        const from = this.loaded.get(fromPath);
        if (from === undefined) return { kind: 'missing', reason: `${fromPath} is not loaded` };
        const target = this.modules.resolve(from, specifier);
        if ('missing' in target)
          return target.missing === outsideRepository(specifier) ? { kind: 'external', packageName: specifier } : { kind: 'missing', reason: target.missing };
        this.loaded.set(this.modules.pathOf(target.file), target.file);
        return { kind: 'file', path: this.modules.pathOf(target.file) };
      },
    };
  }

  /**
   * The value of `node` (loop variables unrolled so far in `bindings`), or why it has none. The
   * recursion through expressions is the toolkit's (src/syntax/constants.ts ExpressionEvaluator);
   * names, calls and refusals are this reader's ({@link MigrationConstants}).
   */
  evaluate(node: Node | null, bindings: Bindings = new Map(), depth = 0): Evaluation {
    // A hole of an array literal (`[a, , b]`).
    if (node === null) return fail('`` is not a static value');
    if (depth > MAX_DEPTH) return fail(`\`${excerpt(node)}\`: constants nest too deeply (or refer to themselves)`);
    try {
      return ok(this.value(node, { bindings, depth }));
    } catch (error) {
      if (error instanceof NotConstant) return fail(error.reason);
      throw error;
    }
  }

  protected refuse(node: Node, refusal: Refusal<StaticValue>): never {
    throw new NotConstant(node, refusalReason(node, refusal));
  }

  protected identifier(node: t.Identifier, scope: Scope): StaticValue {
    return valueOrRefuse(node, this.evaluateIdentifier(node, scope.bindings, scope.depth));
  }

  /** A key a constant object does not have is refused (a table name read as `undefined` would be wrong). */
  protected override missingMember(node: Node, _object: StaticValue, key: string): StaticValue {
    throw new NotConstant(node, `\`${excerpt(node)}\`: no property \`${key}\` in the constant`);
  }

  /** A pure string/array method on a constant, `String(x)`; any other call is refused naming the helper. */
  protected override call(call: t.CallExpression | t.OptionalCallExpression, scope: Scope): StaticValue {
    const callee = call.callee;
    const method = memberName(callee);
    if (isMember(callee) && method !== undefined) {
      const target = this.evaluate(callee.object, scope.bindings, scope.depth);
      const applied = target.ok ? this.methodCall(call, target.value, method, scope) : undefined;
      if (applied) return applied.value;
    }
    if (textOf(callee) === 'String' && call.arguments.length === 1) {
      const value = this.evaluate(call.arguments[0]!, scope.bindings, scope.depth);
      const asText = value.ok ? stringify(value.value) : undefined;
      if (asText !== undefined) return asText;
    }
    throw new NotConstant(call, this.describeHelperCall(call));
  }

  private evaluateIdentifier(identifier: t.Identifier, bindings: Bindings, depth: number): Evaluation {
    const name = identifier.name;
    if (bindings.has(name)) return ok(bindings.get(name));
    if (name === 'undefined') return ok(undefined);
    const declaration = findDeclaration(name, identifier);
    switch (declaration.kind) {
      case 'variable': {
        if (!declaration.constant) return fail(`\`${name}\` is declared with let/var (it may change at run time)`);
        const initializer = declaration.node.init;
        if (!initializer) return fail(`\`${name}\` has no initial value`);
        const specifier = requireSpecifier(initializer);
        if (specifier !== undefined) return this.moduleValue(fileOf(identifier), specifier, undefined, depth);
        const value = this.evaluate(initializer, bindings, depth + 1);
        if (value.ok && value.value !== null && typeof value.value === 'object' && isChangedInFile(fileOf(declaration.node), name)) {
          return fail(`\`${name}\` is changed after its declaration (its items are only known at run time)`);
        }
        return value;
      }
      case 'binding': {
        if (!declaration.constant) return fail(`\`${name}\` is declared with let/var (it may change at run time)`);
        const element = declaration.element;
        const key = element.type === 'ObjectProperty' ? propertyNameOf(element) : name;
        const specifier = requireSpecifier(declaration.source);
        if (specifier !== undefined) return this.moduleValue(fileOf(identifier), specifier, key, depth);
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

  private evaluateEnum(node: t.TSEnumDeclaration, bindings: Bindings, depth: number): Evaluation {
    let failed: Evaluation | undefined;
    const members = enumMembers(node, (initializer) => {
      const value = this.evaluate(initializer, bindings, depth + 1);
      if (!value.ok) failed ??= value;
      return value.ok ? (value.value as Constant) : undefined;
    });
    if (failed) return failed;
    if (!Array.isArray(members)) return fail(`\`${excerpt(members.unreadable)}\` is not a number or text`);
    return ok(Object.fromEntries(members.map(({ name, value }) => [name, value])));
  }

  private importedValue(importNode: t.ImportDeclaration, localName: string, depth: number): Evaluation {
    const specifier = importNode.source.value;
    if (importNode.importKind === 'type') return fail(`\`${localName}\` is a type-only import`);
    const from = fileOf(importNode);
    let imported = localName;
    for (const clause of importNode.specifiers) {
      if (clause.local.name !== localName) continue;
      if (clause.type === 'ImportDefaultSpecifier') return this.moduleValue(from, specifier, 'default', depth);
      if (clause.type === 'ImportNamespaceSpecifier') return this.moduleValue(from, specifier, undefined, depth);
      imported = moduleExportName(clause.imported);
      break;
    }
    return this.moduleValue(from, specifier, imported, depth);
  }

  /** The value of `exportName` (or the whole module object when undefined) of a relative import. */
  private moduleValue(from: SourceFile, specifier: string, exportName: string | undefined, depth: number): Evaluation {
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
    for (const written of file.statements) {
      const { node: statement, exported } = unexported(written);
      if (!exported) continue;
      if (statement.type === 'VariableDeclaration') {
        for (const declaration of statement.declarations) {
          const name = declaredName(declaration);
          const value = this.exportedValue(file, name, depth + 1);
          if (value.ok) result[name] = value.value;
        }
      } else if (statement.type === 'TSEnumDeclaration') {
        const value = this.evaluateEnum(statement, new Map(), depth + 1);
        if (value.ok) result[statement.id.name] = value.value;
      }
    }
    return ok(result);
  }

  /** `module.exports = {...}` plus `exports.X = …` assignments, when the file is CommonJS. */
  private commonJsExports(file: SourceFile, depth: number): Evaluation | undefined {
    let found = false;
    const result: Record<string, StaticValue> = {};
    for (const statement of file.statements) {
      if (statement.type !== 'ExpressionStatement') continue;
      const expression = statement.expression;
      if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') continue;
      const target = textOf(expression.left);
      if (target === 'module.exports') {
        found = true;
        const value = this.evaluate(expression.right, new Map(), depth + 1);
        if (!value.ok) return value;
        if (value.value !== null && typeof value.value === 'object' && !Array.isArray(value.value)) Object.assign(result, value.value);
        else return value;
      } else {
        const match = /^(?:module\.)?exports\.(\w+)$/.exec(target);
        if (match?.[1]) {
          found = true;
          const value = this.evaluate(expression.right, new Map(), depth + 1);
          if (value.ok) result[match[1]] = value.value;
        }
      }
    }
    return found ? ok(result) : undefined;
  }

  private exportedValue(file: SourceFile, exportName: string, depth: number): Evaluation {
    const where = this.modules.pathOf(file);
    // CommonJS (no ES export statement): the value `module.exports` holds once every write is done.
    if (
      !file.statements.some(
        (statement) =>
          statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration',
      )
    ) {
      const commonJs = this.commonJsExports(file, depth);
      if (commonJs?.ok) return exportName === 'default' ? commonJs : propertyOf(commonJs.value, exportName, exportName);
      return commonJs ?? fail(`\`${exportName}\` is not exported as a constant by ${where}`);
    }
    // Re-exports and `export *` are followed by the toolkit (src/syntax/bindings.ts), through the files this extraction loaded.
    this.loaded.set(where, file);
    const origin = followExport(where, exportName, this.exportSources);
    if (origin === undefined) return fail(`\`${exportName}\` is not exported as a constant by ${where}`);
    if (origin.kind === 'missing') return fail(origin.reason);
    if (origin.kind === 'external') return fail(`\`${origin.specifier}\` is a package or path alias outside the repository files`);
    const owner = this.loaded.get(origin.path)!;
    if (origin.kind === 'namespace') return this.moduleObject(owner, depth + 1);
    const { local, value } = origin.binding;
    const at = origin.path;
    if (local === undefined) return value === undefined ? fail(`\`${exportName}\` in ${at} is not a constant`) : this.evaluate(value, new Map(), depth + 1);
    const declaration = declarationInStatements(owner.statements, local);
    switch (declaration?.kind) {
      case 'variable': {
        if (!declaration.constant) return fail(`\`${exportName}\` in ${at} is declared with let/var`);
        const initializer = declaration.node.init;
        return initializer ? this.evaluate(initializer, new Map(), depth + 1) : fail(`\`${exportName}\` in ${at} has no value`);
      }
      case 'enum':
        return this.evaluateEnum(declaration.node, new Map(), depth + 1);
      case 'function':
        return fail(`\`${exportName}\` in ${at} is a function, not a constant`);
      case 'import':
        return this.importedValue(declaration.node, local, depth + 1);
      default:
        return fail(`\`${exportName}\` in ${at} is not a constant`);
    }
  }

  /** Why a function call cannot be evaluated, naming the helper and where it comes from. */
  private describeHelperCall(call: t.CallExpression | t.OptionalCallExpression): string {
    const callee = call.callee;
    const root = isMember(callee) && !callee.computed ? callee.object : callee;
    const rootName = textOf(root);
    const name = textOf(callee);
    const declaration = root.type === 'Identifier' ? findDeclaration(rootName, call) : { kind: 'none' as const };
    if (declaration.kind === 'import') {
      return `SQL built by helper ${name}() in ${declaration.node.source.value} (its result is computed at run time)`;
    }
    const required =
      declaration.kind === 'binding'
        ? requireSpecifier(declaration.source)
        : declaration.kind === 'variable' && declaration.node.init
          ? requireSpecifier(declaration.node.init)
          : undefined;
    if (required !== undefined) return `SQL built by helper ${name}() in ${required} (its result is computed at run time)`;
    return `\`${excerpt(call)}\` is computed at run time by ${name}()`;
  }
}

/** The name a declarator declares (`a`; a pattern's text). */
function declaredName(declaration: t.VariableDeclarator): string {
  return declaration.id.type === 'Identifier' ? declaration.id.name : textOf(declaration.id);
}

/** The property a destructured element reads: `a` of `{ a }`, `{ a: b }`, `{ 'a': b }`. */
function propertyNameOf(element: t.ObjectProperty): string {
  const key = element.key;
  if (!element.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value);
  return textOf(key);
}
