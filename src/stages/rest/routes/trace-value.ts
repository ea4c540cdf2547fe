import { createHash } from 'node:crypto';
import { resolveImport, type ModuleLayout } from '../../../syntax/modules.js';
import { ownReturns } from '../../../syntax/ast.js';
import { walk } from '../../../syntax/parse.js';
import type { Side } from '../../contract.js';
import type { Differential } from '../../differential.js';
import { expressionDependencies, patternDeclarator } from './expression-deps.js';
import { FileSyntax, declarationOf, parseSource, unwrap, type t } from './syntax.js';
import type { ExpressionDeps } from './types.js';

/**
 * A route path that flows in from callers, read through them (issue 30, "read through the call
 * site"): lightdash's `app.get(path, …)` with `const { path } = this.config`, `this.config` set by the
 * constructor from the value every `new PrometheusMetrics(this.lightdashConfig.prometheus)` passes,
 * and so on up to `process.env.LIGHTDASH_PROMETHEUS_PATH || '/metrics'` in `parseConfig()`'s one
 * `return { … }`. The value is followed by its property path (`lightdashConfig.prometheus.path`), so a
 * changed file on the way (a caller that also passes other arguments, a spread whose function
 * changed) moves it only when what the path reads changed.
 *
 * What is followed, at one ref: same-file `const` declarations (and destructuring); imports to their
 * export; members of object literals (a later spread must provably not set the key: its value is a
 * call of a function whose every `return` is an object literal without that key); `await`; calls of
 * functions without parameters whose body has one `return` (a direct statement of it); `this.field`
 * of a field only the class assigns (private, readonly or `#`), set once by an initializer or a
 * top-level statement of the constructor; a constructor parameter through every `new C(…)` of the
 * ref: the class's own file and every importer, where the class may only be constructed or named in
 * types (a subclass, a re-export, a namespace import, a value use, `require`: not followed). A file
 * with a computed import must be identical at both refs with its closure. Anything else is a leaf,
 * read by the per-route differential (its own text, same-file declarations, imports unchanged; no
 * inflow). The result is a token of every step and leaf: the same token at both refs is the same
 * value. Not modelled, as for every per-route read: an object mutated after it is built.
 */

export interface TraceFiles {
  side: Side;
  has(path: string): boolean;
  read(path: string): Promise<string | undefined>;
  layout(): Promise<ModuleLayout>;
}

export type LeafCheck = (path: string, deps: ExpressionDeps) => Promise<{ unchanged: true; token: string } | { unchanged: false; why: string }>;

export type Traced = { token: string } | { why: string };

const MAX_STEPS = 400;
const MAX_DEPTH = 24;

export async function traceValue(
  files: TraceFiles,
  differential: Differential,
  leaf: LeafCheck,
  path: string,
  text: string,
  start: number,
  end: number,
): Promise<Traced> {
  const tracer = new Tracer(files, differential, leaf);
  const file = tracer.parsed(path, text);
  if (!file) return { why: `${path} cannot be parsed` };
  let found: t.Node | undefined;
  walk(file.source.ast.program, (node) => {
    if (found || (node.start ?? -1) > start || (node.end ?? -1) < end) return false;
    if (node.start === start && node.end === end) found = node;
    return undefined;
  });
  if (!found) return { why: 'the expression is not found again' };
  const traced = await tracer.trace(path, file, found, [], 0);
  if ('why' in traced) return traced;
  return { token: createHash('sha256').update(traced.token).digest('hex').slice(0, 16) };
}

type Resolved =
  | { kind: 'value'; path: string; file: FileSyntax; node: t.Node; props: string[] }
  | { kind: 'function'; path: string; file: FileSyntax; fn: t.Node }
  | { kind: 'leaf' }
  | { kind: 'why'; why: string };

class Tracer {
  private readonly files = new Map<string, FileSyntax | undefined>();
  private steps = 0;

  constructor(
    private readonly side: TraceFiles,
    private readonly differential: Differential,
    private readonly leafCheck: LeafCheck,
  ) {}

