import type { CallFramework, RouterFactoryCall } from './call-routes.js';
import { isCall, type FileSyntax } from './syntax.js';

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
  createsRouter(expression: RouterFactoryCall, file: FileSyntax) {
    if (!isCall(expression) || expression.callee.type !== 'Identifier') return undefined;
    const imported = file.imports.get(expression.callee.name);
    return imported?.module === 'fastify' && (imported.exportName === 'default' || imported.exportName === 'fastify') ? { root: true } : undefined;
  },
};
