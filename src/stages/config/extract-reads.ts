import { Project, ts } from 'ts-morph';
import { compareText } from '../../core/compare-text.js';

/**
 * Environment-variable reads in one TypeScript/JavaScript file, found syntactically with ts-morph
 * (no type checking, no module resolution: the file is parsed alone, fast and deterministic).
 */

/** One place that reads a named variable. */
export interface EnvRead {
  name: string;
  /** Literal default when the variable is unset (`|| 'x'`, `?? 'x'`, `=== 'true'` → `'false'`, …); null when none is visible. */
  default: string | null;
  line: number;
  /** Where in the file it is read (enclosing property/variable/function names): pairs renames. */
  shape: string;
  /** The source line, trimmed, as evidence. */
  statement: string;
}

/** A parse failure keeps line and message only: the same blob may sit at another path (the cache is by blob). */
export type Extraction = { ok: true; reads: EnvRead[] } | { ok: false; line: number; message: string };

const STATEMENT_MAX = 160;
/** Calls that convert the value but keep "unset" meaning unset: the default sits outside them. */
const CONVERSION_CALLS = new Set(['parseInt', 'parseFloat', 'Number', 'String', 'Boolean']);
const VALUE_METHODS = new Set(['trim', 'toLowerCase', 'toUpperCase', 'toString']);
const PROCESS_MODULES = new Set(['process', 'node:process']);

let sharedProject: Project | undefined;
/** One in-memory project for every file: creating a Project costs far more than parsing a file. */
function project(): Project {
  sharedProject ??= new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    compilerOptions: { allowJs: true, noLib: true },
  });
  return sharedProject;
}

/**
 * Results by blob id (+ file kind and helper names): a backfill over hundreds of releases sees the
 * same blobs again and again, and extracts each one once. Bounded so a long run cannot grow without limit.
 */
const extractionCache = new Map<string, Promise<Extraction>>();
const CACHE_LIMIT = 50_000;

export function extractEnvReadsCached(blobId: string, path: string, read: () => Promise<string | undefined>, helpers: readonly string[]): Promise<Extraction> {
  const key = `${blobId}\0${extensionOf(path)}\0${helpers.join(',')}`;
  const cached = extractionCache.get(key);
  if (cached) return cached;
  // The promise is cached, so the same blob met twice in one run (two paths, two refs) is read once.
  const extraction = read().then((text) => {
    if (text === undefined) throw new Error(`${path}: listed in the tree but could not be read`);
    return extractEnvReads(text, path, helpers);
  });
  if (extractionCache.size >= CACHE_LIMIT) extractionCache.clear();
  extractionCache.set(key, extraction);
  // A failed read is not a fact about the blob: forget it, so a later run reads again.
  extraction.catch(() => extractionCache.delete(key));
  return extraction;
}

/** Test hook: how many distinct blobs were extracted. */
export function extractionCacheSize(): number {
  return extractionCache.size;
}

function extensionOf(path: string): string {
  const match = /\.[cm]?[jt]sx?$/i.exec(path);
  return match ? match[0].toLowerCase() : '.ts';
}