  parsed(path: string, text: string): FileSyntax | undefined {
    if (!this.files.has(path)) {
      const result = parseSource(text, path);
      this.files.set(path, result.ok ? new FileSyntax(result.source) : undefined);
    }
    return this.files.get(path);
  }

  private async load(path: string): Promise<FileSyntax | undefined> {
    if (this.files.has(path)) return this.files.get(path);
    const text = await this.side.read(path);
    return text === undefined ? undefined : this.parsed(path, text);
  }

  async trace(path: string, file: FileSyntax, expression: t.Node, props: string[], depth: number): Promise<Traced> {
    this.steps += 1;
    if (depth > MAX_DEPTH || this.steps > MAX_STEPS) return { why: `the value is followed too far (${path})` };
    const node = unwrap(expression);
    const step = (kind: string, inner: Traced): Traced => ('why' in inner ? inner : { token: `${kind}(${inner.token})` });
    if (node.type === 'AwaitExpression') return step('await', await this.trace(path, file, node.argument, props, depth + 1));
    if (node.type === 'Identifier') {
      const resolved = await this.resolveName(path, file, node, props);
      if (resolved.kind === 'why') return { why: resolved.why };
      if (resolved.kind === 'value')
        return step(`${resolved.path}:${node.name}`, await this.trace(resolved.path, resolved.file, resolved.node, resolved.props, depth + 1));
      if (resolved.kind === 'parameter') return this.traceConstruction(path, file, resolved, props, depth);
      return this.leaf(path, file, node, props);
    }
    if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && props.length <= 8) {
      const name = memberName(node);
      if (name !== undefined) {
        if (node.object.type === 'ThisExpression') return this.traceField(path, file, node, name, props, depth);
        return step(`.${name}`, await this.trace(path, file, node.object, [name, ...props], depth + 1));
      }
    }
    if (node.type === 'ObjectExpression' && props.length > 0) return this.traceProperty(path, file, node, props, depth);
    if (node.type === 'CallExpression' && node.arguments.length === 0 && node.callee.type === 'Identifier') {
      const resolved = await this.resolveName(path, file, node.callee, []);
      if (resolved.kind === 'function') {
        const returned = singleReturn(resolved.fn);
        if (returned === undefined) return { why: `${resolved.path}: what ${node.callee.name}() returns is not one \`return\`` };
        // The whole function as written: a statement before the `return` may change what it returns (`cfg.path = …`).
        return step(
          `${resolved.path}:${node.callee.name}():${foldedText(resolved.file, resolved.fn)}`,
          await this.trace(resolved.path, resolved.file, returned, props, depth + 1),
        );
      }
    }
    return this.leaf(path, file, node, props);
  }

  /** An expression read as a whole by the per-route differential: nothing may flow into it. */
  private async leaf(path: string, file: FileSyntax, node: t.Node, props: string[]): Promise<Traced> {
    const deps = expressionDependencies(file, node);
    if (deps.inflow.length > 0)
      return { why: `${path}:${node.loc?.start.line ?? 0}: ${deps.inflow.map((name) => `\`${name}\``).join(', ')} take their value at run time` };
    const verdict = await this.leafCheck(path, deps);
    if (!verdict.unchanged) return { why: verdict.why };
    return { token: JSON.stringify(['leaf', path, props, verdict.token]) };
  }

  /** What a name stands for: a same-file const (or destructured const), a parameter, an import's export. */
  private async resolveName(path: string, file: FileSyntax, identifier: t.Identifier, props: string[]): Promise<Resolved | ConstructorParameter> {
    const declaration = declarationOf(identifier, file);
    if (declaration === undefined) {
      const destructured = patternDeclarator(identifier, file);
      if (destructured) {
        const key = patternKey(destructured.id, identifier.name);
        if (key === undefined || !destructured.init) return { kind: 'why', why: `${path}: \`${identifier.name}\` is destructured in a way not followed` };
        return { kind: 'value', path, file, node: destructured.init, props: [key, ...props] };
      }
      const binding = file.imports.get(identifier.name);
      if (!binding || binding.exportName === '*') return { kind: 'leaf' };
      return this.resolveExport(path, binding.module, binding.exportName, props, 0);
    }
    if (file.isParameter(declaration)) return this.parameter(path, file, declaration);
    return this.declared(path, file, declaration, props);
  }

  private declared(path: string, file: FileSyntax, declaration: t.Node, props: string[]): Resolved {
    if (declaration.type === 'FunctionDeclaration') return { kind: 'function', path, file, fn: declaration };
    if (declaration.type === 'VariableDeclarator') {
      const statement = file.parentOf(declaration);
      if (statement?.type !== 'VariableDeclaration' || statement.kind !== 'const' || !declaration.init) return { kind: 'leaf' };
      const init = unwrap(declaration.init);
      if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') return { kind: 'function', path, file, fn: init };
      const name = declaration.id.type === 'Identifier' ? declaration.id.name : undefined;
      if (name !== undefined && writesInto(file.source.ast.program, (base) => base.type === 'Identifier' && base.name === name))
        return { kind: 'why', why: `${path}: \`${name}\` is written into after it is declared` };
      return { kind: 'value', path, file, node: declaration.init, props };
    }
    return { kind: 'leaf' };
  }

  private async resolveExport(from: string, specifier: string, exportName: string, props: string[], hops: number): Promise<Resolved> {
    const layout = await this.side.layout();
    const target = resolveImport(from, specifier, this.side.has, layout);
    if (target === undefined) return { kind: 'leaf' };
    const file = await this.load(target);
    if (!file) return { kind: 'why', why: `${target} cannot be read` };
    if (hops > 4) return { kind: 'why', why: `${target}: re-exports followed too far` };
    for (const statement of file.source.ast.program.body) {
      if (exportName === 'default' && statement.type === 'ExportDefaultDeclaration') {
        const declaration = statement.declaration;
        if (declaration.type === 'FunctionDeclaration') return { kind: 'function', path: target, file, fn: declaration };
        if (declaration.type === 'ClassDeclaration' || declaration.type === 'TSDeclareFunction') return { kind: 'leaf' };
        if (declaration.type === 'Identifier') {
          const local = file.declarationsIn(file.source.ast.program)?.get(declaration.name);
          return local ? this.declared(target, file, local, props) : { kind: 'why', why: `${target}: its default export is not followed` };
        }
        return { kind: 'value', path: target, file, node: declaration, props };
      }
      if (statement.type !== 'ExportNamedDeclaration') continue;
      if (statement.declaration) {
        const declaration = statement.declaration;
        if (declaration.type === 'FunctionDeclaration' && declaration.id?.name === exportName) return { kind: 'function', path: target, file, fn: declaration };
        if (declaration.type === 'VariableDeclaration')
          for (const declarator of declaration.declarations)
            if (declarator.id.type === 'Identifier' && declarator.id.name === exportName) return this.declared(target, file, declarator, props);
        continue;
      }
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ExportSpecifier') continue;
        const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
        if (exported !== exportName) continue;
        if (statement.source) return this.resolveExport(target, statement.source.value, specifier.local.name, props, hops + 1);
        const local = file.declarationsIn(file.source.ast.program)?.get(specifier.local.name);
        return local ? this.declared(target, file, local, props) : { kind: 'why', why: `${target}: \`${exportName}\` is not followed` };
      }
    }
    return { kind: 'why', why: `${target}: the export \`${exportName}\` is not found (an \`export *\` is not followed)` };
  }

  // ---- object literals ----------------------------------------------------------------------

  private async traceProperty(path: string, file: FileSyntax, object: t.ObjectExpression, props: string[], depth: number): Promise<Traced> {
    const [key, ...rest] = props as [string, ...string[]];
    let index = -1;
    for (const [position, member] of object.properties.entries()) {
      if (member.type === 'SpreadElement') continue;
      if (member.computed) return { why: `${path}: an object with a computed key` };
      if (keyName(member.key) === key) index = position;
    }
    const member = object.properties[index];
    if (member?.type !== 'ObjectProperty') return { why: `${path}:${object.loc?.start.line ?? 0}: \`${key}\` is not a plain property of the object` };
    // A spread after the property may set it again.
    for (const later of object.properties.slice(index + 1))
      if (later.type === 'SpreadElement' && !(await this.keyless(path, file, later.argument, key)))
        return { why: `${path}:${later.loc?.start.line ?? 0}: the spread \`${file.text(later.argument)}\` may set \`${key}\`` };
    const inner = await this.trace(path, file, member.value, rest, depth + 1);
    return 'why' in inner ? inner : { token: `{${key}:${inner.token}}` };
  }

  /** Whether a spread value can never hold `key`: object literals without it, directly or as what a function returns (each `return`). */
  private async keyless(path: string, file: FileSyntax, expression: t.Node, key: string): Promise<boolean> {
    let node = unwrap(expression);
    if (node.type === 'AwaitExpression') node = unwrap(node.argument);
    if (node.type === 'ObjectExpression') return literalWithout(node, key);
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier') return false;
    const resolved = await this.resolveName(path, file, node.callee, []);
    if (resolved.kind !== 'function') return false;
    const returned = returnsOf(resolved.fn);
    return returned !== undefined && returned.length > 0 && returned.every((value) => value.type === 'ObjectExpression' && literalWithout(value, key));
  }

  // ---- this.field and constructor parameters ------------------------------------------------

  private async traceField(path: string, file: FileSyntax, access: t.Node, name: string, props: string[], depth: number): Promise<Traced> {
    let body: t.ClassBody | undefined;
    for (let scope = file.parentOf(access); scope && !body; scope = file.parentOf(scope)) if (scope.type === 'ClassBody') body = scope;
    if (!body) return { why: `${path}: \`this.${name}\` outside a class` };
    let closed = name.startsWith('#');
    const sources: { node: t.Node; parameter?: t.Node }[] = [];
    let constructor: t.ClassMethod | undefined;
    for (const member of body.body) {
      if (member.type === 'ClassProperty' && !member.computed && keyName(member.key) === name) {
        if (member.readonly || member.accessibility === 'private') closed = true;
        if (member.value) sources.push({ node: member.value });
      } else if (member.type === 'ClassPrivateProperty' && `#${member.key.id.name}` === name && member.value) sources.push({ node: member.value });
      else if (member.type === 'ClassMethod' && member.kind === 'constructor') {
        constructor = member;
        for (const param of member.params)
          if (param.type === 'TSParameterProperty' && param.parameter.type === 'Identifier' && param.parameter.name === name) {
            if (param.readonly || param.accessibility === 'private') closed = true;
            sources.push({ node: param, parameter: param });
          }
      }
    }
    if (!closed) return { why: `${path}:${access.loc?.start.line ?? 0}: \`this.${name}\` may be assigned outside its class` };
    let unfollowed = false;
    walk(body, (node, parent) => {
      if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && memberName(node) === name) {
        // A write through anything but a plain `this` (`(this as T).field =`, `self.field =`) is not followed.
        const plain = node.object.type === 'ThisExpression';
        if (parent?.type === 'AssignmentExpression' && parent.left === node) {
          if (!plain) unfollowed = true;
          const statement = file.parentOf(parent);
          if (plain && parent.operator === '=' && statement?.type === 'ExpressionStatement' && constructor && file.parentOf(statement) === constructor.body)
            sources.push({ node: parent.right });
          else unfollowed = true;
        } else if (
          parent?.type === 'UpdateExpression' ||
          parent?.type === 'ArrayPattern' ||
          parent?.type === 'RestElement' ||
          (parent?.type === 'AssignmentPattern' && parent.left === node) ||
          (parent?.type === 'ObjectProperty' && parent.value === node && file.parentOf(parent)?.type === 'ObjectPattern')
        )
          unfollowed = true; // written by a destructuring assignment or `++`
      }
      return undefined;
    });
    if (
      writesInto(
        body,
        (base) =>
          (base.type === 'MemberExpression' || base.type === 'OptionalMemberExpression') &&
          unwrap(base.object).type === 'ThisExpression' &&
          memberName(base) === name,
      )
    )
      return { why: `${path}:${access.loc?.start.line ?? 0}: the class writes into \`this.${name}\`` };
    if (unfollowed || sources.length !== 1) return { why: `${path}:${access.loc?.start.line ?? 0}: \`this.${name}\` is not set once by its class` };
    const [source] = sources as [{ node: t.Node; parameter?: t.Node }];
    if (source.parameter) {
      const resolved = await this.parameter(path, file, source.parameter);
      if (resolved.kind !== 'parameter') return { why: `${path}: \`this.${name}\` is not followed` };
      return this.traceConstruction(path, file, resolved, props, depth);
    }
    const inner = await this.trace(path, file, source.node, props, depth + 1);
    return 'why' in inner ? inner : { token: `this.${name}(${inner.token})` };
  }

  /** A constructor's parameter: the class and the position its callers fill. */
  private parameter(path: string, file: FileSyntax, parameter: t.Node): Resolved | ConstructorParameter {
    const fn = file.parentOf(parameter);
    const named = parameter.type === 'TSParameterProperty' ? parameter.parameter : parameter;
    if (fn?.type !== 'ClassMethod' || fn.kind !== 'constructor' || named.type !== 'Identifier')
      return { kind: 'why', why: `${path}:${parameter.loc?.start.line ?? 0}: a parameter of a function: its callers are not followed` };
    const body = file.parentOf(fn);
    const declaration = body && file.parentOf(body);
    const holder = declaration && file.parentOf(declaration);
    const topLevel =
      holder?.type === 'Program' ||
      ((holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration') && file.parentOf(holder)?.type === 'Program');
    if (declaration?.type !== 'ClassDeclaration' || !declaration.id || !topLevel)
      return { kind: 'why', why: `${path}:${parameter.loc?.start.line ?? 0}: the class is not declared by name at the top of its file` };
    return { kind: 'parameter', className: declaration.id.name, declaration, index: fn.params.indexOf(parameter as (typeof fn.params)[number]) };
  }

  private async traceConstruction(path: string, file: FileSyntax, parameter: ConstructorParameter, props: string[], depth: number): Promise<Traced> {
    const sites = await this.constructionSites(path, file, parameter);
    if ('why' in sites) return sites;
    const tokens: string[] = [];
    for (const site of sites.sites) {
      const args = site.call.arguments;
      if (args.slice(0, parameter.index + 1).some((argument) => argument.type === 'SpreadElement'))
        return { why: `${site.path}:${site.call.loc?.start.line ?? 0}: \`new ${parameter.className}(…)\` spreads its arguments` };
      const argument = args[parameter.index];
      if (argument === undefined) {
        tokens.push(`${site.path}:absent`);
        continue;
      }
      const inner = await this.trace(site.path, site.file, argument, props, depth + 1);
      if ('why' in inner) return inner;
      tokens.push(`${site.path}:${inner.token}`);
    }
    return { token: `new ${parameter.className}#${parameter.index}[${tokens.sort().join(',')}]` };
  }

  /** Every `new C(…)` of the ref: in C's file and in each importer, where C may only be constructed or named as a type. */
  private async constructionSites(path: string, file: FileSyntax, parameter: ConstructorParameter): Promise<{ sites: Site[] } | { why: string }> {
    const importers = await this.differential.importersAt(this.side.side, path);
    if ('why' in importers) return importers;
    // A file that loads a module by a computed name may load this one: it must be the same at both
    // refs and construct nothing from what it loads (every `new X(…)` names a global, an import or a class of its own).
    for (const loader of importers.computed) {
      const [before, after] = await Promise.all([this.differential.closureOf('base', loader), this.differential.closureOf('head', loader)]);
      const blob = before.files.get(loader);
      const text = blob !== undefined && blob === after.files.get(loader) ? await this.load(loader) : undefined;
      if (!text || !constructsOnlyKnown(text)) return { why: `${loader} imports a module whose name is computed: it may construct ${parameter.className}` };
    }
    const exported = exportNamesOf(file, parameter.className, parameter.declaration);
    const sites: Site[] = [];
    const own = usesOf(file, parameter.className, parameter.declaration);
    if ('why' in own) return { why: `${path}: ${own.why}` };
    sites.push(...own.calls.map((call) => ({ path, file, call })));
    const layout = await this.side.layout();
    for (const importer of importers.importers) {
      if (importer === path) continue;
      const other = await this.load(importer);
      if (!other) return { why: `${importer} imports ${path} and cannot be read` };
      const locals: string[] = [];
      let bound = false;
      for (const statement of other.source.ast.program.body) {
        const source = 'source' in statement && statement.source ? statement.source.value : undefined;
        if (source === undefined || resolveImport(importer, source, this.side.has, layout) !== path) continue;
        bound = true;
        if (statement.type !== 'ImportDeclaration') return { why: `${importer} re-exports from ${path}` };
        if (statement.importKind === 'type') continue;
        for (const specifier of statement.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') return { why: `${importer} imports ${path} as a namespace` };
          if (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type') continue;
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : specifier.imported.value;
          if (exported.has(imported)) locals.push(specifier.local.name);
        }
      }
      if (!bound || requiresOrLoads(other, importer, path, this.side.has, layout))
        return { why: `${importer} loads ${path} other than by an import declaration` };
      for (const local of locals) {
        const uses = usesOf(other, local);
        if ('why' in uses) return { why: `${importer}: ${uses.why}` };
        sites.push(...uses.calls.map((call) => ({ path: importer, file: other, call })));
      }
    }
    return { sites };
  }
}

interface ConstructorParameter {
  kind: 'parameter';
  className: string;
  declaration: t.ClassDeclaration;
  index: number;
}

interface Site {
  path: string;
  file: FileSyntax;
  call: t.NewExpression;
}

const VALUE_WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'TSInstantiationExpression']);

