import { compareText } from '../../../core/compare-text.js';
import { ownReturns, parameterName } from '../../../syntax/ast.js';
import { isCall, isMember, literalKeyName, sourceOf, walk, type t } from '../../../syntax/parse.js';
import { binaryConstant, literalConstant } from '../../../syntax/constants.js';
import { type ExtractOptions, type ExportFact, type ImportFact, type ModuleFacts, type ParsedFile } from './types.js';
import {
  type Parents,
  indexTree,
  IMPORT_PARTS,
  memberName,
  nameText,
  unwrap,
  dottedPath,
  type FunctionLike,
  isFunctionLike,
  enclosingFunction,
  functionName,
  isValueUse,
  propertyNameOf,
  bindingOf,
} from './tree.js';
import { isMutatedIn, isReassignedIn } from './scope.js';
import { PROCESS_MODULES, ARITHMETIC, isEnvProperty, isProcessRequire, isFallback, isNumericExpression, isNegativeNumber } from './env-shapes.js';

/**
 * One file's own bindings, found before any read is: its imports, the names bound to `process`,
 * env objects and constants, env wrappers, property-key decorators, and what its exports are to importers
 * ({@link FileBindings.facts}). The reads collector (read-collector.ts) stands on it.
 */
export class FileBindings {
  protected readonly processNames = new Set(['process']);
  /** Env objects by dotted path, with the keys a wrapper defines itself (not variables). */
  protected readonly envObjects = new Map<string, ReadonlySet<string>>();
  protected readonly constants = new Map<string, string | null>();
  protected readonly declarations = new Map<string, t.Node | null>();
  /** Proxy handlers of env wrappers: their `process.env[prop]` forwards the importers' reads. */
  protected readonly wrapperHandlers = new Set<t.Node>();
  protected readonly imports: ImportFact[] = [];
  /** Babel's nodes have no parent pointer: the tree's parent links and pre-order, made once per tree (see {@link indexTree}). */
  protected readonly parents: Parents;
  protected readonly order: readonly t.Node[];
  /** Identifiers named like an import, found by the first walk: {@link valueImports} keeps those used as values. */
  protected readonly importNameUses: Array<{ node: t.Identifier | t.JSXIdentifier; parent: t.Node }> = [];
  protected readonly text: string;
  protected readonly lines: string[];
  protected readonly helpers: ReadonlySet<string>;
  protected prepared = false;
  /** Property-key decorators by local name (true: a factory); {@link findKeyDecorators}. */
  protected readonly keyDecorators = new Map<string, boolean>();
  /** The `process.env[propertyKey]` reads inside this file's own property-key decorators, with the decorator's name. */
  protected readonly decoratorReads = new Map<t.Node, string>();
  /** Other files' env sources by local name or dotted path (`shared.getAIEnvironment`): {@link isEnvSourceCall}. */
  protected readonly envSourceNames = new Set<string>();
  /** This file's functions by name, defined by a declaration or a variable (made once, {@link functionDefinitions}). */
  private definitionsByName: Map<string, FunctionLike[]> | undefined;
  /** Whether this file's function of that name is an env source (undefined while it is being decided: not one). */
  private readonly envSourceVerdicts = new Map<string, boolean | undefined>();
  /** Whether an env object is known by a dotted path (`this.config.env`, `ns.env`): only then is a member's path built. */
  protected readonly dottedObjects: boolean;

  constructor(
    protected readonly sourceFile: ParsedFile,
    protected readonly options: ExtractOptions,
  ) {
    ({ parents: this.parents, order: this.order } = indexTree(sourceFile.ast));
    this.text = sourceFile.text;
    this.lines = sourceFile.text.split('\n');
    this.helpers = new Set(options.helpers);
    for (const object of options.objects) this.envObjects.set(object, new Set());
    for (const [path, ownKeys] of options.linked.envObjects) this.envObjects.set(path, new Set(ownKeys));
    for (const [path, value] of options.linked.constants) this.constants.set(path, value);
    for (const [name, factory] of options.linked.keyDecorators ?? []) this.keyDecorators.set(name, factory);
    for (const name of options.linked.envSources ?? []) this.envSourceNames.add(name);
    // Only configured and linked objects have dotted paths (the file's own aliases are plain names).
    this.dottedObjects = [...this.envObjects.keys()].some((key) => key.includes('.'));
  }