/** Parses `text` as the file at `path` (its extension picks TS, TSX or JS) and lists its env reads. */
export function extractEnvReads(text: string, path: string, helpers: readonly string[]): Extraction {
  const sourceFile = project().createSourceFile(`/extract/file${extensionOf(path)}`, text, { overwrite: true });
  try {
    const parseErrors = (sourceFile.compilerNode as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
    const first = parseErrors[0];
    if (first) {
      const line = first.start === undefined ? 0 : sourceFile.getLineAndColumnAtPos(first.start).line;
      return { ok: false, line, message: ts.flattenDiagnosticMessageText(first.messageText, ' ') };
    }
    // ts-morph parses; the walk uses the compiler nodes it wraps: wrapping every node costs ~10× the parse.
    return { ok: true, reads: new ReadCollector(sourceFile.compilerNode, new Set(helpers)).collect() };
  } finally {
    project().removeSourceFile(sourceFile);
  }
}

const { SyntaxKind } = ts;

class ReadCollector {
  private readonly processNames = new Set(['process']);
  private readonly envAliases = new Set<string>();
  private readonly constants = new Map<string, string | null>();
  private readonly reads: EnvRead[] = [];
  private readonly lines: string[];

  constructor(
    private readonly sourceFile: ts.SourceFile,
    private readonly helpers: ReadonlySet<string>,
  ) {
    this.lines = sourceFile.text.split('\n');
  }

  collect(): EnvRead[] {
    this.findAliasesAndConstants();
    const visit = (node: ts.Node): void => {
      this.inspect(node);
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
    return this.reads.sort((a, b) => a.line - b.line || compareText(a.name, b.name));
  }

  private inspect(node: ts.Node): void {
    if (ts.isPropertyAccessExpression(node) && this.isEnvObject(node.expression)) {
      if (!isWrite(node) && !isCallee(node)) this.add(node.name.text, node, this.defaultOf(node));
    } else if (ts.isElementAccessExpression(node) && this.isEnvObject(node.expression)) {
      const name = this.stringValue(node.argumentExpression);
      if (name !== undefined && !isWrite(node)) this.add(name, node, this.defaultOf(node));
    } else if (ts.isVariableDeclaration(node)) {
      this.collectDestructuring(node);
    } else if (ts.isCallExpression(node) && this.isHelperCall(node)) {
      const [nameArgument, defaultArgument] = node.arguments;
      const name = this.stringValue(nameArgument);
      if (name === undefined) return; // a dynamic name (the helper's own body, a loop): nothing to attribute
      const given = defaultArgument === undefined ? undefined : this.literalValue(defaultArgument);
      this.add(name, node, given !== undefined ? given : this.defaultOf(node));
    }
  }

  /** `const env = process.env`, `const { env } = process`, `import { env } from 'node:process'`, `import proc from 'process'`, and same-file constants. */
  private findAliasesAndConstants(): void {
    for (const statement of this.sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !PROCESS_MODULES.has(statement.moduleSpecifier.text)) continue;
      const clause = statement.importClause;
      if (clause?.name) this.processNames.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) this.processNames.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if ((element.propertyName ?? element.name).text === 'env') this.envAliases.add(element.name.text);
        }
      }
    }
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const initializer = unwrap(node.initializer);
        if (ts.isIdentifier(node.name)) {
          if (this.isEnvObject(initializer)) this.envAliases.add(node.name.text);
          const literal = this.literalValue(initializer);
          if (literal !== undefined) this.recordConstant(node.name.text, literal);
        } else if (ts.isObjectBindingPattern(node.name) && ts.isIdentifier(initializer) && this.processNames.has(initializer.text)) {
          for (const element of node.name.elements) {
            if (propertyNameOf(element) === 'env' && ts.isIdentifier(element.name)) this.envAliases.add(element.name.text);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
  }

  /** A name bound twice with different values is ambiguous without scope analysis: it resolves to nothing. */
  private recordConstant(name: string, value: string | null): void {
    if (this.constants.has(name) && this.constants.get(name) !== value) this.constants.set(name, null);
    else this.constants.set(name, value);
  }

  private collectDestructuring(declaration: ts.VariableDeclaration): void {
    if (!ts.isObjectBindingPattern(declaration.name) || !declaration.initializer || !this.isEnvObject(declaration.initializer)) return;
    for (const element of declaration.name.elements) {
      if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue; // `...rest` holds variables read elsewhere by name
      const property = element.propertyName;
      const name = property === undefined ? element.name.text : ts.isComputedPropertyName(property) ? this.stringValue(property.expression) : propertyNameOf(element);
      if (name === undefined) continue;
      const literal = element.initializer === undefined ? null : this.literalValue(element.initializer);
      this.add(name, element, literal === undefined ? null : literal, element.name.text);
    }
  }

  private isHelperCall(call: ts.CallExpression): boolean {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return this.helpers.has(callee.text);
    if (ts.isPropertyAccessExpression(callee)) return this.helpers.has(callee.name.text);
    return false;
  }

  /** `process.env`, `proc.env`, or an alias of it, through parentheses and type assertions. */
  private isEnvObject(expression: ts.Node): boolean {
    const node = unwrap(expression);
    if (ts.isIdentifier(node)) return this.envAliases.has(node.text);
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'env') {
      const target = unwrap(node.expression);
      return ts.isIdentifier(target) && this.processNames.has(target.text);
    }
    return false;
  }

  /** A string known at parse time: a literal, or a same-file constant holding one. */
  private stringValue(node: ts.Node | undefined): string | undefined {
    if (!node) return undefined;
    const inner = unwrap(node);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
    if (ts.isIdentifier(inner)) return this.constants.get(inner.text) ?? undefined;
    return undefined;
  }

  /** The text of a literal default (`'x'`, `10`, `true`, `-1`, a same-file constant); null for `undefined`/`null`; undefined if not a literal. */
  private literalValue(node: ts.Node): string | null | undefined {
    const inner = unwrap(node);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
    if (ts.isNumericLiteral(inner)) return String(Number(inner.text));
    if (inner.kind === SyntaxKind.TrueKeyword) return 'true';
    if (inner.kind === SyntaxKind.FalseKeyword) return 'false';
    if (inner.kind === SyntaxKind.NullKeyword) return null;
    if (ts.isIdentifier(inner)) {
      if (inner.text === 'undefined') return null;
      return this.constants.has(inner.text) ? this.constants.get(inner.text) : undefined;
    }
    if (ts.isPrefixUnaryExpression(inner) && inner.operator === SyntaxKind.MinusToken && ts.isNumericLiteral(inner.operand)) {
      return `-${String(Number(inner.operand.text))}`;
    }
    if (ts.isBinaryExpression(inner) && ARITHMETIC.has(inner.operatorToken.kind)) return this.foldArithmetic(inner);
    return undefined;
  }

  /** `1000 * 60 * 10` as a default (or a constant holding it) is `'600000'`. */
  private foldArithmetic(expression: ts.BinaryExpression): string | undefined {
    // Numbers only: `'10' + 5` is string concatenation, so operands must be numeric expressions themselves.
    if (!isNumericExpression(expression.left) || !isNumericExpression(expression.right)) return undefined;
    const [left, right] = [this.literalValue(expression.left), this.literalValue(expression.right)];
    if (typeof left !== 'string' || typeof right !== 'string') return undefined;
    const [a, b] = [Number(left), Number(right)];
    const kind = expression.operatorToken.kind;
    const value = kind === SyntaxKind.PlusToken ? a + b : kind === SyntaxKind.MinusToken ? a - b : kind === SyntaxKind.AsteriskToken ? a * b : a / b;
    return Number.isFinite(value) ? String(value) : undefined;
  }

  /** Whether `node` reads the environment (an env access or a helper call), so `a || b` chains go on to the final literal. */
  private readsEnv(node: ts.Node): boolean {
    const inner = unwrap(node);
    if ((ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) && this.isEnvObject(inner.expression)) return true;
    if (ts.isCallExpression(inner)) {
      const [first] = inner.arguments;
      return this.isHelperCall(inner) || (isConversionCall(inner) && first !== undefined && this.readsEnv(first));
    }
    if (ts.isBinaryExpression(inner) && isFallbackOperator(inner.operatorToken.kind)) return this.readsEnv(inner.left);
    return false;
  }

  /**
   * Climbs from a read through conversions (`parseInt(…)`, `.trim()`) and fallback chains
   * (`process.env.NEW || process.env.OLD || 'x'`) to the literal that applies when the variable is unset.
   */
  private defaultOf(read: ts.Node): string | null {
    let node: ts.Node = read;
    for (;;) {
      const parent = node.parent;
      if (!parent) return null;
      if (isTransparentWrapper(parent)) {
        node = parent;
      } else if (ts.isCallExpression(parent) && isConversionCall(parent) && parent.arguments[0] === node) {
        node = parent;
      } else if (ts.isPropertyAccessExpression(parent) && parent.expression === node && VALUE_METHODS.has(parent.name.text) && ts.isCallExpression(parent.parent)) {
        node = parent.parent;
      } else if (ts.isBinaryExpression(parent)) {
        const operator = parent.operatorToken.kind;
        if (isFallbackOperator(operator)) {
          if (parent.right === node) {
            node = parent; // we are the fallback of an earlier read: the chain's final literal is ours too
            continue;
          }
          const literal = this.literalValue(parent.right);
          if (literal !== undefined) return literal;
          if (!this.readsEnv(parent.right)) return null;
          node = parent;
        } else {
          const compared = this.literalValue(parent.left === node ? parent.right : parent.left);
          if ((operator === SyntaxKind.EqualsEqualsEqualsToken || operator === SyntaxKind.EqualsEqualsToken) && compared === 'true') return 'false';
          if ((operator === SyntaxKind.ExclamationEqualsEqualsToken || operator === SyntaxKind.ExclamationEqualsToken) && compared === 'false') return 'true';
          return null;
        }
      } else if (ts.isConditionalExpression(parent)) {
        // `process.env.X ? parseInt(process.env.X, 10) : 600`: the false branch is what an unset variable gets.
        if (parent.condition === node || (parent.whenTrue === node && this.readsEnv(parent.condition))) {
          return this.literalValue(parent.whenFalse) ?? null;
        }
        return null;
      } else {
        return null;
      }
    }
  }

  private add(name: string, node: ts.Node, defaultValue: string | null, ownName?: string): void {
    const line = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile)).line + 1;
    const path = enclosingNames(node);
    if (ownName !== undefined) path.push(ownName);
    const statement = (this.lines[line - 1] ?? '').trim();
    this.reads.push({
      name,
      default: defaultValue,
      line,
      shape: path.length > 0 ? path.join('.') : '<top>',
      statement: statement.length > STATEMENT_MAX ? `${statement.slice(0, STATEMENT_MAX - 1)}…` : statement,
    });
  }
}

