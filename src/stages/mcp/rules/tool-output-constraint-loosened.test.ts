import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-output-constraint-loosened.js';

const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);
/** A one-tool snapshot whose output property `v` is `value`. */
const output = (value: Record<string, unknown>) => ({
  tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { v: value } } }],
});
const flagged = (keyword: string, before: string, after: string): Finding[] => [
  {
    rule: 'tool-output-constraint-loosened',
    params: { tool: 't', property: 'v', keyword, before, after },
    evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/v' },
  },
];

describe('tool-output-constraint-loosened', () => {
  it.each<{ name: string; base: Record<string, unknown>; revision: Record<string, unknown>; expected: Finding[] }>([
    {
      name: 'flagged: maxLength raised',
      base: { type: 'string', maxLength: 5 },
      revision: { type: 'string', maxLength: 10 },
      expected: flagged('maxLength', '5', '10'),
    },
    {
      name: 'flagged: minimum lowered',
      base: { type: 'integer', minimum: 1 },
      revision: { type: 'integer', minimum: 0 },
      expected: flagged('minimum', '1', '0'),
    },
    { name: 'flagged: pattern dropped', base: { type: 'string', pattern: '^a' }, revision: { type: 'string' }, expected: flagged('pattern', '"^a"', 'none') },
    {
      name: 'flagged: pattern changed (not provably a subset)',
      base: { type: 'string', pattern: '^a' },
      revision: { type: 'string', pattern: '^b' },
      expected: flagged('pattern', '"^a"', '"^b"'),
    },
    {
      name: 'flagged: uniqueItems dropped',
      base: { type: 'array', uniqueItems: true },
      revision: { type: 'array' },
      expected: flagged('uniqueItems', 'true', 'none'),
    },
    { name: 'flagged: enum dropped', base: { enum: ['a'] }, revision: {}, expected: flagged('enum', '["a"]', 'none') },
    {
      name: 'flagged: multipleOf 2 → 3 (admits 3)',
      base: { type: 'integer', multipleOf: 2 },
      revision: { type: 'integer', multipleOf: 3 },
      expected: flagged('multipleOf', '2', '3'),
    },
    {
      name: 'ok: maxLength lowered (every new value was allowed)',
      base: { type: 'string', maxLength: 10 },
      revision: { type: 'string', maxLength: 5 },
      expected: [],
    },
    { name: 'ok: multipleOf 2 → 4', base: { type: 'integer', multipleOf: 2 }, revision: { type: 'integer', multipleOf: 4 }, expected: [] },
    { name: 'ok: pattern added', base: { type: 'string' }, revision: { type: 'string', pattern: '^a' }, expected: [] },
    { name: 'ok: identical', base: { type: 'string', maxLength: 5 }, revision: { type: 'string', maxLength: 5 }, expected: [] },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(output(base), output(revision))).toEqual(expected);
  });

  it('reads the output only: an input maximum raised is not its business', () => {
    const tool = (maximum: number) => ({ tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum } } } }] });
    expect(check(tool(5), tool(10))).toEqual([]);
  });

  it('renders a finding', () => {
    const [finding] = check(output({ type: 'string', maxLength: 200 }), output({ type: 'string', maxLength: 2000 }));
    expect(renderFinding(rule.meta, finding!).message).toBe('tool "t" — output property "v" maxLength loosened (200 → 2000)');
  });
});
