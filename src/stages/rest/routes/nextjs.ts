import type { FileRoutes } from './types.js';
import { bindingName, declarationOfStatement, isDeclaration, lineOf, type FileSyntax, type t } from './syntax.js';

/**
 * Next.js route files: the file's place gives the path, its exports the methods.
 * App router: `app/**\/route.ts` exporting `GET`, `POST`… (functions, constants, `export { h as GET }`,
 * `export const { GET, POST } = handlers`); route groups `(admin)` and slots `@modal` are not in
 * the URL, `[id]` is a parameter, `[...slug]` a catch-all. Pages router: `pages/api/**` default
 * export answers every method. `export *` hides which methods exist: unreadable.
 */
const APP_ROUTE = /(?:^|\/)app\/((?:[^/]+\/)*)route\.[cm]?[jt]sx?$/;
const PAGES_API = /(?:^|\/)pages\/(api(?:\/[^/]+)*?)(?:\/index)?\.[cm]?[jt]sx?$/;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export function isNextRouteFile(path: string): boolean {
  return APP_ROUTE.test(path) || PAGES_API.test(path);
}

export function readNextRoutes(path: string, file: FileSyntax, out: FileRoutes): void {
  const app = APP_ROUTE.exec(path);
  if (app) {
    const url = urlOf(app[1]!.split('/').filter((segment) => segment !== ''));
    if (url === undefined) return; // a private folder (_lib): not routable
    for (const { name, node } of exportedNames(file, out)) {
      if (METHODS.has(name)) out.routes.push({ method: name, path: url, line: lineOf(node), router: '', framework: 'nextjs' });
    }
    return;
  }
  const pages = PAGES_API.exec(path);
  if (!pages) return;
  const url = urlOf(pages[1]!.split('/'));
  if (url === undefined) return;
  const handler = exportedNames(file, out).find((exported) => exported.name === 'default');
  if (handler) out.routes.push({ method: 'ALL', path: url, line: lineOf(handler.node), router: '', framework: 'nextjs' });
}

function urlOf(segments: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith('_')) return undefined;
    if (/^\(.*\)$/.test(segment) || segment.startsWith('@')) continue;
    const optionalCatchAll = /^\[\[\.\.\.(.+)\]\]$/.exec(segment);
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
    const parameter = /^\[(.+)\]$/.exec(segment);
    if (optionalCatchAll) parts.push(`*${optionalCatchAll[1]}?`);
    else if (catchAll) parts.push(`*${catchAll[1]}`);
    else if (parameter) parts.push(`:${parameter[1]}`);
    else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

function exportedNames(file: FileSyntax, out: FileRoutes): { name: string; node: t.Node }[] {
  const names: { name: string; node: t.Node }[] = [];
  for (const statement of file.source.ast.program.body) {
    const declaration = declarationOfStatement(statement);
    const exported = declaration !== statement;
    const isDefault = statement.type === 'ExportDefaultDeclaration';
    if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'TSDeclareFunction') && exported) {
      names.push({ name: isDefault ? 'default' : (declaration.id?.name ?? 'default'), node: statement });
    } else if (declaration.type === 'VariableDeclaration' && exported) {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier') names.push({ name: declarator.id.name, node: declarator });
        else if (declarator.id.type === 'ObjectPattern') {
          for (const element of declarator.id.properties) {
            const name = bindingName(element);
            if (name !== undefined) names.push({ name, node: element });
          }
        } else out.unreadable.push(`line ${lineOf(declarator)}: an exported array pattern hides which methods are exported`);
      }
    } else if (statement.type === 'ExportDefaultDeclaration' && !isDeclaration(statement.declaration)) names.push({ name: 'default', node: statement });
    else if (statement.type === 'ExportAllDeclaration') out.unreadable.push(`line ${lineOf(statement)}: \`export *\` hides which methods are exported`);
    else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      if (statement.specifiers.some((specifier) => specifier.type === 'ExportNamespaceSpecifier')) out.unreadable.push(`line ${lineOf(statement)}: \`export * as\` hides which methods are exported`);
      else {
        for (const specifier of statement.specifiers) {
          if (specifier.type !== 'ExportSpecifier') continue;
          names.push({ name: specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value, node: specifier });
        }
      }
    }
  }
  return names;
}