const ARITHMETIC = new Set([SyntaxKind.PlusToken, SyntaxKind.MinusToken, SyntaxKind.AsteriskToken, SyntaxKind.SlashToken]);

function isNumericExpression(node: ts.Node): boolean {
  const inner = unwrap(node);
  if (ts.isNumericLiteral(inner)) return true;
  if (ts.isPrefixUnaryExpression(inner)) return inner.operator === SyntaxKind.MinusToken && ts.isNumericLiteral(inner.operand);
  return ts.isBinaryExpression(inner) && ARITHMETIC.has(inner.operatorToken.kind) && isNumericExpression(inner.left) && isNumericExpression(inner.right);
}

function propertyNameOf(element: ts.BindingElement): string | undefined {
  const property = element.propertyName ?? element.name;
  if (ts.isIdentifier(property) || ts.isStringLiteral(property) || ts.isNumericLiteral(property)) return property.text;
  return undefined;
}

type Wrapper = ts.ParenthesizedExpression | ts.AsExpression | ts.NonNullExpression | ts.TypeAssertion | ts.SatisfiesExpression;

function isTransparentWrapper(node: ts.Node): node is Wrapper {
  return ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node) || ts.isSatisfiesExpression(node);
}

function unwrap(node: ts.Node): ts.Node {
  let inner = node;
  while (isTransparentWrapper(inner)) inner = inner.expression;
  return inner;
}

