import type { CallFramework, RouterFactoryCall } from './call-routes.js';
import { propertyAccess, type FileSyntax } from './syntax.js';

/**
 * Express and the routers that copy its API: `const app = express()` (an application),
 * `express.Router()` / `Router()` (a router to mount), `router.get('/p', auth, handler)`,
 * `router.route('/p').get(…).post(…)`, `app.use('/api/v1', apiV1Router)`.
 */
export const express: CallFramework = {
  name: 'express',
  modules: /^express$/,
  routerTypes: ['Router', 'Express', 'Application', 'IRouter'],
  createsRouter(expression: RouterFactoryCall, file: FileSyntax) {
    const callee = expression.callee;
    if (callee.type === 'Identifier') {
      const imported = file.imports.get(callee.name);
      if (imported?.module !== 'express') return undefined;
      if (imported.exportName === 'default' || imported.exportName === '*') return { root: true };
      if (imported.exportName === 'Router') return { root: false };
      return undefined;
    }
    const access = propertyAccess(callee);
    if (access && access.name === 'Router' && access.object.type === 'Identifier') {
      return file.imports.get(access.object.name)?.module === 'express' ? { root: false } : undefined;
    }
    return undefined;
  },
};
