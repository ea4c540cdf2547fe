import { readCallRoutes, type CallFramework } from './call-routes.js';
import { nest, readDecoratorRoutes, tsoa, type DecoratorDialect } from './decorators.js';
import { express } from './express.js';
import { expressionDependencies } from './expression-deps.js';
import { fastify } from './fastify.js';
import { hono } from './hono.js';
import { koa } from './koa.js';
import { isNextRouteFile, readNextRoutes } from './nextjs.js';
import { isCall, lineOf, propertyAccess, type FileSyntax } from './syntax.js';
import type { FileRoutes } from './types.js';

/**
 * The registry of web frameworks whose routes are read (ARCHITECTURE.md: one module per framework,
 * this the one list they are added to). Routers called like Express share one reader; decorator
 * controllers another; Next.js reads the file's place in the tree.
 */
export const CALL_FRAMEWORKS: readonly CallFramework[] = [express, koa, fastify, hono];
export const DECORATOR_FRAMEWORKS: readonly DecoratorDialect[] = [nest, tsoa];

/** Calls on the application that move every route (NestJS): compared between the refs, see {@link FileRoutes.globalSettings}. */
const GLOBAL_SETTINGS = new Set(['setGlobalPrefix', 'enableVersioning']);

export function readFileRoutes(path: string, file: FileSyntax, out: FileRoutes): void {
  if (isNextRouteFile(path)) return readNextRoutes(path, file, out);
  if (/setGlobalPrefix|enableVersioning/.test(file.source.text)) {
    file.walk((node) => {
      const access = isCall(node) ? propertyAccess(node.callee) : undefined;
      // What the call does is its arguments (the application it is called on is the one there is).
      if (access && GLOBAL_SETTINGS.has(access.name))
        (out.globalSettings ??= []).push({ line: lineOf(node), deps: expressionDependencies(file, node, access.object) });
    });
  }
  const modules = [...file.importedModules()];
  const decorators = DECORATOR_FRAMEWORKS.filter((dialect) => modules.some((module) => dialect.modules.test(module)));
  for (const dialect of decorators) readDecoratorRoutes(file, dialect, out);
  if (decorators.length === 0) readCallRoutes(file, CALL_FRAMEWORKS, out);
}
