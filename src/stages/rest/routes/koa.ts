import type { CallFramework, RouterFactoryCall } from './call-routes.js';
import type { FileSyntax } from './syntax.js';

/**
 * koa-router / @koa/router: `new Router({ prefix: '/api' })`, `router.post('documents.list',
 * auth(), validate(T.Schema), handler)` (paths may be dotted RPC names), named routes
 * `router.get('user', '/users/:id', …)`, `router.prefix('/v1')`, mounts `router.use('/', child.routes())`
 * and `app.use(router.routes())` on the Koa application.
 */
const MODULES = /^(koa-router|@koa\/router|koa-tree-router)$/;

export const koa: CallFramework = {
  name: 'koa',
  modules: /^(koa|koa-router|@koa\/router|koa-tree-router)$/,
  routerTypes: ['KoaRouter'],
  createsRouter(expression: RouterFactoryCall, file: FileSyntax) {
    if (expression.type !== 'NewExpression' || expression.callee.type !== 'Identifier') return undefined;
    const imported = file.imports.get(expression.callee.name);
    // `new Koa()`: the application, whose `app.use(router.routes())` serves a router at its own paths.
    if (imported?.module === 'koa') return { root: true };
    if (!imported || !MODULES.test(imported.module)) return undefined;
    const options = expression.arguments[0] && file.objectValue(expression.arguments[0]);
    const prefix = options && file.propertyOf(options, 'prefix');
    return prefix === undefined ? { root: false } : { root: false, prefix: file.stringValue(prefix) ?? '\u0000' };
  },
};
