import type { CallFramework, RouterFactoryCall } from './call-routes.js';
import type { FileSyntax } from './syntax.js';

/**
 * Hono: `new Hono()` (an application, or a sub-app once mounted with `app.route('/posts', posts)`),
 * `.basePath('/api')`, chained `app.get(…).post(…)`, `app.on(['GET', 'POST'], '/p', handler)`.
 */
export const hono: CallFramework = {
  name: 'hono',
  modules: /^hono(\/.*)?$|^@hono\//,
  routerTypes: ['Hono', 'OpenAPIHono'],
  createsRouter(expression: RouterFactoryCall, file: FileSyntax) {
    if (expression.type !== 'NewExpression' || expression.callee.type !== 'Identifier') return undefined;
    const imported = file.imports.get(expression.callee.name);
    return imported && /^hono(\/.*)?$|^@hono\//.test(imported.module) && ['Hono', 'OpenAPIHono'].includes(imported.exportName) ? { root: true } : undefined;
  },
};
