import type { FileRoutes, Mount, RouterId } from './types.js';
import { declarationOf, lineOf, textOf, ts, unwrap, type FileSyntax } from './syntax.js';

/**
 * Routes registered by calls on router objects: Express (`router.get('/p', auth, handler)`,
 * `router.route('/p').get(…)`), Koa-router (`router.post('documents.list', …)`), Fastify
 * (`fastify.get(…)`, `fastify.route({ method, url })`, `register(plugin, { prefix })`) and Hono
 * (`app.get(…)` chains, `app.on(…)`, `app.route('/p', sub)`). Each framework module says which
 * expressions create a router and which parameter types name one; the reading is shared.
 *
 * A call on a router that cannot be read (a path from a variable, a method chosen at run time, a
 * route table looped over) is recorded as unreadable with its line: the surface is then `unknown`
 * for the file, never a silent pass.
 */

export interface CreatedRouter {
  /** An application (`express()`, `Fastify()`, `new Hono()`): its routes need no mount to be complete. */
  root: boolean;
  prefix?: string;
}

export interface CallFramework {
  readonly name: string;
  /** Module specifiers whose import marks a file as using this framework. */
  readonly modules: RegExp;
  /** Parameter (or variable) type names that make it a router: `FastifyInstance`, `Router`. */
  readonly routerTypes: readonly string[];
  /** Type names of plugin functions whose first parameter is a router: `FastifyPluginAsync`. */
  readonly pluginTypes?: readonly string[];
  /** The router a call or `new` creates (the innermost expression of a chain), or `undefined`. */
  createsRouter(expression: ts.CallExpression | ts.NewExpression, file: FileSyntax): CreatedRouter | undefined;
}

export const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options', 'all']);
/** Names that make an identifier a router when nothing else says so (imported routers, plugin parameters). */
const ROUTER_NAME = /(^|[a-z_])(router|app|api|server|fastify|instance|routes|hono)$/i;

interface RouterRef {
  id: RouterId;
  framework: string;
  /** Path of `router.route('/p')` when the method hangs on that chain. */
  chainPath?: string;
}

export function readCallRoutes(file: FileSyntax, frameworks: readonly CallFramework[], out: FileRoutes): void {
  new CallRouteReader(file, frameworks, out).read();
}

class CallRouteReader {
  private readonly routers = new Map<ts.Node, RouterRef>();
  private readonly fileFramework: string;

  constructor(
    private readonly file: FileSyntax,
    private readonly frameworks: readonly CallFramework[],
    private readonly out: FileRoutes,
  ) {
    const modules = file.importedModules();
    this.fileFramework = frameworks.find((framework) => [...modules].some((module) => framework.modules.test(module)))?.name ?? 'express-like';
  }

  read(): void {
    this.findRouters(this.file.source);
    this.readCalls(this.file.source);
    this.readExports();
  }

  // ---- which names are routers --------------------------------------------------------------

