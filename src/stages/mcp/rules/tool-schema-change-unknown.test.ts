import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-schema-change-unknown.js';

const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);
const tools = (property: unknown, side: 'inputSchema' | 'outputSchema' = 'inputSchema') => ({
  tools: [{ name: 't', inputSchema: { type: 'object' }, [side]: { type: 'object', properties: { p: property } } }],
});

describe('tool-schema-change-unknown', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the documented example',
      ...rule.examples.flagged[0]!,
      expected: [
        {
          rule: 'tool-schema-change-unknown',
          params: { tool: 't', property: 's', side: 'input', reason: "allOf members disagree on 'pattern'" },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/s' },
        },
      ],
    },
    { name: 'ok: the documented quiet example (allOf merged)', ...rule.examples.quiet[0]!, expected: [] },
    {
      name: 'flagged: an output keyword the diff does not model',
      base: tools({ type: 'string', $dynamicRef: '#a' }, 'outputSchema'),
      revision: tools({ type: 'string', $dynamicRef: '#b' }, 'outputSchema'),
      expected: [
        {
          rule: 'tool-schema-change-unknown',
          params: { tool: 't', property: 'p', side: 'output', reason: "keyword '$dynamicRef' changed (not compared by this diff)" },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/p' },
        },
      ],
    },
    {
      name: 'ok: identical conflicting compositions',
      base: tools({ allOf: [{ type: 'string' }, { type: 'integer' }] }),
      revision: tools({ allOf: [{ type: 'string' }, { type: 'integer' }] }),
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the finding', () => {
    const [example] = rule.examples.flagged;
    expect(check(example!.base, example!.revision).map((finding) => renderFinding(rule.meta, finding).message)).toMatchInlineSnapshot(`
      [
        "tool "t" — input property "s" changed and cannot be proven compatible: allOf members disagree on 'pattern'",
      ]
    `);
  });
});
