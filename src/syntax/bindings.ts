import { propertyAccess } from './ast.js';
import { isCall, lineOf, staticString, unwrapExpression, type t } from './parse.js';

/**
 * What a module imports and exports, read from its syntax tree: ES modules (named, default,
 * namespace, re-exports, `export *`, `export * as ns`) and CommonJS (`require`, `module.exports`,
 * `exports.x`). One reading for every reader: the env reads, the routes, the MCP tools and the
 * migrations follow the same edges.
 */

export interface ImportBinding {
  /** The local name (`x` of `import { a as x }`). */
  local: string;
  /** The exported name it stands for: a name, `default`, or `*` for the whole module (namespace, `require`). */
  imported: string;
  specifier: string;
  /** `import type`/`import { type x }`: no value flows. */
  typeOnly: boolean;
  line: number;
}

export type ExportBinding =
  /** Declared here: `export const x = …`, `export { y as x }`, `export default …`, `module.exports.x = …`. */
  | { kind: 'local'; exported: string; local: string | undefined; value: t.Node | undefined; line: number }
  /** Passed on from another module: `export { a as x } from './m'`, `export * as x from './m'` (`imported` is `*`). */
  | { kind: 'reexport'; exported: string; imported: string; specifier: string; line: number };

export interface ModuleBindings {
  imports: ImportBinding[];
  /** By exported name. */
  exports: Map<string, ExportBinding>;
  /** Specifiers of `export * from '…'`: every name they export that is not exported here. */
  starExports: string[];
}

