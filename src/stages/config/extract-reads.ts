import { ts } from '../../typescript/ts-morph.js';
import { compareText } from '../../core/compare-text.js';
import { isSchemaEnvArgument, readEnvSchemaCall, type SchemaContext } from './env-schemas.js';

/**
 * Environment-variable reads in one TypeScript/JavaScript file, found syntactically with the
 * TypeScript parser (no type checking). Module resolution is done outside, in `module-links.ts`:
 * what the file imports (an env wrapper module, constants) comes in as {@link LinkedImports}.
 */

/** One place that reads a named variable. */
export interface EnvRead {
  name: string;
  /** Literal default when the variable is unset (`|| 'x'`, `?? 'x'`, `=== 'true'` → `'false'`, a schema's `.default(…)`); null when none is visible. */
  default: string | null;
  line: number;
  /** Where in the file it is read (enclosing property/variable/function names): pairs renames. */
  shape: string;
  /** The source line, trimmed, as evidence. */
  statement: string;
  /** Other variables read in the same fallback chain (`process.env.NEW ?? process.env.OLD`): pairs renames. */
  fallbacks?: string[];
}

/** A read whose variable cannot be named statically: the surface is unknown while it stays. */
export interface UnresolvedRead {
  line: number;
  reason: string;
}

/** A parse failure keeps line and message only: the same blob may sit at another path (the cache is by blob). */
export type Extraction = { ok: true; reads: EnvRead[]; unresolved: UnresolvedRead[] } | { ok: false; line: number; message: string };

/** What the file's imports turned out to be, resolved across the repository (empty when parsed alone). */
export interface LinkedImports {
  /** Local names (or dotted paths through a namespace import) bound to an env object, with the keys the wrapper defines itself. */
  envObjects: ReadonlyMap<string, readonly string[]>;
  /** Local names (or dotted paths) bound to a literal constant of another file. */
  constants: ReadonlyMap<string, string | null>;
}

export const NO_LINKS: LinkedImports = { envObjects: new Map(), constants: new Map() };

export interface ExtractOptions {
  /** Functions whose first argument names the variable (`env.helpers`). */
  helpers: readonly string[];
  /** Other objects whose property reads are env reads (`env.objects`), as dotted paths. */
  objects: readonly string[];
  linked: LinkedImports;
}

/** How a file's own bindings look to its importers. */
export type ExportFact =
  | { kind: 'env'; ownKeys: readonly string[] }
  | { kind: 'constant'; value: string | null }
  | { kind: 'object'; values: Readonly<Record<string, string | null>> }
  | { kind: 'reexport'; specifier: string; imported: string };

export interface ImportFact {
  local: string;
  specifier: string;
  /** `default`, `*` (namespace) or the exported name. */
  imported: string;
}

/** What importers of the file need, and which of its imports could change what it reads. */
export interface ModuleFacts {
  exports: ReadonlyMap<string, ExportFact>;
  /** Only imports used as values (not called, not types): the others cannot hold env objects or defaults. */
  imports: readonly ImportFact[];
}

export type Parsed = { ok: true; sourceFile: ts.SourceFile } | { ok: false; line: number; message: string };

const STATEMENT_MAX = 160;
/** Calls that convert the value but keep "unset" meaning unset: the default sits outside them. */
const CONVERSION_CALLS = new Set(['parseInt', 'parseFloat', 'Number', 'String', 'Boolean']);
const VALUE_METHODS = new Set(['trim', 'toLowerCase', 'toUpperCase', 'toString']);
const PROCESS_MODULES = new Set(['process', 'node:process']);