/**
 * The `new C(…)` of a class name in a file, where every other use is a type, the import or export
 * that names it, or the declaration itself; any other use (a subclass, a value passed on) stops it.
 */
function usesOf(file: FileSyntax, name: string, declaration?: t.ClassDeclaration): { calls: t.NewExpression[] } | { why: string } {
  const calls: t.NewExpression[] = [];
  let why: string | undefined;
  file.walk((node, parent) => {
    if (why || node.type !== 'Identifier' || node.name !== name || !parent) return;
    if (declaration && node === declaration.id) return;
    if (parent.type.startsWith('TS') && !(VALUE_WRAPPERS.has(parent.type) && (parent as { expression?: t.Node }).expression === node)) return; // a type
    if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === node && !parent.computed) return;
    if (
      (parent.type === 'ObjectProperty' || parent.type === 'ClassProperty' || parent.type === 'ClassMethod' || parent.type === 'ObjectMethod') &&
      parent.key === node &&
      !parent.computed &&
      !(parent.type === 'ObjectProperty' && parent.shorthand)
    )
      return;
    if (parent.type === 'ImportDefaultSpecifier' || parent.type === 'ImportSpecifier') return;
    if (
      parent.type === 'ExportSpecifier' &&
      parent.local === node &&
      file.parentOf(parent)?.type === 'ExportNamedDeclaration' &&
      !(file.parentOf(parent) as t.ExportNamedDeclaration).source
    )
      return;
    if (parent.type === 'ExportDefaultDeclaration') return;
    // A name shadowed by a local declaration is another value.
    if (declarationOf(node, file) !== undefined && declarationOf(node, file) !== declaration) return;
    if (parent.type === 'NewExpression' && parent.callee === node) {
      calls.push(parent);
      return;
    }
    why = `line ${node.loc?.start.line ?? 0}: \`${name}\` is used other than by \`new ${name}(…)\``;
  });
  return why ? { why } : { calls };
}