/** The import and export bindings of a parsed file (top level only: imports and exports live there). */
export function moduleBindings(ast: t.File): ModuleBindings {
  const imports: ImportBinding[] = [];
  const exports = new Map<string, ExportBinding>();
  const starExports: string[] = [];
  const declared = new Map<string, t.Node | undefined>();
  for (const statement of ast.program.body) {
    switch (statement.type) {
      case 'ImportDeclaration': {
        const typeOnly = statement.importKind === 'type' || statement.importKind === 'typeof';
        for (const specifier of statement.specifiers) {
          const imported =
            specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportNamespaceSpecifier' ? '*' : exportedName(specifier.imported);
          const specifierTypeOnly = specifier.type === 'ImportSpecifier' && specifier.importKind === 'type';
          imports.push({
            local: specifier.local.name,
            imported,
            specifier: statement.source.value,
            typeOnly: typeOnly || specifierTypeOnly,
            line: lineOf(statement),
          });
        }
        break;
      }
      case 'ExportAllDeclaration':
        if (statement.exportKind !== 'type') starExports.push(statement.source.value);
        break;
      case 'ExportNamedDeclaration': {
        if (statement.exportKind === 'type') break;
        if (statement.source) {
          for (const specifier of statement.specifiers) {
            const exported = exportedName(specifier.exported);
            const imported =
              specifier.type === 'ExportNamespaceSpecifier' ? '*' : specifier.type === 'ExportDefaultSpecifier' ? 'default' : exportedName(specifier.local);
            exports.set(exported, { kind: 'reexport', exported, imported, specifier: statement.source.value, line: lineOf(statement) });
          }
        } else if (statement.declaration) {
          for (const [name, value] of declarationsOf(statement.declaration)) {
            declared.set(name, value);
            exports.set(name, { kind: 'local', exported: name, local: name, value, line: lineOf(statement) });
          }
        } else {
          for (const specifier of statement.specifiers) {
            if (specifier.type !== 'ExportSpecifier' || specifier.exportKind === 'type') continue;
            const exported = exportedName(specifier.exported);
            exports.set(exported, { kind: 'local', exported, local: specifier.local.name, value: undefined, line: lineOf(statement) });
          }
        }
        break;
      }
      case 'ExportDefaultDeclaration': {
        const declaration = statement.declaration;
        const local =
          (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id
            ? declaration.id.name
            : declaration.type === 'Identifier'
              ? declaration.name
              : undefined;
        exports.set('default', {
          kind: 'local',
          exported: 'default',
          local,
          value: declaration.type === 'Identifier' ? undefined : declaration,
          line: lineOf(statement),
        });
        break;
      }
      case 'VariableDeclaration':
        for (const declarator of statement.declarations) requireBindings(declarator, imports);
        for (const [name, value] of declarationsOf(statement)) declared.set(name, value);
        break;
      case 'ExpressionStatement':
        commonJsExport(statement.expression, exports);
        break;
      default:
        for (const [name, value] of declarationsOf(statement)) declared.set(name, value);
    }
  }
  // `export { x }` and `module.exports = { x }` of a name declared in the file: its value is the declaration's.
  for (const binding of exports.values()) {
    if (binding.kind === 'local' && binding.value === undefined && binding.local !== undefined) binding.value = declared.get(binding.local);
  }
  return { imports, exports, starExports };
}

function exportedName(node: t.Identifier | t.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** Names a top-level declaration binds, with the node that gives each its value (a `const` initializer, the function, class or enum). */
export function declarationsOf(statement: t.Node): Array<[string, t.Node | undefined]> {
  switch (statement.type) {
    case 'VariableDeclaration':
      return statement.declarations.flatMap((declarator): Array<[string, t.Node | undefined]> =>
        declarator.id.type === 'Identifier' ? [[declarator.id.name, statement.kind === 'const' ? (declarator.init ?? undefined) : undefined]] : [],
      );
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
    case 'TSEnumDeclaration':
      return statement.id ? [[statement.id.name, statement]] : [];
    default:
      return [];
  }
}

/** `const x = require('./m')`, `const { a, b: c } = require('./m')`, `const a = require('./m').a`. */
function requireBindings(declarator: t.VariableDeclarator, imports: ImportBinding[]): void {
  if (!declarator.init) return;
  let init = unwrapExpression(declarator.init);
  let member: string | undefined;
  const access = propertyAccess(init);
  if (access) {
    member = access.name;
    init = unwrapExpression(access.object);
  }
  const specifier = requiredSpecifier(init);
  if (specifier === undefined) return;
  const line = lineOf(declarator);
  if (declarator.id.type === 'Identifier') {
    imports.push({ local: declarator.id.name, imported: member ?? '*', specifier, typeOnly: false, line });
  } else if (declarator.id.type === 'ObjectPattern' && member === undefined) {
    for (const property of declarator.id.properties) {
      if (property.type !== 'ObjectProperty' || property.computed) continue;
      const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
      const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      if (key !== undefined && value.type === 'Identifier') imports.push({ local: value.name, imported: key, specifier, typeOnly: false, line });
    }
  }
}

/** The specifier of `require('…')` (a literal only). */
export function requiredSpecifier(node: t.Node): string | undefined {
  if (!isCall(node) || node.callee.type !== 'Identifier' || node.callee.name !== 'require' || node.arguments.length !== 1) return undefined;
  return staticString(node.arguments[0]);
}

/** `module.exports = …`, `module.exports.x = …`, `exports.x = …`. */
function commonJsExport(expression: t.Node, exports: Map<string, ExportBinding>): void {
  if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') return;
  const target = propertyAccess(expression.left);
  if (!target) return;
  const line = lineOf(expression);
  const value = expression.right;
  const isModuleExports = (node: t.Node) => {
    const access = propertyAccess(node);
    return access?.name === 'exports' && access.object.type === 'Identifier' && access.object.name === 'module';
  };
  if (isModuleExports(expression.left)) {
    const inner = unwrapExpression(value);
    exports.set('default', {
      kind: 'local',
      exported: 'default',
      local: inner.type === 'Identifier' ? inner.name : undefined,
      value: inner.type === 'Identifier' ? undefined : inner,
      line,
    });
    if (inner.type === 'ObjectExpression') {
      for (const property of inner.properties) {
        if (property.type !== 'ObjectProperty' || property.computed) continue;
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
        if (key === undefined) continue;
        const local = property.value.type === 'Identifier' ? property.value.name : undefined;
        exports.set(key, { kind: 'local', exported: key, local, value: local === undefined ? property.value : undefined, line });
      }
    }
    return;
  }
  if (isModuleExports(target.object) || (target.object.type === 'Identifier' && target.object.name === 'exports')) {
    const inner = unwrapExpression(value);
    exports.set(target.name, {
      kind: 'local',
      exported: target.name,
      local: inner.type === 'Identifier' ? inner.name : undefined,
      value: inner.type === 'Identifier' ? undefined : inner,
      line,
    });
  }
}

const bindingsByAst = new WeakMap<t.File, ModuleBindings>();

/** {@link moduleBindings}, read once per syntax tree (the trees are shared between readers and refs). */
export function bindingsOf(ast: t.File): ModuleBindings {
  let bindings = bindingsByAst.get(ast);
  if (!bindings) bindingsByAst.set(ast, (bindings = moduleBindings(ast)));
  return bindings;
}

/** Where an exported name comes from, once re-exports and `export *` are followed. */
export type ExportOrigin =
  /** Declared in the module at `path` (`binding.local` names its declaration there; `binding.value` is its value when it has no name). */
  | { kind: 'local'; path: string; binding: Extract<ExportBinding, { kind: 'local' }> }
  /** The whole module at `path` (`export * as x from './m'`). */
  | { kind: 'namespace'; path: string }
  /** Passed on from a package outside the repository. */
  | { kind: 'external'; packageName: string; specifier: string; imported: string }
  /** A re-export that leads nowhere we can read, or a cycle. */
  | { kind: 'missing'; reason: string };

/** What {@link followExport} needs of the modules of one ref. */
export interface ExportSources<Module> {
  /** The parsed module at `path`. */
  module(path: string): Module | undefined;
  astOf(module: Module): t.File;
  /** Where `specifier` leads from `fromPath` (src/syntax/modules.ts `resolveImportDetailed`). */
  resolve(
    fromPath: string,
    specifier: string,
  ): { kind: 'file'; path: string } | { kind: 'external'; packageName: string } | { kind: 'missing'; reason: string };
}

const MAX_EXPORT_HOPS = 24;

/**
 * Where the module at `path` gets its export `name`: its own declaration, or the module a re-export
 * or an `export *` passes it on from (followed to the end). `undefined`: the module does not export it.
 */
export function followExport<Module>(path: string, name: string, sources: ExportSources<Module>, seen = new Set<string>()): ExportOrigin | undefined {
  if (seen.has(path) || seen.size > MAX_EXPORT_HOPS) return { kind: 'missing', reason: `\`${name}\` is re-exported in a cycle` };
  seen.add(path);
  const module = sources.module(path);
  if (module === undefined) return undefined;
  const bindings = bindingsOf(sources.astOf(module));
  const binding = bindings.exports.get(name);
  if (binding?.kind === 'local') return { kind: 'local', path, binding };
  if (binding?.kind === 'reexport') {
    const target = sources.resolve(path, binding.specifier);
    if (target.kind === 'missing') return target;
    if (target.kind === 'external') return { kind: 'external', packageName: target.packageName, specifier: binding.specifier, imported: binding.imported };
    if (binding.imported === '*') return { kind: 'namespace', path: target.path };
    return (
      followExport(target.path, binding.imported, sources, seen) ?? { kind: 'missing', reason: `\`${binding.imported}\` is not exported by ${target.path}` }
    );
  }
  // `export *` passes on every name but `default`.
  if (name === 'default') return undefined;
  for (const specifier of bindings.starExports) {
    const target = sources.resolve(path, specifier);
    if (target.kind !== 'file') continue;
    const found = followExport(target.path, name, sources, new Set(seen));
    if (found !== undefined) return found;
  }
  return undefined;
}