export function extensionOf(path: string): string {
  const match = /\.[cm]?[jt]sx?$/i.exec(path);
  return match ? match[0].toLowerCase() : '.ts';
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = { '.tsx': ts.ScriptKind.TSX, '.jsx': ts.ScriptKind.JSX, '.js': ts.ScriptKind.JS, '.mjs': ts.ScriptKind.JS, '.cjs': ts.ScriptKind.JS };

/** Parses `text` as the file at `path` (its extension picks TS, TSX or JS); the first syntax error fails it. */
export function parseSource(text: string, path: string): Parsed {
  const extension = extensionOf(path);
  const sourceFile = ts.createSourceFile(`/extract/file${extension}`, text, ts.ScriptTarget.Latest, true, SCRIPT_KINDS[extension] ?? ts.ScriptKind.TS);
  const parseErrors = (sourceFile as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  const first = parseErrors[0];
  if (first) {
    const line = first.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(first.start).line + 1;
    return { ok: false, line, message: ts.flattenDiagnosticMessageText(first.messageText, ' ') };
  }
  return { ok: true, sourceFile };
}

/** Parses and lists the env reads of one file on its own (no imports followed). */
export function extractEnvReads(text: string, path: string, helpers: readonly string[], options: Partial<Omit<ExtractOptions, 'helpers'>> = {}): Extraction {
  const parsed = parseSource(text, path);
  if (!parsed.ok) return parsed;
  return readsOf(parsed.sourceFile, { helpers, objects: options.objects ?? [], linked: options.linked ?? NO_LINKS });
}

/** The env reads of a parsed file. */
export function readsOf(sourceFile: ts.SourceFile, options: ExtractOptions): Extraction {
  const collector = new ReadCollector(sourceFile, options);
  return { ok: true, ...collector.collect() };
}

/** The exports and value imports of a parsed file (its own bindings only). */
export function factsOf(sourceFile: ts.SourceFile, options: Omit<ExtractOptions, 'linked'>): ModuleFacts {
  return new ReadCollector(sourceFile, { ...options, linked: NO_LINKS }).facts();
}

const { SyntaxKind } = ts;

class ReadCollector implements SchemaContext {
  private readonly processNames = new Set(['process']);
  /** Env objects by dotted path, with the keys a wrapper defines itself (not variables). */
  private readonly envObjects = new Map<string, ReadonlySet<string>>();
  private readonly constants = new Map<string, string | null>();
  private readonly declarations = new Map<string, ts.Expression | null>();
  /** Proxy handlers of env wrappers: their `process.env[prop]` forwards the importers' reads. */
  private readonly wrapperHandlers = new Set<ts.Node>();
  private readonly imports: ImportFact[] = [];
  private readonly reads: EnvRead[] = [];
  private readonly unresolved: UnresolvedRead[] = [];
  private readonly lines: string[];
  private readonly helpers: ReadonlySet<string>;
  private prepared = false;

  constructor(
    private readonly sourceFile: ts.SourceFile,
    private readonly options: ExtractOptions,
  ) {
    this.lines = sourceFile.text.split('\n');
    this.helpers = new Set(options.helpers);
    for (const object of options.objects) this.envObjects.set(object, new Set());
    for (const [path, ownKeys] of options.linked.envObjects) this.envObjects.set(path, new Set(ownKeys));
    for (const [path, value] of options.linked.constants) this.constants.set(path, value);
  }

  collect(): { reads: EnvRead[]; unresolved: UnresolvedRead[] } {
    this.prepare();
    const visit = (node: ts.Node): void => {
      this.inspect(node);
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
    return {
      reads: this.reads.sort((a, b) => a.line - b.line || compareText(a.name, b.name)),
      unresolved: this.unresolved.sort((a, b) => a.line - b.line || compareText(a.reason, b.reason)),
    };
  }

  facts(): ModuleFacts {
    this.prepare();
    return { exports: this.exportFacts(), imports: this.valueImports() };
  }

  private prepare(): void {
    if (this.prepared) return;
    this.prepared = true;
    this.findImports();
    this.findAliasesAndConstants();
  }

  private inspect(node: ts.Node): void {
    if (ts.isPropertyAccessExpression(node) && this.isEnvObject(node.expression)) {
      if (!isWrite(node) && !isCallee(node) && !this.ownKeysOf(node.expression).has(node.name.text)) this.add(node.name.text, node, this.defaultOf(node));
    } else if (ts.isElementAccessExpression(node) && this.isEnvObject(node.expression)) {
      if (isWrite(node)) return;
      const name = this.stringValue(node.argumentExpression);
      if (name !== undefined) this.add(name, node, this.defaultOf(node));
      else if (!this.isForwarded(node)) this.unresolve(node, this.computedReason(node, node.argumentExpression, `${node.expression.getText()}[${node.argumentExpression.getText()}]`));
    } else if (ts.isVariableDeclaration(node)) {
      this.collectDestructuring(node);
    } else if (ts.isCallExpression(node)) {
      if (this.isHelperCall(node)) this.collectHelperCall(node);
      const schema = readEnvSchemaCall(node, this);
      if (schema) {
        for (const entry of schema.entries) this.add(entry.name, entry.node, entry.default, undefined, ts.isPropertyAssignment(entry.node) || ts.isShorthandPropertyAssignment(entry.node) ? entry.node.name.getText() : undefined);
        for (const problem of schema.problems) this.unresolve(problem.node, problem.reason);
      }
    }
    if (ts.isForInStatement(node) && this.isEnvObject(node.expression)) {
      this.unresolve(node, `for (… in ${node.expression.getText()}) reads every variable by a computed name, so they cannot be named`);
    }
    if (this.isEnvObjectReference(node)) this.checkPassedOn(node);
  }

  private collectHelperCall(call: ts.CallExpression): void {
    const [nameArgument, defaultArgument] = call.arguments;
    const name = this.stringValue(nameArgument);
    if (name === undefined) {
      // The helper's own body (or a helper calling another with its parameter) forwards its callers' names.
      if (!this.isForwarded(call)) this.unresolve(call, this.computedReason(call, nameArgument, `${call.expression.getText()}(${nameArgument?.getText() ?? ''})`));
      return;
    }
    const given = defaultArgument === undefined ? undefined : this.literalValue(defaultArgument);
    this.add(name, call, given !== undefined ? given : this.defaultOf(call));
  }

  /** An env object handed to code we do not follow: what that code reads is invisible. */
  private checkPassedOn(node: ts.Node): void {
    let target = node;
    while (isTransparentWrapper(target.parent)) target = target.parent;
    const parent = target.parent;
    if (!ts.isCallExpression(parent) && !ts.isNewExpression(parent)) return;
    const index = parent.arguments?.indexOf(target as ts.Expression) ?? -1;
    if (index < 0) return;
    const callee = parent.expression.getText();
    if (ts.isNewExpression(parent) && callee === 'Proxy') return; // a wrapper: its importers' reads are followed
    if (ts.isCallExpression(parent) && (isSchemaEnvArgument(parent, index) || (callee === 'Object.assign' && index === 0))) return;
    this.unresolve(parent, `${target.getText()} is passed to ${truncate(callee)}(), which may read any variable: the names it reads cannot be followed (exclude the file, or read the variables by name)`);
  }

  private computedReason(node: ts.Node, nameExpression: ts.Node | undefined, what: string): string {
    const parameter = nameExpression !== undefined && ts.isIdentifier(unwrap(nameExpression)) ? (unwrap(nameExpression) as ts.Identifier).text : undefined;
    const enclosing = enclosingFunction(node);
    if (parameter !== undefined && enclosing && enclosing.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === parameter)) {
      const name = functionName(enclosing);
      if (name !== undefined) return `${truncate(what)} reads a variable named by the callers of ${name}(): list "${name}" in env.helpers so its calls are read`;
    }
    return `${truncate(what)} reads a variable whose name is computed, so it cannot be named`;
  }

  /** Inside a configured helper's body or an env wrapper's Proxy handler: the name comes from the reads we already follow. */
  private isForwarded(node: ts.Node): boolean {
    for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
      if (this.wrapperHandlers.has(current)) return true;
      if (isFunctionLike(current)) {
        const name = functionName(current);
        if (name !== undefined && this.helpers.has(name)) return true;
      }
    }
    return false;
  }

  private unresolve(node: ts.Node, reason: string): void {
    const line = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile)).line + 1;
    if (!this.unresolved.some((entry) => entry.line === line && entry.reason === reason)) this.unresolved.push({ line, reason });
  }

  private findImports(): void {
    for (const statement of this.sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (PROCESS_MODULES.has(specifier)) {
        if (clause?.name) this.processNames.add(clause.name.text);
        if (bindings && ts.isNamespaceImport(bindings)) this.processNames.add(bindings.name.text);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if ((element.propertyName ?? element.name).text === 'env') this.envObjects.set(element.name.text, new Set());
          }
        }
        continue;
      }
      if (clause?.name) this.imports.push({ local: clause.name.text, specifier, imported: 'default' });
      if (bindings && ts.isNamespaceImport(bindings)) this.imports.push({ local: bindings.name.text, specifier, imported: '*' });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) this.imports.push({ local: element.name.text, specifier, imported: (element.propertyName ?? element.name).text });
        }
      }
    }
  }

  /** `const env = process.env`, `{ ...process.env }`, `new Proxy(process.env, …)`, `const { env } = process`, and same-file constants. */
  private findAliasesAndConstants(): void {
    const visit = (node: ts.Node): void => {
      // A Proxy over the environment anywhere (`export default new Proxy(…)`): its handler forwards reads.
      if (ts.isNewExpression(node)) this.wrapperKeys(node);
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const initializer = unwrap(node.initializer);
        if (ts.isIdentifier(node.name)) {
          const name = node.name.text;
          this.recordDeclaration(name, node.initializer);
          const wrapped = this.wrapperKeys(initializer);
          if (wrapped) this.envObjects.set(name, wrapped);
          const literal = this.literalValue(initializer);
          if (literal !== undefined) this.recordConstant(name, literal);
          else if (ts.isObjectLiteralExpression(initializer) && !wrapped) this.recordObjectConstant(name, initializer);
        } else if (ts.isObjectBindingPattern(node.name)) {
          if (ts.isIdentifier(initializer) && this.processNames.has(initializer.text)) {
            for (const element of node.name.elements) {
              if (propertyNameOf(element) === 'env' && ts.isIdentifier(element.name)) this.envObjects.set(element.name.text, new Set());
            }
          } else if (this.isEnvObject(initializer)) {
            // `const { A, ...rest } = process.env`: `rest` holds every other variable.
            const rest = node.name.elements.find((element) => element.dotDotDotToken && ts.isIdentifier(element.name));
            if (rest && ts.isIdentifier(rest.name)) {
              const taken = node.name.elements.filter((element) => element !== rest).map(propertyNameOf).filter((key): key is string => key !== undefined);
              this.envObjects.set(rest.name.text, new Set(taken));
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
  }

  /** The own keys when `expression` is an env object or a wrapper of one, else undefined. */
  private wrapperKeys(expression: ts.Node): ReadonlySet<string> | undefined {
    const inner = unwrap(expression);
    if (this.isEnvObject(inner)) return this.ownKeysOf(inner);
    if (ts.isObjectLiteralExpression(inner)) {
      const spreadsEnv = inner.properties.some((property) => ts.isSpreadAssignment(property) && this.isEnvObject(property.expression));
      if (!spreadsEnv) return undefined;
      // Keys written after the spread override it; all explicit keys are the wrapper's own (read where defined).
      const keys = inner.properties.map((property) => (ts.isSpreadAssignment(property) || !property.name ? undefined : propertyKeyText(property.name))).filter((key): key is string => key !== undefined);
      return new Set(keys);
    }
    if (ts.isNewExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'Proxy') {
      const [target, handler] = inner.arguments ?? [];
      if (target === undefined || handler === undefined) return undefined;
      if (this.isEnvObject(target) || this.forwardsEnv(handler)) {
        this.wrapperHandlers.add(handler);
        return new Set();
      }
    }
    return undefined;
  }

  /** A Proxy handler that answers a property from `process.env[prop]`. */
  private forwardsEnv(handler: ts.Node): boolean {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isElementAccessExpression(node) && this.isEnvObject(node.expression)) found = true;
      else ts.forEachChild(node, visit);
    };
    visit(handler);
    return found;
  }

  private exportFacts(): Map<string, ExportFact> {
    const facts = new Map<string, ExportFact>();
    const importOf = (local: string) => this.imports.find((entry) => entry.local === local);
    const factOfLocal = (local: string): ExportFact | undefined => {
      const envKeys = this.envObjects.get(local);
      if (envKeys) return { kind: 'env', ownKeys: [...envKeys].sort(compareText) };
      if (this.constants.has(local)) return { kind: 'constant', value: this.constants.get(local)! };
      const prefix = `${local}.`;
      const values = Object.fromEntries([...this.constants].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]));
      if (Object.keys(values).length > 0) return { kind: 'object', values };
      const imported = importOf(local);
      return imported ? { kind: 'reexport', specifier: imported.specifier, imported: imported.imported } : undefined;
    };
    const factOfExpression = (expression: ts.Expression): ExportFact | undefined => {
      const inner = unwrap(expression);
      if (ts.isIdentifier(inner)) return factOfLocal(inner.text);
      const wrapped = this.wrapperKeys(inner);
      if (wrapped) return { kind: 'env', ownKeys: [...wrapped].sort(compareText) };
      const literal = this.literalValue(inner);
      return literal === undefined ? undefined : { kind: 'constant', value: literal };
    };
    const set = (name: string, fact: ExportFact | undefined) => {
      if (fact) facts.set(name, fact);
    };
    for (const statement of this.sourceFile.statements) {
      if (ts.isVariableStatement(statement) && statement.modifiers?.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) set(declaration.name.text, factOfLocal(declaration.name.text));
        }
      } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
        set('default', factOfExpression(statement.expression));
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          set(element.name.text, from === undefined ? factOfLocal(local) : { kind: 'reexport', specifier: from, imported: local });
        }
      } else if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === SyntaxKind.EqualsToken) {
        // CommonJS: `module.exports = process.env`.
        if (statement.expression.left.getText() === 'module.exports') set('default', factOfExpression(statement.expression.right));
      }
    }
    return facts;
  }

  /** Imports whose binding is used as a value (read, destructured, a default): the ones that may be env objects or constants. */
  private valueImports(): ImportFact[] {
    const locals = new Map(this.imports.map((entry) => [entry.local, entry]));
    const used = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && locals.has(node.text) && isValueUse(node)) used.add(node.text);
      ts.forEachChild(node, visit);
    };
    for (const statement of this.sourceFile.statements) if (!ts.isImportDeclaration(statement)) visit(statement);
    return this.imports.filter((entry) => used.has(entry.local));
  }

  /** A name bound twice with different values is ambiguous without scope analysis: it resolves to nothing. */
  private recordConstant(name: string, value: string | null): void {
    if (this.constants.has(name) && this.constants.get(name) !== value) this.constants.set(name, null);
    else this.constants.set(name, value);
  }

  /** `const DEFAULTS = { port: 3000 }`: `DEFAULTS.port` is a constant. */
  private recordObjectConstant(name: string, object: ts.ObjectLiteralExpression): void {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = propertyKeyText(property.name);
      const value = this.literalValue(property.initializer);
      if (key !== undefined && value !== undefined) this.recordConstant(`${name}.${key}`, value);
    }
  }

  private recordDeclaration(name: string, initializer: ts.Expression): void {
    this.declarations.set(name, this.declarations.has(name) ? null : initializer);
  }

  declarationOf(name: string): ts.Expression | undefined {
    return this.declarations.get(name) ?? undefined;
  }

  private collectDestructuring(declaration: ts.VariableDeclaration): void {
    if (!ts.isObjectBindingPattern(declaration.name) || !declaration.initializer || !this.isEnvObject(declaration.initializer)) return;
    const ownKeys = this.ownKeysOf(declaration.initializer);
    for (const element of declaration.name.elements) {
      if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue; // `...rest` is an env object itself, read by name elsewhere
      const property = element.propertyName;
      const name = property === undefined ? element.name.text : ts.isComputedPropertyName(property) ? this.stringValue(property.expression) : propertyNameOf(element);
      if (name === undefined) {
        this.unresolve(element, `${element.getText()} destructures a variable whose name is computed, so it cannot be named`);
        continue;
      }
      if (ownKeys.has(name)) continue;
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

  /** `process.env`, `proc.env`, an alias or wrapper of it, or a configured object, through parentheses and type assertions. */
  isEnvObject(expression: ts.Node): boolean {
    const node = unwrap(expression);
    if (ts.isIdentifier(node)) return this.envObjects.has(node.text);
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'env') {
      const target = unwrap(node.expression);
      if (ts.isIdentifier(target) && this.processNames.has(target.text)) return true;
    }
    // Dotted paths (`this.config.env`, `ns.env`) are rare: build the path only when one is known.
    if (!this.hasDottedObjects()) return false;
    const path = dottedPath(node);
    return path !== undefined && this.envObjects.has(path);
  }

  private hasDottedObjects(): boolean {
    for (const key of this.envObjects.keys()) if (key.includes('.')) return true;
    return false;
  }

  /** An expression that is an env object as a whole (not the `process` of `process.env`, not a binding's own name). */
  private isEnvObjectReference(node: ts.Node): boolean {
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return false;
    let target: ts.Node = node;
    while (isTransparentWrapper(target.parent)) target = target.parent;
    // Only an argument can be passed on; check that (cheap) before resolving the object.
    const parent = target.parent;
    if (!(ts.isCallExpression(parent) || ts.isNewExpression(parent)) || parent.expression === target) return false;
    return this.isEnvObject(node);
  }

  private ownKeysOf(expression: ts.Node): ReadonlySet<string> {
    const path = dottedPath(unwrap(expression));
    return (path === undefined ? undefined : this.envObjects.get(path)) ?? new Set();
  }

  /** A string known at parse time: a literal, or a constant holding one. */
  private stringValue(node: ts.Node | undefined): string | undefined {
    if (!node) return undefined;
    const value = this.literalValue(node);
    const inner = unwrap(node);
    return typeof value === 'string' && (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) ? value : undefined;
  }

  /** The text of a literal default (`'x'`, `10`, `true`, `-1`, a constant holding one); null for `undefined`/`null`; undefined if not a literal. */
  literalValue(node: ts.Node): string | null | undefined {
    const inner = unwrap(node);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
    if (ts.isNumericLiteral(inner)) return String(Number(inner.text));
    if (inner.kind === SyntaxKind.TrueKeyword) return 'true';
    if (inner.kind === SyntaxKind.FalseKeyword) return 'false';
    if (inner.kind === SyntaxKind.NullKeyword) return null;
    if (ts.isIdentifier(inner) && inner.text === 'undefined') return null;
    if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
      const path = dottedPath(inner);
      return path !== undefined && this.constants.has(path) ? this.constants.get(path) : undefined;
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

  /** The variable `node` reads directly (an env access or a helper call with a known name), if any. */
  private readName(node: ts.Node): string | undefined {
    const inner = unwrap(node);
    if (ts.isPropertyAccessExpression(inner) && this.isEnvObject(inner.expression)) return inner.name.text;
    if (ts.isElementAccessExpression(inner) && this.isEnvObject(inner.expression)) return this.stringValue(inner.argumentExpression);
    if (ts.isCallExpression(inner) && this.isHelperCall(inner)) return this.stringValue(inner.arguments[0]);
    return undefined;
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

  /** Names read in the fallback chain that holds `read` (`process.env.NEW ?? process.env.OLD ?? 'x'`). */
  private fallbackNames(read: ts.Node): string[] {
    let top: ts.Node = read;
    for (;;) {
      const parent = top.parent;
      if (!parent) break;
      if (isTransparentWrapper(parent) || (ts.isCallExpression(parent) && isConversionCall(parent) && parent.arguments[0] === top)) top = parent;
      else if (ts.isBinaryExpression(parent) && isFallbackOperator(parent.operatorToken.kind)) top = parent;
      else break;
    }
    const names: string[] = [];
    const collect = (node: ts.Node): void => {
      const inner = unwrap(node);
      const name = this.readName(inner);
      if (name !== undefined) names.push(name);
      else if (ts.isBinaryExpression(inner) && isFallbackOperator(inner.operatorToken.kind)) {
        collect(inner.left);
        collect(inner.right);
      } else if (ts.isCallExpression(inner) && isConversionCall(inner) && inner.arguments[0] !== undefined) collect(inner.arguments[0]);
    };
    collect(top);
    return [...new Set(names)];
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
      } else if (ts.isCallExpression(parent) && parent.arguments[0] === node && !this.isHelperCall(parent)) {
        // `parseInt(…)`, and any function given the value first (`this.toOptionalNumber(environment.X) ?? 10000`):
        // the literal after it is what an unset variable ends up as (a changed literal is reported, never missed).
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

  private add(name: string, node: ts.Node, defaultValue: string | null, ownName?: string, key?: string): void {
    const line = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile)).line + 1;
    const path = enclosingNames(node);
    if (ownName !== undefined) path.push(ownName);
    if (key !== undefined && path[path.length - 1] !== key) path.push(key);
    const statement = (this.lines[line - 1] ?? '').trim();
    this.reads.push({
      name,
      default: defaultValue,
      line,
      shape: path.length > 0 ? path.join('.') : '<top>',
      statement: statement.length > STATEMENT_MAX ? `${statement.slice(0, STATEMENT_MAX - 1)}…` : statement,
    });
    const fallbacks = this.fallbackNames(node).filter((other) => other !== name);
    if (fallbacks.length > 0) this.reads[this.reads.length - 1]!.fallbacks = fallbacks;
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

function propertyKeyText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** `a`, `a.b.c`, `this.env`, `import.meta.env`; undefined for anything else. */
function dottedPath(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (node.kind === SyntaxKind.ThisKeyword) return 'this';
  if (ts.isMetaProperty(node)) return `${ts.tokenToString(node.keywordToken) ?? ''}.${node.name.text}`;
  if (ts.isPropertyAccessExpression(node)) {
    const head = dottedPath(unwrap(node.expression));
    return head === undefined ? undefined : `${head}.${node.name.text}`;
  }
  return undefined;
}

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);
}

function enclosingFunction(node: ts.Node): FunctionLike | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}

/** A function's name: its own, or the variable / property it is assigned to. */
function functionName(node: FunctionLike): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) return node.name.text;
  if (ts.isMethodDeclaration(node)) return propertyKeyText(node.name);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent)) return propertyKeyText(parent.name);
  return undefined;
}

/** An identifier used as a value: not called, not `new`ed, not a method's object, not a type, not a declaration's name. */
function isValueUse(node: ts.Identifier): boolean {
  const parent = node.parent;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === node) return false;
  if (ts.isPropertyAccessExpression(parent)) {
    if (parent.name === node) return false;
    if (ts.isCallExpression(parent.parent) && parent.parent.expression === parent) return false;
  }
  if (ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent) || ts.isExpressionWithTypeArguments(parent) || ts.isTypeQueryNode(parent)) return false;
  if (ts.isJsxOpeningElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isJsxClosingElement(parent)) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return false;
  return true;
}

function truncate(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