/** Whether code under `root` assigns to a member reached from a base `matches` accepts (`cfg.path = …`, `this.config.port++`). */
function writesInto(root: t.Node, matches: (base: t.Node) => boolean): boolean {
  let found = false;
  walk(root, (node) => {
    if (found) return false;
    const target = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : undefined;
    for (
      let base = target && unwrap(target);
      base && (base.type === 'MemberExpression' || base.type === 'OptionalMemberExpression');
      base = unwrap(base.object)
    )
      if (matches(unwrap(base.object))) found = true;
    return undefined;
  });
  return found;
}

function foldedText(file: FileSyntax, node: t.Node): string {
  return node.start == null || node.end == null ? '' : file.source.text.slice(node.start, node.end).replace(/\s+/g, ' ');
}

/** Whether every `new X(…)` of a file names a global, an import or a class or function it declares (none of them a computed import's value). */
function constructsOnlyKnown(file: FileSyntax): boolean {
  let known = !/\bReflect\s*\.\s*construct\b/.test(file.source.text);
  file.walk((node) => {
    if (!known || node.type !== 'NewExpression') return;
    const callee = unwrap(node.callee);
    if (callee.type !== 'Identifier') {
      known = false;
      return;
    }
    const declaration = declarationOf(callee, file);
    if (declaration === undefined) {
      if (patternDeclarator(callee, file)) known = false;
      return; // a global or a static import
    }
    if (declaration.type !== 'ClassDeclaration' && declaration.type !== 'FunctionDeclaration') known = false;
  });
  return known;
}

