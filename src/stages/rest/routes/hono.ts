import type { CallFramework } from './call-routes.js';
import { ts, type FileSyntax } from './syntax.js';

/**
 * Hono: `new Hono()` (an application, or a sub-app once mounted with `app.route('/posts', posts)`),
 * `.basePath('/api')`, chained `app.get(…).post(…)`, `app.on(['GET', 'POST'], '/p', handler)`.
 */
export const hono: CallFramework = {
  name: 'hono',
  modules: /^hono(\/.*)?$|^@hono\//,
  routerTypes: ['Hono', 'OpenAPIHono'],
  createsRouter(expression: ts.CallExpression | ts.NewExpression, file: FileSyntax) {
    if (!ts.isNewExpression(expression) || !ts.isIdentifier(expression.expression)) return undefined;
    const imported = file.imports.get(expression.expression.text);
    return imported && /^hono(\/.*)?$|^@hono\//.test(imported.module) && ['Hono', 'OpenAPIHono'].includes(imported.exportName) ? { root: true } : undefined;
  },
};
