import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-enum-value-removed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-enum-value-removed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-enum-value-removed.base'),
      revision: fixture('tool-input-enum-value-removed.revision'),
      expected: [
        {
          rule: 'tool-input-enum-value-removed',
          params: { tool: 'run_query', property: 'format', value: '"csv"' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/format' },
        },
      ],
    },
    {
      name: 'flagged: a const changed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { v: { const: 1 } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { v: { const: 2 } } } }] },
      expected: [
        {
          rule: 'tool-input-enum-value-removed',
          params: { tool: 't', property: 'v', value: '1' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/v' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-input-enum-value-removed.base'),
      revision: fixture('tool-input-enum-value-removed.base'),
      expected: [],
    },
    {
      name: 'ok: a value added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a'] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }] },
      expected: [],
    },
    {
      name: 'ok: values reordered',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['b', 'a'] } } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-enum-value-removed.base'), fixture('tool-input-enum-value-removed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/format",
          },
          "level": "breaking",
          "message": "tool "run_query" — input property "format" no longer accepts "csv"",
          "rule": "tool-input-enum-value-removed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
