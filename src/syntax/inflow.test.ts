import { describe, expect, it } from 'vitest';
import { callersFlowInto } from './inflow.js';
import { parseSource } from './parse.js';

function flows(text: string, line: number): boolean {
  const parsed = parseSource('a.ts', text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return callersFlowInto(parsed.ast, line);
}

describe('callersFlowInto', () => {
  it.each([
    ['module level', 'const a = process.env[name];', 1, false],
    ['an inline callback of module-level code', 'NAMES.map((name) => process.env[name]);', 1, false],
    ['a function with a parameter', 'export function getEnv(name) {\n  return process.env[name];\n}', 2, true],
    ['an arrow kept in a variable', 'const getEnv = (name) =>\n  process.env[name];', 2, true],
    ['a function without parameters', "function load() {\n  return Object.keys(process.env).filter((k) => k.startsWith('NEXT_PUBLIC_'));\n}", 2, false],
    ['a method reading this', 'class C {\n  get() {\n    return process.env[this.key];\n  }\n}', 3, true],
    ['a callback inside a parameterised function', 'function f(prefix) {\n  return keys.filter((k) => k.startsWith(prefix));\n}', 2, true],
  ])('%s', (_name, text, line, expected) => {
    expect(flows(text, line)).toBe(expected);
  });
});
