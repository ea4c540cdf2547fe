import type { CallFramework } from './call-routes.js';
import { ts, type FileSyntax } from './syntax.js';

/**
 * Fastify: `const app = Fastify()` (an application), plugins whose first parameter is the
 * instance (`FastifyPluginAsync`, or any function given to `register`), `fastify.get('/p', opts,
 * handler)`, `fastify.route({ method, url })`, `app.register(plugin, { prefix: '/v1' })`.
 */
export const fastify: CallFramework = {
  name: 'fastify',
  modules: /^fastify$/,
  routerTypes: ['FastifyInstance'],
  pluginTypes: ['FastifyPluginAsync', 'FastifyPluginCallback', 'FastifyPluginAsyncTypebox', 'FastifyPluginAsyncZod', 'FastifyPluginAsyncJsonSchemaToTs'],
  createsRouter(expression: ts.CallExpression | ts.NewExpression, file: FileSyntax) {
    if (!ts.isCallExpression(expression) || !ts.isIdentifier(expression.expression)) return undefined;
    const imported = file.imports.get(expression.expression.text);
    return imported?.module === 'fastify' && (imported.exportName === 'default' || imported.exportName === 'fastify') ? { root: true } : undefined;
  },
};
