import { describe, expect, it } from 'vitest';
import { moduleBindings } from './bindings.js';
import { binaryConstant, constantText, ConstantEvaluator, enumMembers, memberConstant } from './constants.js';
import { resolveImport } from './modules.js';
import { parseSource, type t } from './parse.js';

function parse(path: string, text: string): t.File {
  const parsed = parseSource(path, text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.ast;
}

function evaluator(files: Record<string, string>) {
  const asts = new Map<string, t.File>();
  return new ConstantEvaluator({
    load(path) {
      if (!Object.hasOwn(files, path)) return undefined;
      let ast = asts.get(path);
      if (!ast) asts.set(path, (ast = parse(path, files[path]!)));
      return { path, ast };
    },
    resolve: (from, specifier) => resolveImport(from, specifier, (path) => Object.hasOwn(files, path)),
  });
}

describe('moduleBindings', () => {
  it('reads every ES import shape', () => {
    const { imports } = moduleBindings(
      parse('a.ts', "import d, { a, b as c, type T } from './m';\nimport * as ns from './n';\nimport type { U } from './u';\n"),
    );
    expect(imports.map(({ local, imported, specifier, typeOnly }) => [local, imported, specifier, typeOnly])).toEqual([
      ['d', 'default', './m', false],
      ['a', 'a', './m', false],
      ['c', 'b', './m', false],
      ['T', 'T', './m', true],
      ['ns', '*', './n', false],
      ['U', 'U', './u', true],
    ]);
  });

  it('reads CommonJS require: whole module, destructured, one member', () => {
    const { imports } = moduleBindings(parse('a.js', "const m = require('./m');\nconst { a, b: c } = require('./n');\nconst x = require('./o').x;\n"));
    expect(imports.map(({ local, imported, specifier }) => [local, imported, specifier])).toEqual([
      ['m', '*', './m'],
      ['a', 'a', './n'],
      ['c', 'b', './n'],
      ['x', 'x', './o'],
    ]);
  });

  it('reads every export shape', () => {
    const { exports, starExports } = moduleBindings(
      parse(
        'a.ts',
        "export const A = 1;\nconst B = 2;\nexport { B as Bee };\nexport { C } from './c';\nexport * as NS from './ns';\nexport * from './all';\nexport default function main() {}\nexport type { T } from './t';\n",
      ),
    );
    expect(
      [...exports.values()].map((binding) =>
        binding.kind === 'local' ? [binding.exported, 'local', binding.local] : [binding.exported, binding.imported, binding.specifier],
      ),
    ).toEqual([
      ['A', 'local', 'A'],
      ['Bee', 'local', 'B'],
      ['C', 'C', './c'],
      ['NS', '*', './ns'],
      ['default', 'local', 'main'],
    ]);
    expect(starExports).toEqual(['./all']);
  });

  it('reads module.exports and exports.x', () => {
    const { exports } = moduleBindings(parse('a.js', "const port = 3000;\nmodule.exports = { port, host: 'h' };\nexports.extra = 'e';\n"));
    expect([...exports.keys()]).toEqual(['default', 'port', 'host', 'extra']);
  });
});

describe('ConstantEvaluator', () => {
  const files = {
    'src/constants.ts': [
      'export const DEFAULT_PORT = 3000;',
      "export const PREFIX = 'APP';",
      "export const NAMES = ['A', 'B'] as const;",
      'export const LIMITS = { max: 10, nested: { name: `${PREFIX}_MAX` } };',
      "export enum Mode { Fast, Slow = 5, Next, Named = 'n' }",
      'export let mutable = 1;',
    ].join('\n'),
    'src/index.ts': "export * from './constants';\nexport { PREFIX as P } from './constants';\n",
    'src/use.ts': [
      "import { DEFAULT_PORT, LIMITS, Mode, NAMES, mutable } from './index';",
      "import * as C from './constants';",
      "import { P } from '.';",
      'export const a = DEFAULT_PORT + 1;',
      'export const b = `${P}_${NAMES[1]}`;',
      'export const c = LIMITS.nested.name;',
      'export const d = Mode.Slow + Mode.Next;',
      'export const e = C.PREFIX;',
      'export const f = mutable;',
      "export const g = process.env.X ?? 'x';",
      "export const h = [...NAMES, 'C'];",
    ].join('\n'),
  };
  const evaluate = (name: string) => evaluator(files).exported('src/use.ts', name);

  it.each([
    ['a', 3001],
    ['b', 'APP_B'],
    ['c', 'APP_MAX'],
    ['d', 11],
    ['e', 'APP'],
    ['h', ['A', 'B', 'C']],
  ])('%s is %j (through imports, re-exports, export * and namespaces)', (name, expected) => {
    expect(evaluate(name)).toEqual(expected);
  });

  it('is no constant for a `let` or a run-time value', () => {
    expect(evaluate('f')).toBeUndefined();
    expect(evaluate('g')).toBeUndefined();
  });

  it('records the modules a value came from', () => {
    const constants = evaluator(files);
    constants.exported('src/use.ts', 'b');
    expect([...constants.visited].sort()).toEqual(['src/constants.ts', 'src/index.ts', 'src/use.ts']);
  });
});

describe('the value operations every evaluator shares (constants.ts)', () => {
  it('text, concatenation, arithmetic and member access as JavaScript does them on constants', () => {
    expect([constantText('a'), constantText(1), constantText(null), constantText([1, null, ['x', 2]]), constantText({ a: 1 })]).toEqual([
      'a',
      '1',
      'null',
      '1,,x,2',
      undefined,
    ]);
    expect([
      binaryConstant('+', 'v', 2),
      binaryConstant('+', [1, 2], ''),
      binaryConstant('*', 60, 1000),
      binaryConstant('+', true, 1),
      binaryConstant('%', 5, 2),
    ]).toEqual(['v2', '1,2', 60000, undefined, undefined]);
    expect([
      memberConstant({ a: 1 }, 'a'),
      memberConstant({ a: 1 }, 'toString'),
      memberConstant(['x', 'y'], '1'),
      memberConstant('abc', 'length'),
      memberConstant(['x'], 'length'),
    ]).toEqual([1, undefined, 'y', 3, 1]);
  });
});

describe('enum members as TypeScript numbers them (constants.ts enumMembers)', () => {
  const membersOf = (text: string) => {
    const parsed = parseSource('e.ts', text);
    if (!parsed.ok) throw new Error('does not parse');
    const declaration = parsed.ast.program.body[0] as t.TSEnumDeclaration;
    const members = enumMembers(declaration, (initializer) =>
      initializer.type === 'StringLiteral' || initializer.type === 'NumericLiteral' ? initializer.value : undefined,
    );
    return Array.isArray(members) ? members.map(({ name, value }) => [name, value]) : `unreadable ${(members.unreadable.id as t.Identifier).name}`;
  };
  it.each([
    [
      'enum E { A, B, C }',
      [
        ['A', 0],
        ['B', 1],
        ['C', 2],
      ],
    ],
    [
      "enum E { A = 10, B, 'C' = 'c' }",
      [
        ['A', 10],
        ['B', 11],
        ['C', 'c'],
      ],
    ],
    ["enum E { A = 'a', B }", 'unreadable B'],
    ['enum E { A = f() }', 'unreadable A'],
  ])('%s', (text, expected) => expect(membersOf(text)).toEqual(expected));
});