  facts(): ModuleFacts {
    this.prepare();
    const starExports = this.sourceFile.ast.program.body
      .filter((statement): statement is t.ExportAllDeclaration => statement.type === 'ExportAllDeclaration' && statement.exportKind !== 'type')
      .map((statement) => statement.source.value);
    return { exports: this.exportFacts(), imports: this.valueImports(), ...(starExports.length > 0 ? { starExports } : {}) };
  }

  /** The node's text as the reasons quote it: with the parentheses written around it (this parser keeps them as a flag only). */
  textOf(node: t.Node): string {
    const extra = node.extra as { parenthesized?: boolean; parenStart?: number } | undefined;
    if (!extra?.parenthesized || typeof extra.parenStart !== 'number' || node.start == null || node.end == null) return sourceOf(node, this.text);
    let open = 0;
    for (let at = extra.parenStart; at < node.start; at++) if (this.text[at] === '(') open++;
    let end = node.end;
    while (open > 0 && end < this.text.length) {
      const char = this.text[end]!;
      if (char === ')') open--;
      else if (!/\s/.test(char)) break;
      end++;
    }
    return this.text.slice(extra.parenStart, end);
  }

  protected prepare(): void {
    if (this.prepared) return;
    this.prepared = true;
    this.findImports();
    this.findAliasesAndConstants();
    this.findKeyDecorators();
  }

  /**
   * Decorators that read the variable named by the property they decorate (outline:
   * `const Deprecated = (message) => (_target, propertyKey) => { if (process.env[propertyKey]) … }`):
   * the env read's key is the decorator's second parameter, and the decorator is named, or returned
   * by a named factory.
   */
  protected findKeyDecorators(): void {
    for (const node of this.order) {
      // A Proxy handler's `get(target, prop)` forwards its importers' reads; it decorates nothing.
      if (!isMember(node) || !node.computed || !this.isEnvObject(node.object) || this.isForwarded(node)) continue;
      const key = unwrap(node.property);
      const decorator = key.type === 'Identifier' ? enclosingFunction(node, this.parents) : undefined;
      const second = decorator?.params[1];
      if (!decorator || second?.type !== 'Identifier' || key.type !== 'Identifier' || second.name !== key.name || isMutatedIn(key.name, decorator.body))
        continue;
      const own = functionName(decorator, this.parents);
      const parent = this.parentOf(decorator);
      const factory =
        parent?.type === 'ArrowFunctionExpression' && parent.body === decorator
          ? parent
          : parent?.type === 'ReturnStatement'
            ? enclosingFunction(parent, this.parents)
            : undefined;
      const factoryName = factory ? functionName(factory, this.parents) : undefined;
      const name = own ?? factoryName;
      if (name === undefined) continue;
      this.keyDecorators.set(name, own === undefined);
      this.decoratorReads.set(node, name);
    }
  }

  protected parentOf(node: t.Node): t.Node | undefined {
    return this.parents.get(node);
  }

  /** Inside a configured helper's body or an env wrapper's Proxy handler: the name comes from the reads we already follow. */
  protected isForwarded(node: t.Node): boolean {
    for (let current = this.parentOf(node); current; current = this.parentOf(current)) {
      if (this.wrapperHandlers.has(current)) return true;
      if (isFunctionLike(current)) {
        const name = functionName(current, this.parents);
        if (name !== undefined && this.helpers.has(name)) return true;
      }
    }
    return false;
  }

