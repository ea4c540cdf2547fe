import type { FileRoutes } from './types.js';
import { walk } from '../../../syntax/parse.js';
import {
  bindingName,
  declarationOfStatement,
  isCall,
  isDeclaration,
  isFunctionExpression,
  lineOf,
  propertyAccess,
  unwrap,
  type FileSyntax,
  type t,
} from './syntax.js';

/**
 * Next.js route files: the file's place gives the path, its exports the methods.
 * App router: `app/**\/route.ts` exporting `GET`, `POST`… (functions, constants, `export { h as GET }`,
 * `export const { GET, POST } = handlers`); route groups `(admin)` and slots `@modal` are not in
 * the URL, `[id]` is a parameter, `[...slug]` a catch-all. Pages router: `pages/api/**` default
 * export answers the methods its handler accepts when it answers the others with 405 (see
 * {@link acceptedMethods}), else every method (`ALL`). `export *` hides which methods exist: unreadable.
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
  if (!handler) return;
  const methods = acceptedMethods(handlerFunction(handler.node, file), file) ?? ['ALL'];
  for (const method of methods) out.routes.push({ method, path: url, line: lineOf(handler.node), router: '', framework: 'nextjs' });
}

/** The function a `pages/api` default export runs: declared there, named, or the first argument of a wrapper (`withAuth(handler)`). */
function handlerFunction(exported: t.Node, file: FileSyntax, depth = 0): t.Node | undefined {
  if (depth > 4) return undefined;
  let node: t.Node = exported;
  if (node.type === 'ExportDefaultDeclaration') node = node.declaration;
  node = unwrap(node);
  if (node.type === 'FunctionDeclaration' || isFunctionExpression(node)) return node;
  if (node.type === 'VariableDeclarator') return node.init ? handlerFunction(node.init, file, depth + 1) : undefined;
  if (node.type === 'Identifier') {
    const declared = file.declarationsIn(file.source.ast.program)?.get(node.name);
    return declared ? handlerFunction(declared, file, depth + 1) : undefined;
  }
  if (isCall(node) && node.arguments.length === 1 && node.arguments[0]!.type !== 'SpreadElement') return handlerFunction(node.arguments[0]!, file, depth + 1);
  return undefined;
}

/**
 * The methods a pages-router handler accepts, when its body says so at its top level and answers
 * every other method with 405: a guard `if (req.method !== 'POST') return …405…`, a `switch
 * (req.method)` whose `default` (or what follows it) answers 405, or `if (req.method === 'GET') {…
 * return}` branches followed by a 405. Anything else (no 405, a method from elsewhere): `undefined`,
 * read as every method.
 */
export function acceptedMethods(fn: t.Node | undefined, file: FileSyntax): string[] | undefined {
  if (!fn || !(fn.type === 'FunctionDeclaration' || isFunctionExpression(fn)) || fn.body.type !== 'BlockStatement') return undefined;
  const request = fn.params[0]?.type === 'Identifier' ? fn.params[0].name : undefined;
  if (request === undefined) return undefined;
  const isMethod = (node: t.Node) => {
    const access = propertyAccess(unwrap(node));
    return access?.name === 'method' && access.object.type === 'Identifier' && access.object.name === request;
  };
  /** `req.method === 'X'` (or `'X' === req.method`, `==`): the method; or several joined by `||`. */
  const methodsTested = (test: t.Node, operator: '===' | '!=='): string[] | undefined => {
    const node = unwrap(test);
    if (node.type === 'LogicalExpression' && node.operator === (operator === '===' ? '||' : '&&')) {
      const left = methodsTested(node.left, operator);
      const right = methodsTested(node.right, operator);
      return left && right ? [...left, ...right] : undefined;
    }
    if (node.type !== 'BinaryExpression' || node.operator.replace(/=+$/, '') !== operator.replace(/=+$/, '') || node.left.type === 'PrivateName')
      return undefined;
    const value = isMethod(node.left) ? file.stringValue(node.right) : isMethod(node.right) ? file.stringValue(node.left) : undefined;
    return value === undefined ? undefined : [value.toUpperCase()];
  };
  const statements = fn.body.body;
  for (const [index, statement] of statements.entries()) {
    if (statement.type === 'IfStatement') {
      const rejected = methodsTested(statement.test, '!==');
      if (rejected && !statement.alternate && leaves(statement.consequent) && answers405(statement.consequent)) return unique(rejected);
      const accepted: string[] = [];
      let allLeave = true;
      let branch: t.Statement | null | undefined = statement;
      while (branch?.type === 'IfStatement') {
        const methods = methodsTested(branch.test, '===');
        if (!methods) return undefined;
        accepted.push(...methods);
        allLeave &&= leaves(branch.consequent);
        branch = branch.alternate;
      }
      // Either a final `else` answers 405, or every branch leaves and what follows answers 405.
      if (branch ? answers405(branch) : allLeave && statements.slice(index + 1).some(answers405)) return unique(accepted);
      return undefined;
    }
    if (statement.type === 'SwitchStatement' && isMethod(statement.discriminant)) {
      const accepted: string[] = [];
      let otherwise: t.Node[] | undefined;
      for (const branch of statement.cases) {
        if (!branch.test) otherwise = branch.consequent;
        else {
          const method = file.stringValue(branch.test);
          if (method === undefined) return undefined;
          accepted.push(method.toUpperCase());
        }
      }
      if (otherwise ? otherwise.some(answers405) : statements.slice(index + 1).some(answers405)) return unique(accepted);
      return undefined;
    }
    // Statements before the dispatch that do not depend on the method (a session read) are passed over;
    // one that answers or leaves may answer every method.
    if (statement.type === 'ReturnStatement' || statement.type === 'ThrowStatement' || mentions(statement, isMethod)) return undefined;
  }
  return undefined;
}

function unique(methods: readonly string[]): string[] | undefined {
  return methods.length === 0 ? undefined : [...new Set(methods)].sort();
}

/** A statement that always leaves (`return`, `throw`, or a block ending in one). */
function leaves(statement: t.Statement): boolean {
  if (statement.type === 'ReturnStatement' || statement.type === 'ThrowStatement') return true;
  const last = statement.type === 'BlockStatement' ? statement.body[statement.body.length - 1] : undefined;
  return last !== undefined && leaves(last);
}

/** Whether a statement answers 405 (`res.status(405)`, `StatusCodes.METHOD_NOT_ALLOWED`). */
function answers405(node: t.Node): boolean {
  return mentions(
    node,
    (inner) =>
      (inner.type === 'NumericLiteral' && inner.value === 405) || (inner.type === 'Identifier' && /^(METHOD_NOT_ALLOWED|MethodNotAllowed)$/.test(inner.name)),
  );
}

function mentions(root: t.Node, matches: (node: t.Node) => boolean): boolean {
  let found = false;
  walk(root, (node) => {
    if (found) return false;
    if (matches(node)) found = true;
    return undefined;
  });
  return found;
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
      if (statement.specifiers.some((specifier) => specifier.type === 'ExportNamespaceSpecifier'))
        out.unreadable.push(`line ${lineOf(statement)}: \`export * as\` hides which methods are exported`);
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
