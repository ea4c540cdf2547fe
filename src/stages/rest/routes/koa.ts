import type { CallFramework, RouterFactoryCall } from './call-routes.js';
import type { FileSyntax } from './syntax.js';

/**
 * koa-router / @koa/router: `new Router({ prefix: '/api' })`, `router.post('documents.list',
 * auth(), validate(T.Schema), handler)` (paths may be dotted RPC names), named routes
 * `router.get('user', '/users/:id', …)`, mounts `router.use('/', child.routes())`.
 */
const MODULES = /^(koa-router|@koa\/router|koa-tree-router)$/;

export const koa: CallFramework = {
  name: 'koa',
  modules: MODULES,
  routerTypes: ['KoaRouter'],
  createsRouter(expression: RouterFactoryCall, file: FileSyntax) {
    if (expression.type !== 'NewExpression' || expression.callee.type !== 'Identifier') return undefined;
    const imported = file.imports.get(expression.callee.name);
    if (!imported || !MODULES.test(imported.module)) return undefined;
    const options = expression.arguments[0] && file.objectValue(expression.arguments[0]);
    const prefix = options && file.propertyOf(options, 'prefix');
    return prefix === undefined ? { root: false } : { root: false, prefix: file.stringValue(prefix) ?? '\u0000' };
  },
};
