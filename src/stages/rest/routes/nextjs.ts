import type { FileRoutes } from './types.js';
import { lineOf, ts, type FileSyntax } from './syntax.js';

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

function exportedNames(file: FileSyntax, out: FileRoutes): { name: string; node: ts.Node }[] {
  const names: { name: string; node: ts.Node }[] = [];
  for (const statement of file.source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
    if (ts.isFunctionDeclaration(statement) && exported) names.push({ name: isDefault ? 'default' : (statement.name?.text ?? 'default'), node: statement });
    else if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push({ name: declaration.name.text, node: declaration });
        else if (ts.isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) if (ts.isIdentifier(element.name)) names.push({ name: element.name.text, node: element });
        } else out.unreadable.push(`line ${lineOf(declaration)}: an exported array pattern hides which methods are exported`);
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) names.push({ name: 'default', node: statement });
    else if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause) out.unreadable.push(`line ${lineOf(statement)}: \`export *\` hides which methods are exported`);
      else if (ts.isNamedExports(statement.exportClause)) for (const element of statement.exportClause.elements) names.push({ name: element.name.text, node: element });
      else out.unreadable.push(`line ${lineOf(statement)}: \`export * as\` hides which methods are exported`);
    }
  }
  return names;
}