/** The names a top-level class is exported under from its file. */
function exportNamesOf(file: FileSyntax, name: string, declaration: t.ClassDeclaration): Set<string> {
  const names = new Set<string>();
  const holder = file.parentOf(declaration);
  if (holder?.type === 'ExportDefaultDeclaration') names.add('default');
  if (holder?.type === 'ExportNamedDeclaration') names.add(name);
  for (const statement of file.source.ast.program.body) {
    if (statement.type === 'ExportDefaultDeclaration' && statement.declaration.type === 'Identifier' && statement.declaration.name === name)
      names.add('default');
    if (statement.type === 'ExportNamedDeclaration' && !statement.source)
      for (const specifier of statement.specifiers)
        if (specifier.type === 'ExportSpecifier' && specifier.local.name === name)
          names.add(specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value);
  }
  return names;
}

/** Whether a file also reaches the module by `require(…)` or `import(…)`. */
function requiresOrLoads(file: FileSyntax, from: string, target: string, has: (path: string) => boolean, layout: ModuleLayout): boolean {
  let found = false;
  file.walk((node) => {
    if (found || node.type !== 'CallExpression') return;
    const loader = node.callee.type === 'Import' || (node.callee.type === 'Identifier' && node.callee.name === 'require');
    const [argument] = node.arguments;
    if (loader && argument?.type === 'StringLiteral' && resolveImport(from, argument.value, has, layout) === target) found = true;
  });
  return found;
}

