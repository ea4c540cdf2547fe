import type { CallFramework } from './call-routes.js';
import { ts, type FileSyntax } from './syntax.js';

/**
 * Express and the routers that copy its API: `const app = express()` (an application),
 * `express.Router()` / `Router()` (a router to mount), `router.get('/p', auth, handler)`,
 * `router.route('/p').get(…).post(…)`, `app.use('/api/v1', apiV1Router)`.
 */
export const express: CallFramework = {
  name: 'express',
  modules: /^express$/,
  routerTypes: ['Router', 'Express', 'Application', 'IRouter'],
  createsRouter(expression: ts.CallExpression | ts.NewExpression, file: FileSyntax) {
    const callee = expression.expression;
    if (ts.isIdentifier(callee)) {
      const imported = file.imports.get(callee.text);
      if (imported?.module !== 'express') return undefined;
      if (imported.exportName === 'default' || imported.exportName === '*') return { root: true };
      if (imported.exportName === 'Router') return { root: false };
      return undefined;
    }
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'Router' && ts.isIdentifier(callee.expression)) {
      return file.imports.get(callee.expression.text)?.module === 'express' ? { root: false } : undefined;
    }
    return undefined;
  },
};
