import { isFunctionLike, type FunctionLike } from './ast.js';
import { isCall, walk, type t } from './parse.js';

/**
 * Whether what the code at a line works on can come from its callers: the line sits in a function
 * that other code calls by name (a declaration, a method, a function kept in a variable or property)
 * and that takes parameters (or reads `this`/`arguments`). Then the line depends on every call site,
 * not only on its file and imports: an unchanged `getEnv(name) { return process.env[name] }` reads
 * another variable when a changed file calls it with another name. A callback written inline as an
 * argument (`keys.filter((key) => …)`) is called by the callee with values of the enclosing code:
 * it adds no inflow of its own. Module-level code depends on its file and imports only.
 */
export function callersFlowInto(ast: t.File, line: number): boolean {
  let flows = false;
  walk(ast, (node, parent) => {
    if (flows) return false;
    const start = node.loc?.start.line ?? 0;
    const end = node.loc?.end.line ?? 0;
    if (line < start || line > end) return false;
    if (isFunctionLike(node) && !isInlineCallback(node, parent) && takesInput(node)) flows = true;
    return undefined;
  });
  return flows;
}

function isInlineCallback(node: FunctionLike, parent: t.Node | undefined): boolean {
  if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression') return false;
  return (isCall(parent) || parent?.type === 'NewExpression') && (parent.arguments as t.Node[]).includes(node);
}

function takesInput(node: FunctionLike): boolean {
  if (node.params.length > 0) return true;
  let uses = false;
  walk(node.body, (inner) => {
    if (uses) return false;
    if (inner.type === 'ThisExpression' || (inner.type === 'Identifier' && inner.name === 'arguments')) uses = true;
    // A nested function's own `this`/`arguments` are its own (arrows share them).
    return inner !== node.body && (inner.type === 'FunctionExpression' || inner.type === 'FunctionDeclaration') ? false : undefined;
  });
  return uses;
}
