import type { FileRoutes } from './types.js';
import { walk } from '../../../syntax/parse.js';
import { isCall, lineOf, unwrap, type FileSyntax, type t } from './syntax.js';

/**
 * Controllers described by decorators: a class decorator gives the prefix (`@Controller('users')`,
 * `@Route('users')`), method decorators the method and the rest of the path (`@Get(':id')`).
 * NestJS and tsoa differ only in names; tsoa's `@Hidden()` leaves a route out of the generated
 * document but it is still served, so it counts.
 */
export interface DecoratorDialect {
  readonly name: string;
  readonly modules: RegExp;
  /** Class decorators whose first argument is the prefix (a string, a list, or `{ path }`). */
  readonly controllers: readonly string[];
  /** Method decorator name → HTTP method. */
  readonly methods: Readonly<Record<string, string>>;
  /** Versioned routes (NestJS `@Controller({ version })`, `@Version('2')`): the method decorator giving the version. */
  readonly version?: string;
}

export function readDecoratorRoutes(file: FileSyntax, dialect: DecoratorDialect, out: FileRoutes): void {
  const local = new Map<string, string>();
  for (const [name, binding] of file.imports) if (dialect.modules.test(binding.module)) local.set(name, binding.exportName);
  const decoratorName = (decorator: t.Decorator): { name: string; args: readonly t.Node[] } | undefined => {
    const expression = unwrap(decorator.expression);
    const callee = isCall(expression) ? expression.callee : expression;
    const name = callee.type === 'Identifier' ? local.get(callee.name) : undefined;
    return name === undefined ? undefined : { name, args: isCall(expression) ? expression.arguments : [] };
  };

  const readClass = (node: t.ClassDeclaration | t.ClassExpression): void => {
    const classDecorators = (node.decorators ?? []).map(decoratorName).filter((found) => found !== undefined);
    const controller = classDecorators.find((found) => dialect.controllers.includes(found.name));
    let prefixes: string[] | undefined = [''];
    if (controller) prefixes = pathsOf(file, controller.args[0]);
    const controllerVersions = dialect.version ? versionsOf(file, local, controller?.args[0], true) : [];
    for (const member of node.body.body) {
      // Methods only (the compiler's method declarations): not constructors, accessors or properties.
      if (!((member.type === 'ClassMethod' || member.type === 'ClassPrivateMethod' || member.type === 'TSDeclareMethod') && member.kind === 'method')) continue;
      const decorators = (member.decorators ?? []).map((decorator) => ({ decorator, found: decoratorName(decorator) }));
      const versionDecorator = dialect.version ? decorators.find(({ found }) => found?.name === dialect.version) : undefined;
      // A method's `@Version` replaces the controller's.
      const versions = versionDecorator ? versionsOf(file, local, versionDecorator.found!.args[0], false) : controllerVersions;
      for (const { decorator, found } of decorators) {
        const method = found && dialect.methods[found.name];
        if (!found || !method) continue;
        const paths = pathsOf(file, found.args[0]);
        const unreadable = (reason: string): void => {
          out.unreadable.push(reason);
          const modules = file.importedModulesIn([decorator.expression, controller?.args[0], versionDecorator?.decorator.expression]);
          if (modules.length > 0) (out.unreadableImports ??= {})[reason] = modules;
        };
        if (!prefixes || !paths) {
          unreadable(
            `line ${lineOf(decorator)}: \`@${file.text(decorator.expression)}\`${prefixes ? '' : ` in a controller whose prefix is not a literal`}: the path is not a literal`,
          );
          continue;
        }
        if (!versions) {
          unreadable(`line ${lineOf(decorator)}: \`@${file.text(decorator.expression)}\`: the version of the route is not a literal`);
          continue;
        }
        // A version is part of what a client must send: shown as URI versioning's `v1` segment (whatever the versioning type), so a changed version is a moved route.
        for (const version of versions.length === 0 ? [''] : versions.map((value) => `v${value}`)) {
          for (const prefix of prefixes)
            for (const path of paths)
              out.routes.push({ method, path: joinPath(version, joinPath(prefix, path)), line: lineOf(decorator), router: '', framework: dialect.name });
        }
      }
    }
  };
  walk(file.source.ast.program, (node) => {
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') readClass(node);
  });
}

/**
 * The versions of a route: `[]` for none (or `VERSION_NEUTRAL`, served whatever the version),
 * `undefined` when not a literal. From `@Version('1' | ['1', '2'])`, or the `version` of the
 * controller's options object (`fromOptions`).
 */
function versionsOf(file: FileSyntax, local: ReadonlyMap<string, string>, argument: t.Node | undefined, fromOptions: boolean): string[] | undefined {
  if (argument === undefined) return [];
  let node: t.Node | undefined = unwrap(argument);
  if (fromOptions) {
    if (node.type !== 'ObjectExpression') return [];
    if (file.hasSpread(node)) return undefined;
    node = file.propertyOf(node, 'version');
    if (node === undefined) return [];
    node = unwrap(node);
  }
  const neutral = (element: t.Node | null) =>
    element !== null && unwrap(element).type === 'Identifier' && local.get((unwrap(element) as t.Identifier).name) === 'VERSION_NEUTRAL';
  if (neutral(node)) return [];
  if (node.type === 'ArrayExpression' && node.elements.some((element) => neutral(element as t.Node | null))) return undefined;
  return file.stringValues(node);
}

/** A decorator's path argument: none (`''`), a string, a list, or an options object with `path`. */
function pathsOf(file: FileSyntax, argument: t.Node | undefined): string[] | undefined {
  if (argument === undefined) return [''];
  const node = unwrap(argument);
  if (node.type === 'ObjectExpression') {
    const path = file.propertyOf(node, 'path');
    return path === undefined ? [''] : file.stringValues(path);
  }
  return file.stringValues(node);
}

function joinPath(prefix: string, path: string): string {
  return `/${[prefix, path]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/')}`;
}

const VERBS = ['Get', 'Post', 'Put', 'Patch', 'Delete', 'Options', 'Head'];

export const nest: DecoratorDialect = {
  name: 'nestjs',
  modules: /^@nestjs\/common$/,
  controllers: ['Controller'],
  methods: Object.fromEntries([...VERBS.map((verb) => [verb, verb.toUpperCase()]), ['All', 'ALL']]),
  version: 'Version',
};

export const tsoa: DecoratorDialect = {
  name: 'tsoa',
  modules: /^(tsoa|@tsoa\/runtime)$/,
  controllers: ['Route'],
  methods: Object.fromEntries(VERBS.map((verb) => [verb, verb.toUpperCase()])),
};