function memberName(node: t.MemberExpression | t.OptionalMemberExpression): string | undefined {
  if (!node.computed)
    return node.property.type === 'Identifier' ? node.property.name : node.property.type === 'PrivateName' ? `#${node.property.id.name}` : undefined;
  return node.property.type === 'StringLiteral' ? node.property.value : undefined;
}

function keyName(key: t.Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}

/** The key a destructuring pattern binds a plain name from (`{ path }`, `{ path: p }`); undefined otherwise. */
function patternKey(pattern: t.Node, name: string): string | undefined {
  if (pattern.type !== 'ObjectPattern') return undefined;
  for (const property of pattern.properties)
    if (property.type === 'ObjectProperty' && !property.computed && property.value.type === 'Identifier' && property.value.name === name)
      return keyName(property.key);
  return undefined;
}

function literalWithout(object: t.ObjectExpression, key: string): boolean {
  return object.properties.every(
    (member) => member.type !== 'SpreadElement' && !member.computed && keyName(member.key) !== undefined && keyName(member.key) !== key,
  );
}

/** The expression a function without parameters returns when its body has exactly one `return`, a direct statement of it. */
function singleReturn(fn: t.Node): t.Node | undefined {
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  if (fn.params.length > 0 || fn.generator) return undefined;
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const returned = returnsOf(fn);
  const direct = fn.body.body.filter((statement) => statement.type === 'ReturnStatement');
  if (returned?.length !== 1 || direct.length !== 1) return undefined;
  return returned[0];
}

/** Every value the function's own `return`s give (not nested functions'); undefined for a bare `return` or a generator. */
function returnsOf(fn: t.Node): t.Node[] | undefined {
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  if (fn.generator) return undefined;
  const { values, bare } = ownReturns(fn);
  return bare ? undefined : values.map(unwrap);
}
