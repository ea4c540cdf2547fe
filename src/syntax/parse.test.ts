import { describe, expect, it } from 'vitest';
import {
  endLineOf,
  lineOf,
  literalKeyName,
  parseSource,
  propertyKeyName,
  shortSourceOf,
  sourceOf,
  staticString,
  unwrapExpression,
  walk,
  type t,
} from './parse.js';

function parsed(path: string, text: string): t.File {
  const result = parseSource(path, text);
  if (!result.ok) throw new Error(result.reason);
  return result.ast;
}

function nodesOfType(root: t.Node, type: t.Node['type']): t.Node[] {
  const found: t.Node[] = [];
  walk(root, (node) => {
    if (node.type === type) found.push(node);
  });
  return found;
}

describe('parseSource', () => {
  it.each([
    [
      'TypeScript with generics, satisfies, enums and legacy decorators',
      'x.ts',
      "import type { Knex } from 'knex';\nenum E { A }\n@Injectable()\nclass S { constructor(@Inject('x') private readonly y: string) {} }\nexport const c = { a: 1 } satisfies Record<string, number>;\nexport async function up<T>(knex: Knex): Promise<void> { await knex.raw<T>('select 1'); }\n",
    ],
    ['TSX', 'x.tsx', 'export const App = () => <div>{(1 as number).toString()}</div>;\n'],
    ['a CommonJS script with a top-level return', 'x.cjs', "if (!process.env.X) return;\nmodule.exports = { up: async (knex) => knex.raw('select 1') };\n"],
    ['JavaScript with JSX', 'x.js', 'export default () => <p />;\n'],
    ['a module with top-level await and import attributes', 'x.mjs', "import data from './d.json' with { type: 'json' };\nawait Promise.resolve(data);\n"],
    ['TypeScript import = require and export =', 'x.cts', "import fs = require('fs');\nexport = fs;\n"],
    [
      'a declaration file (ambient: a const without initializer)',
      'x.d.ts',
      'export declare const a: string;\nexport const b: number;\nexport function f(): void;\n',
    ],
    ['a module declaration file', 'x.d.mts', 'export const c: string[];\n'],
    [
      'an import of JSON with the older `assert` keyword (TypeScript < 5.3, Node 17–21)',
      'config.ts',
      "import pkg from '../package.json' assert { type: 'json' };\nexport const version = process.env.VERSION ?? pkg.version;\n",
    ],
    ['`accessor` fields, decorated or not (TypeScript 4.9)', 'x.ts', 'class A { accessor x = 1; @observable accessor y = 2; }\n'],
    ['a standard decorator after `export` (TypeScript 5)', 'x.ts', "export @Controller('users') class UsersController {}\n"],
    [
      'a deferred import (TypeScript 5.9) beside a default import named `defer`',
      'x.ts',
      "import defer * as heavy from './heavy';\nimport defer2 from 'p-defer';\nimport defer from 'p-defer';\n",
    ],
    ['legacy parameter decorators next to an `accessor`', 'x.ts', "class S { constructor(@Inject('x') private readonly y: string) {} accessor z = 1; }\n"],
  ])('parses %s', (_, path, text) => {
    expect(parseSource(path, text).ok).toBe(true);
  });

  it('reports the first syntax error with its line and never throws', () => {
    const result = parseSource('db/m.ts', 'export async function up() {\n  await knex.raw(\n}\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(3);
    expect(result.reason).toMatch(/^db\/m\.ts:3 does not parse: /);
    expect(result.reason).not.toMatch(/\(\d+:\d+\)$/);
  });

  it("reports the first complaint, not the second dialect's, when a file with decorators parses in neither", () => {
    // Legacy decorators stop at line 3; standard ones would stop at line 2 (a parameter decorator).
    const result = parseSource('s.ts', "class S {\n  constructor(@Inject('x') y) {}\n  x = ;\n}\n");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(3);
  });

  it('does not read TypeScript-only syntax in a .js file', () => {
    expect(parseSource('m.js', 'const x: number = 1;\n').ok).toBe(false);
  });
});

describe('walking', () => {
  const text = "// a comment that Babel attaches to the next node\nconst a = (b as any)!.c('x', `y`, `z${1}`);\n/* trailing */\n";
  const ast = parsed('w.ts', text);

  it('visits nodes in source order and never visits comments', () => {
    const types: string[] = [];
    walk(ast, (node) => {
      types.push(node.type);
    });
    expect(types.some((type) => type.startsWith('Comment'))).toBe(false);
    expect(types.slice(0, 5)).toEqual(['File', 'Program', 'VariableDeclaration', 'VariableDeclarator', 'Identifier']);
    const literals = nodesOfType(ast, 'StringLiteral');
    expect(literals.map((node) => (node as t.StringLiteral).value)).toEqual(['x']);
  });

  it('skips the children of a node when the visitor returns false', () => {
    const seen: string[] = [];
    walk(ast, (node) => {
      seen.push(node.type);
      return node.type !== 'CallExpression';
    });
    expect(seen).toContain('CallExpression');
    expect(seen).not.toContain('StringLiteral');
  });

  it('gives lines, source text and a shortened one-line form', () => {
    const [call] = nodesOfType(ast, 'CallExpression') as t.CallExpression[];
    expect(lineOf(call!)).toBe(2);
    expect(endLineOf(call!)).toBe(2);
    expect(sourceOf(call!, text)).toBe("(b as any)!.c('x', `y`, `z${1}`)");
    expect(shortSourceOf(call!, text, 10)).toBe('(b as a…');
  });

  it('unwraps type-only wrappers and reads static strings', () => {
    const [call] = nodesOfType(ast, 'CallExpression') as t.CallExpression[];
    const callee = call!.callee as t.MemberExpression;
    expect(unwrapExpression(callee.object).type).toBe('Identifier');
    expect(call!.arguments.map((argument) => staticString(argument))).toEqual(['x', 'y', undefined]);
  });

  it('names object keys as written, not computed ones', () => {
    const object = nodesOfType(parsed('k.ts', "const o = { a: 1, 'b': 2, 3: 3, ['d']: 4, [e]: 5 };"), 'ObjectProperty') as t.ObjectProperty[];
    expect(object.map((property) => propertyKeyName(property.key, property.computed))).toEqual(['a', 'b', '3', 'd', undefined]);
    // As the compiler's property name gave it: a computed key has none, even a literal one.
    expect(object.map((property) => literalKeyName(property))).toEqual(['a', 'b', '3', undefined, undefined]);
  });
});