  private findRouters(node: ts.Node): void {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const created = node.initializer && this.createdBy(node.initializer);
      if (created) this.addRouter(node, node.name.text, created.framework, created.router);
      else if (node.type && this.frameworkOfType(node.type)) this.addRouter(node, node.name.text, this.frameworkOfType(node.type)!);
      if (node.type && node.initializer && this.namesPluginType(node.type)) this.addPluginParameter(unwrap(node.initializer));
    } else if (ts.isParameter(node) && ts.isIdentifier(node.name)) {
      if (node.type && this.frameworkOfType(node.type)) this.addRouter(node, node.name.text, this.frameworkOfType(node.type)!);
      else if (ROUTER_NAME.test(node.name.text)) this.addRouter(node, node.name.text, this.fileFramework);
    } else if (ts.isExportAssignment(node)) {
      const created = this.createdBy(node.expression);
      if (created) this.addRouter(node, 'default', created.framework, created.router);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'register') {
      // fastify.register(async (instance) => { instance.get(…) }, { prefix }): the plugin's parameter is a router.
      const plugin = node.arguments[0] && unwrap(node.arguments[0]);
      if (plugin) this.addPluginParameter(plugin);
    }
    ts.forEachChild(node, (child) => this.findRouters(child));
  }

  private addPluginParameter(fn: ts.Expression): void {
    if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return;
    const parameter = fn.parameters[0];
    if (parameter && ts.isIdentifier(parameter.name) && !this.routers.has(parameter)) this.addRouter(parameter, parameter.name.text, 'fastify');
  }

  private readonly idsTaken = new Set<string>();

  /**
   * A router's id is its name, numbered when the name is declared again (plugin parameters are all
   * `fastify`): stable when lines move, so a mount anchor means the same router at both refs.
   */
  private addRouter(node: ts.Node, name: string, framework: string, created?: CreatedRouter): void {
    let id = name;
    for (let n = 2; this.idsTaken.has(id); n += 1) id = `${name}~${n}`;
    this.idsTaken.add(id);
    this.routers.set(node, { id, framework });
    if (created?.root) this.out.roots.push(id);
    if (created?.prefix !== undefined) this.out.ownPrefixes[id] = created.prefix;
  }

  /** The router an initializer creates: the factory at the bottom of a chain (`new Hono().basePath('/api').get(…)`). */
  private createdBy(expression: ts.Expression): { framework: string; router: CreatedRouter } | undefined {
    let node = unwrap(expression);
    let basePath: string | undefined;
    while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      for (const framework of this.frameworks) {
        const router = framework.createsRouter(node, this.file);
        if (router) return { framework: framework.name, router: basePath === undefined ? router : { ...router, prefix: basePath } };
      }
      if (node.expression.name.text === 'basePath') basePath = this.file.stringValue(node.arguments[0]);
      node = unwrap(node.expression.expression);
    }
    if (!ts.isCallExpression(node) && !ts.isNewExpression(node)) return undefined;
    for (const framework of this.frameworks) {
      const router = framework.createsRouter(node, this.file);
      if (router) return { framework: framework.name, router: basePath === undefined ? router : { ...router, prefix: basePath } };
    }
    return undefined;
  }

  private frameworkOfType(type: ts.TypeNode): string | undefined {
    const name = typeName(type);
    return this.frameworks.find((framework) => name !== undefined && framework.routerTypes.includes(name))?.name;
  }

  private namesPluginType(type: ts.TypeNode): boolean {
    const name = typeName(type);
    return name !== undefined && this.frameworks.some((framework) => framework.pluginTypes?.includes(name));
  }

  /** The router an expression designates, following chains (`router.route('/p')`, `app.get(…).post(…)`). */
  private routerOf(expression: ts.Expression): RouterRef | undefined {
    const node = unwrap(expression);
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      const known = declaration && this.routers.get(declaration);
      if (known) return known;
      if (declaration && !ts.isParameter(declaration)) {
        // A local that is not a router (a Map, a client): only its name could say otherwise.
        return undefined;
      }
      if (ROUTER_NAME.test(node.text)) {
        const imported = this.file.imports.get(node.text);
        return { id: imported ? `${node.text}@import` : `${node.text}@global`, framework: this.fileFramework };
      }
      return undefined;
    }
    if (ts.isPropertyAccessExpression(node) && (node.expression.kind === ts.SyntaxKind.ThisKeyword || ts.isIdentifier(node.expression)) && ROUTER_NAME.test(node.name.text)) {
      return { id: `${textOf(node)}@member`, framework: this.fileFramework };
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const inner = this.routerOf(node.expression.expression);
      if (!inner) return undefined;
      if (method === 'route' && node.arguments.length === 1) {
        const path = this.file.stringValue(node.arguments[0]);
        return { ...inner, chainPath: path ?? `\u0000${textOf(node.arguments[0]!)}` };
      }
      // router.route('/p').get(h).post(h): every method of the chain hangs on '/p'
      if (ROUTE_METHODS.has(method)) return inner;
      if (method === 'on' || method === 'use' || method === 'basePath' || method === 'route' || method === 'register') return { id: inner.id, framework: inner.framework };
      return undefined;
    }
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && this.createdBy(node)) {
      // new Hono().get(…): the router is the one the whole chain is assigned to or exported as
      let top: ts.Node = node;
      while (ts.isPropertyAccessExpression(top.parent) || (ts.isCallExpression(top.parent) && top.parent.expression === top) || ts.isParenthesizedExpression(top.parent)) top = top.parent;
      const owner = top.parent;
      return (ts.isVariableDeclaration(owner) || ts.isExportAssignment(owner)) ? this.routers.get(owner) : undefined;
    }
    return undefined;
  }

  // ---- registrations ------------------------------------------------------------------------

  private readCalls(node: ts.Node): void {
    if (ts.isCallExpression(node)) this.readCall(node);
    ts.forEachChild(node, (child) => this.readCalls(child));
  }

  private readCall(call: ts.CallExpression): void {
    const callee = call.expression;
    if (ts.isElementAccessExpression(callee)) {
      const router = this.routerOf(callee.expression);
      if (router && this.file.stringValue(callee.argumentExpression) === undefined) {
        this.unreadable(call, 'the method is chosen at run time');
      }
      return;
    }
    if (!ts.isPropertyAccessExpression(callee)) return;
    const name = callee.name.text;
    const args = call.arguments;
    const router = this.routerOf(callee.expression);

    if (ROUTE_METHODS.has(name)) {
      const method = name === 'del' ? 'DELETE' : name.toUpperCase();
      if (router?.chainPath !== undefined) {
        if (router.chainPath.startsWith('\u0000')) this.unreadable(call, 'the path of .route(…) is not a literal');
        else this.addRoute(call, method, [router.chainPath], router);
        return;
      }
      if (args.length < 2) return; // app.get('setting'), map.get(key): not a registration
      if (!router) {
        // An unrecognised receiver: a route only when it looks like one (a '/path' and an inline handler).
        const path = this.file.stringValue(args[0]);
        const last = unwrap(args[args.length - 1]!);
        if (path?.startsWith('/') && (ts.isArrowFunction(last) || ts.isFunctionExpression(last))) {
          this.addRoute(call, method, [path], { id: `${textOf(callee.expression)}@unknown`, framework: this.fileFramework });
        }
        return;
      }
      // koa-router named routes: router.get('user', '/users/:id', handler)
      const named = this.file.stringValue(args[1]);
      const pathArgument = named?.startsWith('/') && this.file.stringValue(args[0]) !== undefined ? args[1] : args[0];
      const paths = this.file.stringValues(pathArgument);
      if (paths === undefined) this.unreadable(call, `the path ${textOf(pathArgument!)} is not a literal`);
      else this.addRoute(call, method, paths, router);
      return;
    }
    if (!router) return;
    if (name === 'on' && args.length >= 3) return this.readOn(call, router);
    if (name === 'route' && args.length === 1 && ts.isObjectLiteralExpression(unwrap(args[0]!))) return this.readRouteObject(call, router);
    if (name === 'route' && args.length === 1 && !ts.isStringLiteralLike(unwrap(args[0]!)) && this.file.stringValue(args[0]) === undefined) {
      if (!ts.isCallExpression(call.parent) && !ts.isPropertyAccessExpression(call.parent)) this.unreadable(call, 'the route options are not an object literal');
      return;
    }
    if (name === 'route' && args.length === 2) return this.readMount(call, router, args[0], [args[1]!]);
    if (name === 'use') return this.readUse(call, router);
    if (name === 'register') return this.readRegister(call, router);
    if (name === 'openapi' && args.length >= 2) this.unreadable(call, 'routes declared through createRoute objects are not read');
  }

  /** Hono `app.on('GET' | ['GET', 'POST'], '/p' | ['/a', '/b'], handler)`. */
  private readOn(call: ts.CallExpression, router: RouterRef): void {
    const methods = this.file.stringValues(call.arguments[0]);
    const paths = this.file.stringValues(call.arguments[1]);
    if (!methods || !paths) return this.unreadable(call, 'the methods or paths of .on(…) are not literals');
    for (const method of methods) this.addRoute(call, method.toUpperCase(), paths, router);
  }

  /** Fastify `fastify.route({ method: 'GET' | ['GET', 'HEAD'], url: '/p', handler })` (`path` is an alias of `url`). */
  private readRouteObject(call: ts.CallExpression, router: RouterRef): void {
    const options = unwrap(call.arguments[0]!) as ts.ObjectLiteralExpression;
    const methods = this.file.stringValues(this.file.propertyOf(options, 'method'));
    const paths = this.file.stringValues(this.file.propertyOf(options, 'url') ?? this.file.propertyOf(options, 'path'));
    if (!methods || !paths || this.file.hasSpread(options)) return this.unreadable(call, 'the method or url of .route({ … }) is not a literal');
    for (const method of methods) this.addRoute(call, method.toUpperCase(), paths, router);
  }

  /** `parent.use('/prefix', auth, child)`, `router.use(child.routes())`, `app.use(router)`. */
  private readUse(call: ts.CallExpression, router: RouterRef): void {
    const [first, ...rest] = call.arguments;
    if (!first) return;
    const prefix = this.file.stringValue(first);
    if (prefix !== undefined) return this.readMount(call, router, first, rest);
    const firstIsChild = this.childOf(first) !== undefined;
    this.readMount(call, router, firstIsChild ? undefined : first, firstIsChild ? [...call.arguments] : rest);
  }

  /** Fastify `register(plugin, { prefix: '/v1' })`, the plugin a name, an import or an inline function. */
  private readRegister(call: ts.CallExpression, router: RouterRef): void {
    const [plugin, options] = call.arguments;
    if (!plugin) return;
    let prefix: string | undefined = '';
    if (options) {
      const object = this.file.objectValue(options);
      const given = object && this.file.propertyOf(object, 'prefix');
      prefix = object ? (given === undefined ? (this.file.hasSpread(object) ? undefined : '') : this.file.stringValue(given)) : undefined;
    }
    const fn = unwrap(plugin);
    if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters[0]) {
      const child = this.routers.get(fn.parameters[0]);
      if (child) this.out.mounts.push({ parent: router.id, prefix, child: { kind: 'local', router: child.id }, line: lineOf(call) });
      return;
    }
    const child = this.childOf(plugin);
    if (child) this.out.mounts.push({ parent: router.id, prefix, child, line: lineOf(call) });
  }

  private readMount(call: ts.CallExpression, router: RouterRef, prefixArgument: ts.Expression | undefined, children: readonly ts.Expression[]): void {
    const prefix = prefixArgument === undefined ? '' : this.file.stringValue(prefixArgument);
    for (const argument of children) {
      const child = this.childOf(argument);
      if (child) this.out.mounts.push({ parent: router.id, prefix, child, line: lineOf(call) });
    }
  }

  /** What a mount argument designates: a router of this file, or an export of another module. */
  private childOf(argument: ts.Expression): Mount['child'] | undefined {
    let node = unwrap(argument);
    // koa: child.routes(), child.middleware(); fastify: import('./routes'), require('./routes')
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['routes', 'middleware', 'allowedMethods'].includes(node.expression.name.text)) {
      if (node.expression.name.text === 'allowedMethods') return undefined;
      node = unwrap(node.expression.expression);
    }
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const module = this.file.stringValue(node.arguments[0]);
      return module === undefined ? undefined : { kind: 'import', module, exportName: 'default' };
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      // import * as users from './users'; app.use('/users', users.router)
      const namespace = this.file.imports.get(node.expression.text);
      if (namespace?.exportName === '*') return { kind: 'import', module: namespace.module, exportName: node.name.text };
      if (namespace) return { kind: 'import', module: namespace.module, exportName: namespace.exportName };
      return undefined;
    }
    if (!ts.isIdentifier(node)) return undefined;
    const declaration = declarationOf(node);
    const local = declaration && (this.routers.get(declaration) ?? this.pluginRouterOf(declaration));
    if (local) return { kind: 'local', router: local.id };
    const imported = this.file.imports.get(node.text);
    if (imported && imported.exportName !== '*') return { kind: 'import', module: imported.module, exportName: imported.exportName };
    return undefined;
  }

  /** A function whose first parameter is a router (a plugin): that router. */
  private pluginRouterOf(declaration: ts.Node): RouterRef | undefined {
    const fn = ts.isVariableDeclaration(declaration) && declaration.initializer ? unwrap(declaration.initializer) : declaration;
    if (!ts.isFunctionLike(fn)) return undefined;
    const parameter = fn.parameters[0];
    return parameter ? this.routers.get(parameter) : undefined;
  }

  private addRoute(call: ts.CallExpression, method: string, paths: readonly string[], router: RouterRef): void {
    // The line of the method name: in a chain (`new Hono()\n  .get(…)\n  .post(…)`) each route has its own.
    const line = ts.isPropertyAccessExpression(call.expression) ? lineOf(call.expression.name) : lineOf(call);
    for (const path of paths) this.out.routes.push({ method, path, line, router: router.id, framework: router.framework });
  }

  private unreadable(call: ts.CallExpression, why: string): void {
    this.out.unreadable.push(`line ${lineOf(call)}: \`${textOf(call.expression)}(…)\`: ${why}`);
  }

  // ---- exports ------------------------------------------------------------------------------

  private readExports(): void {
    const exportRouter = (exportName: string, expression: ts.Node | undefined): void => {
      if (!expression) return;
      const node = ts.isExpression(expression) ? unwrap(expression) : expression;
      let router: RouterRef | undefined;
      if (ts.isIdentifier(node)) {
        const declaration = declarationOf(node);
        router = declaration && (this.routers.get(declaration) ?? this.pluginRouterOf(declaration));
      } else {
        router = this.routers.get(node) ?? this.pluginRouterOf(node);
      }
      if (router) this.out.exports[exportName] = router.id;
    };
    for (const statement of this.file.source.statements) {
      const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
      const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
      if (ts.isVariableStatement(statement) && exported) {
        for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) exportRouter(declaration.name.text, declaration);
      } else if (ts.isFunctionDeclaration(statement) && exported) {
        exportRouter(isDefault ? 'default' : (statement.name?.text ?? 'default'), statement);
      } else if (ts.isExportAssignment(statement)) {
        if (this.routers.has(statement)) this.out.exports.default = this.routers.get(statement)!.id;
        else exportRouter('default', statement.expression);
      } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) exportRouter(element.name.text, element.propertyName ?? element.name);
      } else if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const target = statement.expression.left.getText();
        if (target === 'module.exports') exportRouter('default', statement.expression.right);
        else if (/^(module\.)?exports\.\w+$/.test(target)) exportRouter(target.split('.').pop()!, statement.expression.right);
      }
    }
  }
}

function typeName(type: ts.TypeNode): string | undefined {
  if (ts.isTypeReferenceNode(type)) return ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
  return undefined;
}