function isConversionCall(call: ts.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && CONVERSION_CALLS.has(call.expression.text);
}

function isFallbackOperator(kind: ts.SyntaxKind): boolean {
  return kind === SyntaxKind.BarBarToken || kind === SyntaxKind.QuestionQuestionToken;
}

/** `process.env.X = …` and `delete process.env.X` set the environment; they are not reads an operator configures. */
function isWrite(node: ts.Node): boolean {
  let target = node;
  while (isTransparentWrapper(target.parent)) target = target.parent;
  const parent = target.parent;
  if (ts.isDeleteExpression(parent)) return true;
  if (ts.isBinaryExpression(parent) && parent.left === target) {
    const kind = parent.operatorToken.kind;
    return kind >= SyntaxKind.FirstAssignment && kind <= SyntaxKind.LastAssignment;
  }
  return false;
}

/** `process.env.hasOwnProperty('X')` calls a method of the object; it names no variable. */
function isCallee(node: ts.Node): boolean {
  return ts.isCallExpression(node.parent) && node.parent.expression === node;
}

/** Names of the enclosing properties, variables, functions and classes, outermost first. */
function enclosingNames(node: ts.Node): string[] {
  const names: string[] = [];
  for (let current = node.parent; current; current = current.parent) {
    if (
      ts.isPropertyAssignment(current) ||
      ts.isShorthandPropertyAssignment(current) ||
      ts.isPropertyDeclaration(current) ||
      ts.isMethodDeclaration(current) ||
      ts.isGetAccessorDeclaration(current)
    ) {
      names.push(current.name.getText());
    } else if ((ts.isVariableDeclaration(current) || ts.isBindingElement(current)) && ts.isIdentifier(current.name)) {
      names.push(current.name.text);
    } else if ((ts.isFunctionDeclaration(current) || ts.isClassDeclaration(current)) && current.name) {
      names.push(current.name.text);
    }
  }
  return names.reverse();
}