  protected findImports(): void {
    for (const statement of this.sourceFile.ast.program.body) {
      if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type' || statement.importKind === 'typeof') continue;
      const specifier = statement.source.value;
      if (PROCESS_MODULES.has(specifier)) {
        for (const binding of statement.specifiers) {
          if (binding.type !== 'ImportSpecifier') this.processNames.add(binding.local.name);
          else if (nameText(binding.imported) === 'env') this.envObjects.set(binding.local.name, new Set());
        }
        continue;
      }
      for (const binding of statement.specifiers) {
        if (binding.type === 'ImportDefaultSpecifier') this.imports.push({ local: binding.local.name, specifier, imported: 'default' });
        else if (binding.type === 'ImportNamespaceSpecifier') this.imports.push({ local: binding.local.name, specifier, imported: '*' });
        else if (binding.importKind !== 'type' && binding.importKind !== 'typeof')
          this.imports.push({ local: binding.local.name, specifier, imported: nameText(binding.imported) });
      }
    }
  }

  /** `const env = process.env`, `{ ...process.env }`, `new Proxy(process.env, …)`, `const { env } = process`, and same-file constants. */
  protected findAliasesAndConstants(): void {
    const importNames = new Set(this.imports.map((entry) => entry.local));
    for (const node of this.order) {
      const parent = this.parents.get(node);
      if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && parent && importNames.has(node.name)) this.importNameUses.push({ node, parent });
      // A Proxy over the environment anywhere (`export default new Proxy(…)`): its handler forwards reads.
      if (node.type === 'NewExpression') this.wrapperKeys(node);
      // `function load({ A, ...rest } = process.env)`: `rest` holds every other variable.
      if (node.type === 'AssignmentPattern' && node.left.type === 'ObjectPattern' && this.isEnvObject(node.right)) this.recordRest(node.left);
      if (node.type !== 'VariableDeclarator' || !node.init) continue;
      const initializer = unwrap(node.init);
      if (node.id.type === 'Identifier') {
        const name = node.id.name;
        if (isProcessRequire(initializer)) this.processNames.add(name); // `const proc = require('process')`
        this.recordDeclaration(name, node.init);
        const wrapped = this.wrapperKeys(initializer);
        if (wrapped) this.envObjects.set(name, wrapped);
        const literal = this.literalValue(initializer);
        if (literal !== undefined) this.recordConstant(name, literal);
        else if (initializer.type === 'ObjectExpression' && !wrapped) this.recordObjectConstant(name, initializer);
      } else if (node.id.type === 'ObjectPattern') {
        const elements = node.id.properties;
        if (this.isProcess(initializer)) {
          // `const { env } = process`, `const { env } = require('node:process')`; a nested pattern is read in collectDestructuring.
          for (const element of elements) {
            if (element.type !== 'ObjectProperty' || propertyNameOf(element) !== 'env') continue;
            const binding = bindingOf(element);
            if (binding.type === 'Identifier') this.envObjects.set(binding.name, new Set());
            else if (binding.type === 'ObjectPattern') this.recordRest(binding);
          }
        } else if (this.isEnvObject(initializer)) {
          this.recordRest(node.id);
        }
      }
    }
  }

  /** `const { A, ...rest } = process.env`: `rest` holds every other variable. */
  protected recordRest(pattern: t.ObjectPattern): void {
    const elements = pattern.properties;
    const rest = elements.find((element): element is t.RestElement => element.type === 'RestElement');
    if (rest && rest.argument.type === 'Identifier') {
      const taken = elements
        .map((element) => (element.type === 'ObjectProperty' ? propertyNameOf(element) : undefined))
        .filter((key): key is string => key !== undefined);
      this.envObjects.set(rest.argument.name, new Set(taken));
    }
  }

  /** The own keys when `expression` is an env object or a wrapper of one, else undefined. */
  protected wrapperKeys(expression: t.Node): ReadonlySet<string> | undefined {
    const inner = unwrap(expression);
    if (this.isEnvObject(inner)) return this.ownKeysOf(inner);
    // `process.env || {}`, `process.env ?? {}`: a guard for runtimes without it, the same object where it exists.
    if (
      isFallback(inner) &&
      unwrap(inner.right).type === 'ObjectExpression' &&
      (unwrap(inner.right) as t.ObjectExpression).properties.length === 0 &&
      this.isEnvObject(inner.left)
    ) {
      return this.ownKeysOf(inner.left);
    }
    // `typeof window === "undefined" ? process.env : window.env` (outline's shared/env.ts), `environment ?? process.env`
    // (formbricks' getAIEnvironment): where the env branch is taken the reads through the value are env reads; where
    // the other is, they read another object, and counting them as variables only adds names (over-inclusive, safe).
    const branches = inner.type === 'ConditionalExpression' ? [inner.consequent, inner.alternate] : isFallback(inner) ? [inner.left, inner.right] : undefined;
    if (branches) {
      const keys = branches.map((branch) => this.wrapperKeys(branch)).filter((each): each is ReadonlySet<string> => each !== undefined);
      const [first, second] = keys;
      if (first === undefined) return undefined;
      // A key is the wrapper's own (not a variable) only when every env branch defines it.
      return second === undefined ? first : new Set([...first].filter((key) => second.has(key)));
    }
    if (inner.type === 'ObjectExpression') {
      const spreadsEnv = inner.properties.some((property) => property.type === 'SpreadElement' && this.isEnvObject(property.argument));
      if (!spreadsEnv) return undefined;
      // Keys written after the spread override it; all explicit keys are the wrapper's own (read where defined).
      const keys = inner.properties
        .map((property) => (property.type === 'SpreadElement' ? undefined : literalKeyName(property)))
        .filter((key): key is string => key !== undefined);
      return new Set(keys);
    }
    // `withFileSecrets(process.env)` (outline 1.9): a same-file function that returns a Proxy over its parameter.
    if (isCall(inner) && inner.callee.type === 'Identifier') {
      const position = this.wrappingParameter(inner.callee.name);
      const argument = position === undefined ? undefined : inner.arguments[position];
      if (argument !== undefined && argument.type !== 'SpreadElement' && this.isEnvObject(argument)) return this.ownKeysOf(argument);
    }
    if (inner.type === 'NewExpression' && inner.callee.type === 'Identifier' && inner.callee.name === 'Proxy') {
      const [target, handler] = inner.arguments;
      if (target === undefined || handler === undefined) return undefined;
      if (this.isEnvObject(target) || this.forwardsEnv(handler)) {
        this.wrapperHandlers.add(handler);
        return new Set();
      }
    }
    return undefined;
  }

  /**
   * The position of the parameter a same-file function wraps: defined once (a function declaration or
   * a `const`), and every return (an arrow's body) is `new Proxy(param, handler)` over that parameter,
   * never reassigned. Its call over an env object is then a wrapper of it, as `new Proxy(process.env, …)`
   * is (outline 1.9's `export default withFileSecrets(process.env)`); the handler forwards the reads.
   */
  protected wrappingParameter(name: string): number | undefined {
    const definitions = this.order.filter(
      (node): node is FunctionLike =>
        isFunctionLike(node) &&
        (node.type === 'FunctionDeclaration' || this.parentOf(node)?.type === 'VariableDeclarator') &&
        functionName(node, this.parents) === name,
    );
    const [definition] = definitions;
    if (definitions.length !== 1 || definition === undefined) return undefined;
    const { values: returned, bare } = ownReturns(definition);
    if (bare || returned.length === 0) return undefined;
    let position: number | undefined;
    const handlers: t.Node[] = [];
    for (const expression of returned) {
      const proxy = unwrap(expression);
      if (proxy.type !== 'NewExpression' || proxy.callee.type !== 'Identifier' || proxy.callee.name !== 'Proxy') return undefined;
      const [target, handler] = proxy.arguments;
      const wrapped = target === undefined ? undefined : unwrap(target);
      if (wrapped?.type !== 'Identifier' || handler === undefined) return undefined;
      const at = definition.params.findIndex((parameter) => parameterName(parameter) === wrapped.name);
      if (at < 0 || (position !== undefined && position !== at)) return undefined;
      position = at;
      handlers.push(handler);
    }
    const parameter = position === undefined ? undefined : definition.params[position];
    if (parameter === undefined || parameter.type === 'RestElement' || isReassignedIn(parameterName(parameter)!, definition.body)) return undefined;
    for (const handler of handlers) this.wrapperHandlers.add(handler);
    return position;
  }

  /** This file's functions named `name` that a declaration or a variable defines (`function f`, `const f = () => …`). */
  protected functionDefinitions(name: string): readonly FunctionLike[] {
    if (!this.definitionsByName) {
      this.definitionsByName = new Map();
      for (const node of this.order) {
        if (!isFunctionLike(node) || (node.type !== 'FunctionDeclaration' && this.parentOf(node)?.type !== 'VariableDeclarator')) continue;
        const own = functionName(node, this.parents);
        if (own === undefined) continue;
        const list = this.definitionsByName.get(own) ?? [];
        list.push(node);
        this.definitionsByName.set(own, list);
      }
    }
    return this.definitionsByName.get(name) ?? [];
  }

  /**
   * The function of this file named `name` when it is an env source: defined once (not imported, never
   * reassigned), and every value it returns is an env object or a wrapper of one (formbricks'
   * `getAIEnvironment = (environment?) => environment ?? process.env`). What is read off its calls is
   * read where they are ({@link isEnvSourceCall}); a call's result that goes elsewhere, or the function
   * used other than called, is reported where that happens (read-collector.ts).
   */
  protected envSourceDefinition(name: string): FunctionLike | undefined {
    if (this.envSourceVerdicts.has(name)) return this.envSourceVerdicts.get(name) ? this.functionDefinitions(name)[0] : undefined;
    const definitions = this.functionDefinitions(name);
    const [definition] = definitions;
    if (definitions.length !== 1 || definition === undefined || this.imports.some((entry) => entry.local === name)) return undefined;
    if (definition.type === 'FunctionDeclaration' && isReassignedIn(name, this.sourceFile.ast.program)) return undefined;
    this.envSourceVerdicts.set(name, undefined); // a function that returns its own call decides nothing
    const { values: returned, bare } = ownReturns(definition);
    const verdict = !bare && returned.length > 0 && returned.every((expression) => this.wrapperKeys(expression) !== undefined);
    this.envSourceVerdicts.set(name, verdict);
    return verdict ? definition : undefined;
  }

  /** A call of an env source: of this file ({@link envSourceDefinition}) or linked from another (`envSources`). */
  protected isEnvSourceCall(node: t.Node): boolean {
    if (!isCall(node)) return false;
    const callee = unwrap(node.callee);
    const path = dottedPath(callee);
    if (path === undefined) return false;
    if (this.envSourceNames.has(path)) return true;
    return callee.type === 'Identifier' && this.envSourceDefinition(callee.name) !== undefined;
  }

  /** A Proxy handler that answers a property from `process.env[prop]`. */
  protected forwardsEnv(handler: t.Node): boolean {
    let found = false;
    walk(handler, (node) => {
      if (found) return false;
      if (isMember(node) && node.computed && this.isEnvObject(node.object)) {
        found = true;
        return false;
      }
      return true;
    });
    return found;
  }

  protected exportFacts(): Map<string, ExportFact> {
    const facts = new Map<string, ExportFact>();
    const importOf = (local: string) => this.imports.find((entry) => entry.local === local);
    const factOfLocal = (local: string): ExportFact | undefined => {
      const factory = this.keyDecorators.get(local);
      if (factory !== undefined && !this.imports.some((entry) => entry.local === local)) return { kind: 'keyDecorator', factory };
      if (this.envSourceDefinition(local) !== undefined) return { kind: 'envSource' };
      const envKeys = this.envObjects.get(local);
      if (envKeys) return { kind: 'env', ownKeys: [...envKeys].sort(compareText) };
      if (this.constants.has(local)) return { kind: 'constant', value: this.constants.get(local)! };
      const prefix = `${local}.`;
      const values = Object.fromEntries([...this.constants].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]));
      if (Object.keys(values).length > 0) return { kind: 'object', values };
      const imported = importOf(local);
      return imported ? { kind: 'reexport', specifier: imported.specifier, imported: imported.imported } : undefined;
    };
    const factOfExpression = (expression: t.Node): ExportFact | undefined => {
      const inner = unwrap(expression);
      if (inner.type === 'Identifier') return factOfLocal(inner.name);
      const wrapped = this.wrapperKeys(inner);
      if (wrapped) return { kind: 'env', ownKeys: [...wrapped].sort(compareText) };
      const literal = this.literalValue(inner);
      return literal === undefined ? undefined : { kind: 'constant', value: literal };
    };
    const set = (name: string, fact: ExportFact | undefined) => {
      if (fact) facts.set(name, fact);
    };
    for (const statement of this.sourceFile.ast.program.body) {
      if (statement.type === 'ExportNamedDeclaration') {
        if (statement.declaration) {
          // `export function getEnv() { return process.env; }`: an env source, read off its calls in the importers.
          if (statement.declaration.type === 'FunctionDeclaration' && statement.declaration.id) {
            const name = statement.declaration.id.name;
            if (this.envSourceDefinition(name) !== undefined) set(name, { kind: 'envSource' });
          }
          if (statement.declaration.type !== 'VariableDeclaration') continue;
          for (const declaration of statement.declaration.declarations) {
            if (declaration.id.type === 'Identifier') set(declaration.id.name, factOfLocal(declaration.id.name));
          }
        } else if (statement.exportKind !== 'type') {
          // `export * as ns from …` is a namespace, not named exports: as before, not followed.
          if (statement.specifiers.some((specifier) => specifier.type !== 'ExportSpecifier')) continue;
          const from = statement.source?.value;
          for (const specifier of statement.specifiers) {
            if (specifier.type !== 'ExportSpecifier') continue;
            const local = nameText(specifier.local);
            set(nameText(specifier.exported), from === undefined ? factOfLocal(local) : { kind: 'reexport', specifier: from, imported: local });
          }
        }
      } else if (statement.type === 'ExportDefaultDeclaration') {
        // `export default function …` / `class …` declare a binding, not an expression (as before, not followed).
        const declaration = statement.declaration;
        if (declaration.type !== 'FunctionDeclaration' && declaration.type !== 'ClassDeclaration' && declaration.type !== 'TSDeclareFunction')
          set('default', factOfExpression(declaration));
      } else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression' && statement.expression.operator === '=') {
        // CommonJS: `module.exports = process.env`.
        if (this.textOf(statement.expression.left) === 'module.exports') set('default', factOfExpression(statement.expression.right));
      }
    }
    return facts;
  }

  /** Imports whose binding is used as a value (read, destructured, a default): the ones that may be env objects or constants. */
  protected valueImports(): ImportFact[] {
    const used = new Set<string>();
    for (const { node, parent } of this.importNameUses) {
      // The import statements' own names are bindings, not uses.
      if (IMPORT_PARTS.has(parent.type)) continue;
      if (node.type === 'Identifier') {
        // Called too (`getAIEnvironment(x).AI_MODEL`, `shared.getEnv()`): a called import may be an env source.
        if (isValueUse(node, this.parents) || this.isCalledImport(node, parent)) used.add(node.name);
      } else if ((parent.type === 'JSXMemberExpression' && parent.object === node) || (parent.type === 'JSXAttribute' && parent.name === node)) {
        // `<ns.Component />` reads `ns`; an attribute's name was counted too (over-inclusive: it only links one more import).
        used.add(node.name);
      }
    }
    return this.imports.filter((entry) => used.has(entry.local));
  }

  /** `f(…)`, `ns.f(…)` (also optional calls): the import named is called, directly or as a namespace's member. */
  private isCalledImport(node: t.Identifier, parent: t.Node): boolean {
    if (isCall(parent) && parent.callee === node) return true;
    if (!isMember(parent) || parent.object !== node || parent.computed) return false;
    const call = this.parentOf(parent);
    return call !== undefined && isCall(call) && call.callee === parent;
  }

  /** A name bound twice with different values is ambiguous without scope analysis: it resolves to nothing. */
  protected recordConstant(name: string, value: string | null): void {
    if (this.constants.has(name) && this.constants.get(name) !== value) this.constants.set(name, null);
    else this.constants.set(name, value);
  }

  /** `const DEFAULTS = { port: 3000 }`: `DEFAULTS.port` is a constant. */
  protected recordObjectConstant(name: string, object: t.ObjectExpression): void {
    for (const property of object.properties) {
      if (property.type !== 'ObjectProperty' || property.shorthand) continue;
      const key = literalKeyName(property);
      const value = this.literalValue(property.value);
      if (key !== undefined && value !== undefined) this.recordConstant(`${name}.${key}`, value);
    }
  }

  protected recordDeclaration(name: string, initializer: t.Node): void {
    this.declarations.set(name, this.declarations.has(name) ? null : initializer);
  }

  /** `process.env`, `proc.env`, an alias or wrapper of it, or a configured object, through parentheses and type assertions. */
  isEnvObject(expression: t.Node): boolean {
    const node = unwrap(expression);
    if (node.type === 'Identifier') return this.envObjects.has(node.name);
    if (isCall(node)) return this.isEnvSourceCall(node);
    if (isMember(node) && isEnvProperty(node)) {
      const target = unwrap(node.object);
      if (this.isProcess(target)) return true;
      // Bun's own name for the same object.
      if (!node.computed && target.type === 'Identifier' && target.name === 'Bun') return true;
    }
    // Dotted paths (`this.config.env`, `ns.env`) are rare: build the path only when one is known.
    if (!this.dottedObjects) return false;
    const path = dottedPath(node);
    return path !== undefined && this.envObjects.has(path);
  }

  /** `process` (or its import), `globalThis.process`, `global.process`, `require('process')`. */
  protected isProcess(node: t.Node): boolean {
    if (node.type === 'Identifier') return this.processNames.has(node.name);
    if (isMember(node) && !node.computed && memberName(node) === 'process') {
      const global = unwrap(node.object);
      return global.type === 'Identifier' && (global.name === 'globalThis' || global.name === 'global');
    }
    return isProcessRequire(node);
  }

  protected ownKeysOf(expression: t.Node): ReadonlySet<string> {
    const path = dottedPath(unwrap(expression));
    return (path === undefined ? undefined : this.envObjects.get(path)) ?? new Set();
  }

  /** The text of a literal default (`'x'`, `10`, `true`, `-1`, a constant holding one); null for `undefined`/`null`; undefined if not a literal. */
  // A default's text as the env surface records it, through this file's and linked constants (a table built across files, module-links.ts); the arithmetic is the toolkit's (src/syntax/constants.ts).
  literalValue(node: t.Node): string | null | undefined {
    const inner = unwrap(node);
    const literal = literalConstant(inner);
    if (literal !== undefined) return literal === null ? null : String(literal);
    switch (inner.type) {
      case 'TemplateLiteral':
        return undefined;
      case 'UnaryExpression':
        return isNegativeNumber(inner) ? `-${String((inner.argument as t.NumericLiteral).value)}` : undefined;
      case 'BinaryExpression':
        return ARITHMETIC.has(inner.operator) ? this.foldArithmetic(inner) : undefined;
      case 'Identifier':
        if (inner.name === 'undefined') return null;
        break;
      default:
        if (!(isMember(inner) && !inner.computed)) return undefined;
    }
    const path = dottedPath(inner);
    return path !== undefined && this.constants.has(path) ? this.constants.get(path) : undefined;
  }

  /** `1000 * 60 * 10` as a default (or a constant holding it) is `'600000'`. */
  protected foldArithmetic(expression: t.BinaryExpression): string | undefined {
    // Numbers only: `'10' + 5` is string concatenation, so operands must be numeric expressions themselves.
    if (!isNumericExpression(expression.left) || !isNumericExpression(expression.right)) return undefined;
    const [left, right] = [this.literalValue(expression.left), this.literalValue(expression.right)];
    if (typeof left !== 'string' || typeof right !== 'string') return undefined;
    const value = binaryConstant(expression.operator, Number(left), Number(right));
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  }
}
