import type { CallFramework } from './call-routes.js';
import { ts, type FileSyntax } from './syntax.js';

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
  createsRouter(expression: ts.CallExpression | ts.NewExpression, file: FileSyntax) {
    if (!ts.isNewExpression(expression) || !ts.isIdentifier(expression.expression)) return undefined;
    const imported = file.imports.get(expression.expression.text);
    if (!imported || !MODULES.test(imported.module)) return undefined;
    const options = expression.arguments?.[0] && file.objectValue(expression.arguments[0]);
    const prefix = options && file.propertyOf(options, 'prefix');
    return prefix === undefined ? { root: false } : { root: false, prefix: file.stringValue(prefix) ?? '\u0000' };
  },
};
