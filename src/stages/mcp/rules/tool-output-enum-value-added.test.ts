import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-output-enum-value-added.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-output-enum-value-added', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-output-enum-value-added.base'),
      revision: fixture('tool-output-enum-value-added.revision'),
      expected: [
        {
          rule: 'tool-output-enum-value-added',
          params: { tool: 'run_query', property: 'status', value: '"error"' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/outputSchema/properties/status' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-output-enum-value-added.base'),
      revision: fixture('tool-output-enum-value-added.base'),
      expected: [],
    },
    {
      name: 'ok: an input enum value added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a'] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-output-enum-value-added.base'), fixture('tool-output-enum-value-added.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/outputSchema/properties/status",
          },
          "level": "advisory",
          "message": "tool "run_query" — output property "status" may return new value "error"",
          "rule": "tool-output-enum-value-added",
          "surface": "mcp",
        },
      ]
    `);
  });
});
