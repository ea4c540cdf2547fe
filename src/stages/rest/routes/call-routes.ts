import type { FileRoutes, Mount, RouterId } from './types.js';
import { expressionDependencies } from './expression-deps.js';
import {
  declarationOf,
  declarationOfStatement,
  elementAccess,
  isCall,
  isDeclaration,
  isFunctionExpression,
  lineOf,
  parameterName,
  parametersOf,
  propertyAccess,
  typeAnnotationOf,
  unwrap,
  type FileSyntax,
  type t,
} from './syntax.js';

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

/** A call or `new` that may create a router. */
export type RouterFactoryCall = t.CallExpression | t.OptionalCallExpression | t.NewExpression;

export interface CallFramework {
  readonly name: string;
  /** Module specifiers whose import marks a file as using this framework. */
  readonly modules: RegExp;
  /** Parameter (or variable) type names that make it a router: `FastifyInstance`, `Router`. */
  readonly routerTypes: readonly string[];
  /** Type names of plugin functions whose first parameter is a router: `FastifyPluginAsync`. */
  readonly pluginTypes?: readonly string[];
  /** The router a call or `new` creates (the innermost expression of a chain), or `undefined`. */
  createsRouter(expression: RouterFactoryCall, file: FileSyntax): CreatedRouter | undefined;
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

/** `export default <expression>` and `export = <expression>`: the compiler's export assignment. */
function exportedExpression(node: t.Node): t.Node | undefined {
  if (node.type === 'TSExportAssignment') return node.expression;
  if (node.type === 'ExportDefaultDeclaration' && !isDeclaration(node.declaration)) return node.declaration;
  return undefined;
}

class CallRouteReader {
  private readonly routers = new Map<t.Node, RouterRef>();
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
    // One walk finds the routers and the calls; the calls are read once every router is known
    // (a function may use a router declared below it), in the same source order.
    const calls: RouteCall[] = [];
    this.file.walk((node, parent) => {
      this.findRouter(node, parent);
      if (isCall(node)) calls.push(node);
    });
    this.assignRouterIds();
    for (const call of calls) this.readCall(call);
    this.readExports();
  }

  // ---- which names are routers --------------------------------------------------------------

