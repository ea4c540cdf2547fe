import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-enum-value-added.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-enum-value-added', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-enum-value-added.base'),
      revision: fixture('tool-input-enum-value-added.revision'),
      expected: [
        {
          rule: 'tool-input-enum-value-added',
          params: { tool: 'run_query', property: 'format', value: '"parquet"' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/format' },
        },
      ],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-input-enum-value-added.base'), revision: fixture('tool-input-enum-value-added.base'), expected: [] },
    {
      name: 'ok: a value removed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a'] } } } }] },
      expected: [],
    },
    {
      name: 'ok: an output enum value added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { f: { enum: ['a'] } } } }] },
      revision: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }],
      },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-enum-value-added.base'), fixture('tool-input-enum-value-added.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/format",
          },
          "level": "advisory",
          "message": "tool "run_query" — input property "format" accepts new value "parquet"",
          "rule": "tool-input-enum-value-added",
          "surface": "mcp",
        },
      ]
    `);
  });
});