  private findRouter(node: t.Node, parent: t.Node | undefined): void {
    const exported = exportedExpression(node);
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier') {
      const type = typeAnnotationOf(node.id);
      const created = node.init ? this.createdBy(node.init) : undefined;
      if (created) this.addRouter(node, node.id.name, created.framework, created.router);
      else if (type && this.frameworkOfType(type)) this.addRouter(node, node.id.name, this.frameworkOfType(type)!);
      if (type && node.init && this.namesPluginType(type)) this.addPluginParameter(unwrap(node.init));
    } else if (parent && parametersOf(parent)?.includes(node) && parameterName(node)) {
      const name = parameterName(node)!.name;
      const type = typeAnnotationOf(node);
      if (type && this.frameworkOfType(type)) this.addRouter(node, name, this.frameworkOfType(type)!);
      else if (ROUTER_NAME.test(name)) this.addRouter(node, name, this.fileFramework);
    } else if (exported) {
      const created = this.createdBy(exported);
      if (created) this.addRouter(node, 'default', created.framework, created.router);
    } else if (isCall(node) && propertyAccess(node.callee)?.name === 'register') {
      // fastify.register(async (instance) => { instance.get(…) }, { prefix }): the plugin's parameter is a router.
      const plugin = node.arguments[0] && unwrap(node.arguments[0]);
      if (plugin) this.addPluginParameter(plugin);
    }
  }

  private addPluginParameter(fn: t.Node): void {
    if (!isFunctionExpression(fn)) return;
    const parameter = fn.params[0];
    const name = parameter && parameterName(parameter);
    if (parameter && name && !this.routers.has(parameter)) this.addRouter(parameter, name.name, 'fastify');
  }

  /** Routers found by the walk, given their ids once all are known (see {@link assignRouterIds}). */
  private readonly found: { node: t.Node; name: string; framework: string; created?: CreatedRouter }[] = [];

  private addRouter(node: t.Node, name: string, framework: string, created?: CreatedRouter): void {
    // A placeholder until the walk ends: routerOf is not asked before then.
    this.routers.set(node, { id: name, framework });
    this.found.push({ node, name, framework, ...(created ? { created } : {}) });
  }

  /**
   * A router's id is its name: stable when lines move, so an anchor (`file#router`) means the same
   * router at both refs. Routers declared at the file's top level keep their plain name whatever is
   * declared before them (a helper `function send(app, …)` added above must not rename `app`);
   * others are qualified by their enclosing named function (`fastify@usersPlugin`), and numbered
   * only when that is still taken (anonymous plugins, in source order).
   */
  private assignRouterIds(): void {
    const taken = new Set<string>();
    const topLevel = (node: t.Node) => this.enclosingFunction(node) === undefined;
    const ordered = [...this.found.filter((entry) => topLevel(entry.node)), ...this.found.filter((entry) => !topLevel(entry.node))];
    for (const { node, name, framework, created } of ordered) {
      const fn = this.enclosingFunction(node);
      const fnName = fn && this.functionName(fn);
      const base = fnName === undefined ? name : `${name}@${fnName}`;
      let id = base;
      for (let n = 2; taken.has(id); n += 1) id = `${base}~${n}`;
      taken.add(id);
      this.routers.set(node, { id, framework });
      if (created?.root) this.out.roots.push(id);
      if (created?.prefix !== undefined) this.out.ownPrefixes[id] = created.prefix;
    }
  }

  /** The function a node is declared in (a parameter: its own function), or undefined at the top level. */
  private enclosingFunction(node: t.Node): t.Node | undefined {
    for (let parent = this.file.parentOf(node); parent !== undefined; parent = this.file.parentOf(parent)) {
      if (parametersOf(parent) !== undefined) return parent;
    }
    return undefined;
  }

  /** `function users(…)`, `const users = (…) => …`, `users(…) {}` in a class or object: `users`. */
  private functionName(fn: t.Node): string | undefined {
    const id = (fn as { id?: t.Node | null }).id;
    if (id?.type === 'Identifier') return id.name;
    const key = (fn as { key?: t.Node }).key;
    if (key?.type === 'Identifier') return key.name;
    const parent = this.file.parentOf(fn);
    if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
    return undefined;
  }

  /** The router an initializer creates: the factory at the bottom of a chain (`new Hono().basePath('/api').get(…)`). */
  private createdBy(expression: t.Node): { framework: string; router: CreatedRouter } | undefined {
    let node = unwrap(expression);
    let basePath: string | undefined;
    for (
      let access = isCall(node) ? propertyAccess(node.callee) : undefined;
      isCall(node) && access;
      access = isCall(node) ? propertyAccess(node.callee) : undefined
    ) {
      for (const framework of this.frameworks) {
        const router = framework.createsRouter(node, this.file);
        if (router) return { framework: framework.name, router: basePath === undefined ? router : { ...router, prefix: basePath } };
      }
      if (access.name === 'basePath') basePath = this.file.stringValue(node.arguments[0]);
      node = unwrap(access.object);
    }
    if (!isCall(node) && node.type !== 'NewExpression') return undefined;
    for (const framework of this.frameworks) {
      const router = framework.createsRouter(node, this.file);
      if (router) return { framework: framework.name, router: basePath === undefined ? router : { ...router, prefix: basePath } };
    }
    return undefined;
  }

  private frameworkOfType(type: t.TSType): string | undefined {
    const name = typeName(type);
    return this.frameworks.find((framework) => name !== undefined && framework.routerTypes.includes(name))?.name;
  }

  private namesPluginType(type: t.TSType): boolean {
    const name = typeName(type);
    return name !== undefined && this.frameworks.some((framework) => framework.pluginTypes?.includes(name));
  }

  /** The router an expression designates, following chains (`router.route('/p')`, `app.get(…).post(…)`). */
  private routerOf(expression: t.Node): RouterRef | undefined {
    const node = unwrap(expression);
    if (node.type === 'Identifier') {
      const declaration = declarationOf(node, this.file);
      const known = declaration && this.routers.get(declaration);
      if (known) return known;
      if (declaration && !this.file.isParameter(declaration)) {
        // A local that is not a router (a Map, a client): only its name could say otherwise.
        return undefined;
      }
      if (ROUTER_NAME.test(node.name)) {
        const imported = this.file.imports.get(node.name);
        return { id: imported ? `${node.name}@import` : `${node.name}@global`, framework: this.fileFramework };
      }
      return undefined;
    }
    const access = propertyAccess(node);
    if (access && (access.object.type === 'ThisExpression' || access.object.type === 'Identifier') && ROUTER_NAME.test(access.name)) {
      return { id: `${this.file.text(node, false)}@member`, framework: this.fileFramework };
    }
    const callee = isCall(node) ? propertyAccess(node.callee) : undefined;
    if (isCall(node) && callee) {
      const method = callee.name;
      const inner = this.routerOf(callee.object);
      if (!inner) return undefined;
      if (method === 'route' && node.arguments.length === 1) {
        const path = this.file.stringValue(node.arguments[0]);
        return { ...inner, chainPath: path ?? `\u0000${this.file.text(node.arguments[0]!)}` };
      }
      // router.route('/p').get(h).post(h): every method of the chain hangs on '/p'
      if (ROUTE_METHODS.has(method)) return inner;
      if (method === 'on' || method === 'use' || method === 'basePath' || method === 'route' || method === 'register')
        return { id: inner.id, framework: inner.framework };
      return undefined;
    }
    if ((node.type === 'NewExpression' || isCall(node)) && this.createdBy(node)) {
      // new Hono().get(…): the router is the one the whole chain is assigned to or exported as
      let top: t.Node = node;
      for (;;) {
        const parent = this.file.parentOf(top);
        if (!parent) break;
        if (propertyAccess(parent)?.object === top || (isCall(parent) && parent.callee === top)) top = parent;
        else break;
      }
      const owner = this.file.parentOf(top);
      return owner && (owner.type === 'VariableDeclarator' || exportedExpression(owner) !== undefined) ? this.routers.get(owner) : undefined;
    }
    return undefined;
  }

  // ---- registrations ------------------------------------------------------------------------

  private readCall(call: t.CallExpression | t.OptionalCallExpression): void {
    // `(router.get)(…)`: the compiler saw a parenthesized callee, neither a property nor an element access.
    if ((call.callee.extra as { parenthesized?: boolean } | undefined)?.parenthesized) return;
    const element = elementAccess(call.callee);
    // `app['delete']('/p', h)` is `app.delete('/p', h)`; `app[method](…)` cannot be read.
    const elementName = element && this.file.stringValue(element.key);
    if (element && elementName === undefined) {
      if (this.routerOf(element.object)) this.unreadable(call, 'the method is chosen at run time');
      return;
    }
    const callee = element ? { object: element.object, name: elementName! } : propertyAccess(call.callee);
    if (!callee) return;
    const name = callee.name;
    const args = call.arguments;
    const router = this.routerOf(callee.object);

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
        if (path?.startsWith('/') && isFunctionExpression(last)) {
          this.addRoute(call, method, [path], { id: `${this.file.text(callee.object)}@unknown`, framework: this.fileFramework });
        }
        return;
      }
      // koa-router named routes: router.get('user', '/users/:id', handler)
      const named = this.file.stringValue(args[1]);
      const pathArgument = named?.startsWith('/') && this.file.stringValue(args[0]) !== undefined ? args[1] : args[0];
      const paths = this.file.stringValues(pathArgument);
      if (paths === undefined) {
        const reason = this.unreadableReason(call, `the path ${this.file.text(pathArgument!)} is not a literal`);
        this.defer(call, reason, method, pathArgument!, router);
      } else this.addRoute(call, method, paths, router);
      return;
    }
    if (!router) return;
    if (name === 'on' && args.length >= 3) return this.readOn(call, router);
    if (name === 'route' && args.length === 1 && unwrap(args[0]!).type === 'ObjectExpression') return this.readRouteObject(call, router);
    if (name === 'route' && args.length === 1 && !isPlainStringLiteral(unwrap(args[0]!)) && this.file.stringValue(args[0]) === undefined) {
      const parent = this.file.parentOf(call);
      const parenthesized = (call.extra as { parenthesized?: boolean } | undefined)?.parenthesized === true;
      if (parenthesized || !parent || (!isCall(parent) && !propertyAccess(parent))) this.unreadable(call, 'the route options are not an object literal');
      return;
    }
    if (name === 'route' && args.length === 2) return this.readMount(call, router, args[0], [args[1]!], true);
    if (name === 'use') return this.readUse(call, router);
    // koa-router `router.prefix('/v1')`: the router's own prefix, set after its construction.
    if (name === 'prefix' && router.framework === 'koa' && args.length === 1) {
      const prefix = this.file.stringValue(args[0]);
      if (prefix === undefined) return this.unreadable(call, `the prefix ${this.file.text(args[0]!)} is not a literal`);
      this.out.ownPrefixes[router.id] = prefix;
      return;
    }
    if (name === 'register') return this.readRegister(call, router);
    if (name === 'openapi' && args.length >= 2) this.unreadable(call, 'routes declared through createRoute objects are not read');
  }

  /** Hono `app.on('GET' | ['GET', 'POST'], '/p' | ['/a', '/b'], handler)`. */
  private readOn(call: RouteCall, router: RouterRef): void {
    const methods = this.file.stringValues(call.arguments[0]);
    const paths = this.file.stringValues(call.arguments[1]);
    if (!methods || !paths) return this.unreadable(call, 'the methods or paths of .on(…) are not literals');
    for (const method of methods) this.addRoute(call, method.toUpperCase(), paths, router);
  }

  /** Fastify `fastify.route({ method: 'GET' | ['GET', 'HEAD'], url: '/p', handler })` (`path` is an alias of `url`). */
  private readRouteObject(call: RouteCall, router: RouterRef): void {
    const options = unwrap(call.arguments[0]!) as t.ObjectExpression;
    const methods = this.file.stringValues(this.file.propertyOf(options, 'method'));
    const paths = this.file.stringValues(this.file.propertyOf(options, 'url') ?? this.file.propertyOf(options, 'path'));
    if (!methods || !paths || this.file.hasSpread(options)) return this.unreadable(call, 'the method or url of .route({ … }) is not a literal');
    for (const method of methods) this.addRoute(call, method.toUpperCase(), paths, router);
  }

  /** `parent.use('/prefix', auth, child)`, `router.use(child.routes())`, `app.use(router)`. */
  private readUse(call: RouteCall, router: RouterRef): void {
    const [first, ...rest] = call.arguments;
    if (!first) return;
    if (this.file.stringValues(first) !== undefined) return this.readMount(call, router, first, rest, rest.length > 0);
    // A middleware first (`app.use(cors(), router)`, `app.use(auth, router)`): mounted at the router's own path.
    const firstIsChild = this.childOf(first) !== undefined || this.isMiddleware(first);
    this.readMount(call, router, firstIsChild ? undefined : first, firstIsChild ? [...call.arguments] : rest, !firstIsChild);
  }

  /** A call (`cors()`), an inline function, or a name declared as a function or a call's result: a middleware, not a path. */
  private isMiddleware(argument: t.Node): boolean {
    const node = unwrap(argument);
    if (isCall(node) || isFunctionExpression(node)) return true;
    if (node.type !== 'Identifier') return false;
    const declaration = declarationOf(node, this.file);
    if (declaration?.type === 'FunctionDeclaration') return true;
    const init = declaration?.type === 'VariableDeclarator' && declaration.init ? unwrap(declaration.init) : undefined;
    return init !== undefined && (isCall(init) || isFunctionExpression(init));
  }

  /** Fastify `register(plugin, { prefix: '/v1' })`, the plugin a name, an import or an inline function. */
  private readRegister(call: RouteCall, router: RouterRef): void {
    const [plugin, options] = call.arguments;
    if (!plugin) return;
    let prefix: string | undefined = '';
    if (options) {
      const object = this.file.objectValue(options);
      const given = object && this.file.propertyOf(object, 'prefix');
      prefix = object ? (given === undefined ? (this.file.hasSpread(object) ? undefined : '') : this.file.stringValue(given)) : undefined;
    }
    const fn = unwrap(plugin);
    if (isFunctionExpression(fn) && fn.params[0]) {
      const child = this.routers.get(fn.params[0]);
      if (child)
        this.out.mounts.push({ parent: router.id, prefix, child: { kind: 'local', router: child.id }, line: lineOf(call), ...this.conditionField(call) });
      return;
    }
    const autoload = fn.type === 'Identifier' ? this.file.imports.get(fn.name) : undefined;
    if (autoload && /(^|\/)(fastify-)?autoload$/.test(autoload.module)) {
      return this.unreadable(call, `the routes are loaded from a folder by ${autoload.module}: their files and prefixes are not followed`);
    }
    const child = this.childOf(plugin);
    const prefixText = prefix === undefined && options ? this.file.text(options) : undefined;
    if (child)
      this.out.mounts.push({
        parent: router.id,
        prefix,
        ...(prefixText === undefined ? {} : { prefixText }),
        child,
        line: lineOf(call),
        ...this.conditionField(call),
      });
    else this.unfollowedChild(call, plugin);
  }

  /**
   * `children` are the arguments that may be routers; `mounting` says the call mounts something
   * (a prefix is given, or it is Hono's `route`), so an argument that cannot be followed — a
   * loop variable, `routers[name]`, `route.router` — hides routes: unreadable.
   */
  private readMount(call: RouteCall, router: RouterRef, prefixArgument: t.Node | undefined, children: readonly t.Node[], mounting = false): void {
    // `app.use(['/api/users', '/users'], users)`: mounted at each path.
    const prefixes: (string | undefined)[] = prefixArgument === undefined ? [''] : (this.file.stringValues(prefixArgument) ?? [undefined]);
    const prefixText = prefixArgument !== undefined && prefixes.includes(undefined) ? this.file.text(prefixArgument) : undefined;
    for (const argument of children) {
      const child = this.childOf(argument);
      if (!child) {
        this.unfollowedChild(call, argument, mounting);
        continue;
      }
      for (const prefix of prefixes)
        this.out.mounts.push({
          parent: router.id,
          prefix,
          ...(prefixText === undefined ? {} : { prefixText }),
          child,
          line: lineOf(call),
          ...this.conditionField(call),
        });
    }
  }

  /** A mounted argument that is neither a router of this file nor an import, nor plainly a middleware. */
  private unfollowedChild(call: RouteCall, argument: t.Node, mounting = true): void {
    const node = unwrap(argument);
    // koa `app.use(route.routes())`: a router, whatever `route` is.
    const method = isCall(node) ? propertyAccess(node.callee) : undefined;
    if (method && (method.name === 'routes' || method.name === 'middleware'))
      return this.unreadable(call, `the router mounted as ${this.file.text(argument)} cannot be followed`);
    if (!mounting || this.isMiddleware(node) || isPlainStringLiteral(node) || node.type === 'ObjectExpression') return;
    if (node.type === 'Identifier' || propertyAccess(node) || elementAccess(node)) {
      this.unreadable(call, `the router mounted as ${this.file.text(argument)} cannot be followed`);
    }
  }

  /** What a mount argument designates: a router of this file, or an export of another module. */
  private childOf(argument: t.Node): Mount['child'] | undefined {
    let node = unwrap(argument);
    // koa: child.routes(), child.middleware(); fastify: import('./routes'), require('./routes')
    const method = isCall(node) ? propertyAccess(node.callee) : undefined;
    if (method && ['routes', 'middleware', 'allowedMethods'].includes(method.name)) {
      if (method.name === 'allowedMethods') return undefined;
      node = unwrap(method.object);
    }
    if (node.type === 'ImportExpression') {
      const module = this.file.stringValue(node.source);
      return module === undefined ? undefined : { kind: 'import', module, exportName: 'default' };
    }
    if (isCall(node) && (node.callee.type === 'Import' || (node.callee.type === 'Identifier' && node.callee.name === 'require'))) {
      const module = this.file.stringValue(node.arguments[0]);
      return module === undefined ? undefined : { kind: 'import', module, exportName: 'default' };
    }
    const access = propertyAccess(node);
    if (access) {
      if (access.object.type !== 'Identifier') return undefined;
      // import * as users from './users'; app.use('/users', users.router)
      const namespace = this.file.imports.get(access.object.name);
      if (namespace?.exportName === '*') return { kind: 'import', module: namespace.module, exportName: access.name };
      if (namespace) return { kind: 'import', module: namespace.module, exportName: namespace.exportName };
      return undefined;
    }
    if (node.type !== 'Identifier') return undefined;
    const declaration = declarationOf(node, this.file);
    const local = declaration && (this.routers.get(declaration) ?? this.pluginRouterOf(declaration));
    if (local) return { kind: 'local', router: local.id };
    const imported = this.file.imports.get(node.name);
    if (imported && imported.exportName !== '*') return { kind: 'import', module: imported.module, exportName: imported.exportName };
    return undefined;
  }

  /** A function whose first parameter is a router (a plugin): that router. */
  private pluginRouterOf(declaration: t.Node): RouterRef | undefined {
    const fn = declaration.type === 'VariableDeclarator' && declaration.init ? unwrap(declaration.init) : declaration;
    const parameter = parametersOf(fn)?.[0];
    return parameter ? this.routers.get(parameter) : undefined;
  }

  private addRoute(call: RouteCall, method: string, paths: readonly string[], router: RouterRef): void {
    // The line of the method name: in a chain (`new Hono()\n  .get(…)\n  .post(…)`) each route has its own.
    const access = propertyAccess(call.callee);
    const line = access ? lineOf(access.nameNode) : lineOf(call);
    const condition = this.conditionField(call);
    for (const path of paths) this.out.routes.push({ method, path, line, router: router.id, framework: router.framework, ...condition });
  }

  /**
   * The conditions a registration sits under, up to its function (or the file): `if` tests (negated
   * in the `else`), `cond && …`, `cond || …`, `?:` branches, `case`s and guards that leave before it
   * (`if (!flag) return;`), outermost first, as written (whitespace folded). A route that becomes
   * conditional may no longer be served.
   */
  private conditionOf(node: t.Node): string | undefined {
    const conditions: string[] = [];
    const text = (test: t.Node) => this.file.text(test).replace(/\s+/g, ' ');
    let child = node;
    for (let parent = this.file.parentOf(node); parent !== undefined; child = parent, parent = this.file.parentOf(parent)) {
      if (isFunctionExpression(parent) || parent.type === 'FunctionDeclaration' || parent.type === 'ObjectMethod' || parent.type === 'ClassMethod') break;
      if (parent.type === 'IfStatement' && child !== parent.test) conditions.push(child === parent.consequent ? text(parent.test) : `!(${text(parent.test)})`);
      else if (parent.type === 'ConditionalExpression' && child !== parent.test)
        conditions.push(child === parent.consequent ? text(parent.test) : `!(${text(parent.test)})`);
      else if (parent.type === 'LogicalExpression' && child === parent.right)
        conditions.push(parent.operator === '&&' ? text(parent.left) : `!(${text(parent.left)})`);
      else if (parent.type === 'SwitchCase') conditions.push(parent.test ? `case ${text(parent.test)}` : 'default');
      if (parent.type === 'BlockStatement' || parent.type === 'Program') {
        // `if (!config.legacy) return;` before it: it runs only when the guard does not leave.
        const position = parent.body.indexOf(child as t.Statement);
        for (const statement of parent.body.slice(0, Math.max(position, 0)).reverse())
          if (statement.type === 'IfStatement' && !statement.alternate && leaves(statement.consequent)) conditions.push(`!(${text(statement.test)})`);
      }
    }
    return conditions.length === 0 ? undefined : conditions.reverse().join(' && ');
  }

  private conditionField(node: t.Node): { condition?: string } {
    const condition = this.conditionOf(node);
    return condition === undefined ? {} : { condition };
  }

  private unreadable(call: RouteCall, why: string): void {
    this.unreadableReason(call, why);
  }

  private unreadableReason(call: RouteCall, why: string): string {
    const reason = `line ${lineOf(call)}: \`${this.file.text(call.callee)}(…)\`: ${why}`;
    this.out.unreadable.push(reason);
    const modules = this.file.importedModulesIn([call.callee, ...call.arguments]);
    if (modules.length > 0) (this.out.unreadableImports ??= {})[reason] = modules;
    return reason;
  }

  /** A registration whose path the file alone does not give: the surface reads it further (types.ts `deferred`). */
  private defer(call: RouteCall, reason: string, method: string, pathArgument: t.Node, router: RouterRef): void {
    const access = propertyAccess(call.callee);
    const line = access ? lineOf(access.nameNode) : lineOf(call);
    const node = unwrap(pathArgument);
    (this.out.deferred ??= []).push({
      reason,
      method,
      router: router.id,
      line,
      framework: router.framework,
      ...this.conditionField(call),
      start: node.start ?? 0,
      end: node.end ?? 0,
      deps: expressionDependencies(this.file, node),
    });
  }

  // ---- exports ------------------------------------------------------------------------------

  private readExports(): void {
    const exportRouter = (exportName: string, expression: t.Node | undefined): void => {
      if (!expression) return;
      const node = unwrap(expression);
      let router: RouterRef | undefined;
      if (node.type === 'Identifier') {
        const declaration = declarationOf(node, this.file);
        router = declaration && (this.routers.get(declaration) ?? this.pluginRouterOf(declaration));
      } else {
        router = this.routers.get(node) ?? this.pluginRouterOf(node);
      }
      if (router) this.out.exports[exportName] = router.id;
    };
    for (const statement of this.file.source.ast.program.body) {
      const declaration = declarationOfStatement(statement);
      const exported = statement !== declaration;
      const isDefault = statement.type === 'ExportDefaultDeclaration';
      const assigned = exportedExpression(statement);
      if (declaration.type === 'VariableDeclaration' && exported) {
        for (const declarator of declaration.declarations) if (declarator.id.type === 'Identifier') exportRouter(declarator.id.name, declarator);
      } else if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'TSDeclareFunction') && exported) {
        exportRouter(isDefault ? 'default' : (declaration.id?.name ?? 'default'), declaration);
      } else if (assigned) {
        if (this.routers.has(statement)) this.out.exports.default = this.routers.get(statement)!.id;
        else exportRouter('default', assigned);
      } else if (statement.type === 'ExportNamedDeclaration' && statement.source && !statement.declaration) {
        for (const specifier of statement.specifiers) {
          if (specifier.type !== 'ExportSpecifier') continue;
          const exportedName = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
          const local = specifier.local as t.Identifier | t.StringLiteral;
          const localName = local.type === 'Identifier' ? local.name : local.value;
          (this.out.reexports ??= {})[exportedName] = { module: statement.source.value, exportName: localName };
        }
      } else if (statement.type === 'ExportAllDeclaration') {
        (this.out.starReexports ??= []).push(statement.source.value);
      } else if (statement.type === 'ExportNamedDeclaration' && !statement.source && !statement.declaration) {
        for (const specifier of statement.specifiers) {
          if (specifier.type !== 'ExportSpecifier') continue;
          const exportedName = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
          exportRouter(exportedName, specifier.local);
        }
      } else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression' && statement.expression.operator === '=') {
        const target = this.file.source.text.slice(statement.expression.left.start ?? 0, statement.expression.left.end ?? 0);
        if (target === 'module.exports') exportRouter('default', statement.expression.right);
        else if (/^(module\.)?exports\.\w+$/.test(target)) exportRouter(target.split('.').pop()!, statement.expression.right);
      }
    }
  }
}

type RouteCall = t.CallExpression | t.OptionalCallExpression;

/** `'x'` or `` `x` `` without substitutions (the compiler's string-literal-like). */
function isPlainStringLiteral(node: t.Node): boolean {
  return node.type === 'StringLiteral' || (node.type === 'TemplateLiteral' && node.expressions.length === 0);
}

function typeName(type: t.TSType): string | undefined {
  if (type.type === 'TSTypeReference')
    return type.typeName.type === 'Identifier' ? type.typeName.name : type.typeName.type === 'TSQualifiedName' ? type.typeName.right.name : undefined;
  return undefined;
}

/** A statement that always leaves its function or loop (`return`, `throw`, or a block ending in one). */
function leaves(statement: t.Statement): boolean {
  if (statement.type === 'ReturnStatement' || statement.type === 'ThrowStatement') return true;
  const last = statement.type === 'BlockStatement' ? statement.body[statement.body.length - 1] : undefined;
  return last !== undefined && (last.type === 'ReturnStatement' || last.type === 'ThrowStatement');
}
