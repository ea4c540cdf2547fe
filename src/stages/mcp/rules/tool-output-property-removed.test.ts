import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-output-property-removed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-output-property-removed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-output-property-removed.base'),
      revision: fixture('tool-output-property-removed.revision'),
      expected: [
        {
          rule: 'tool-output-property-removed',
          params: { tool: 'run_query', property: 'status' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/outputSchema/properties/status' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-output-property-removed.base'),
      revision: fixture('tool-output-property-removed.base'),
      expected: [],
    },
    {
      name: 'ok: an input property removed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      expected: [],
    },
    {
      name: 'ok: an output property added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { q: {} } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-output-property-removed.base'), fixture('tool-output-property-removed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/outputSchema/properties/status",
          },
          "level": "breaking",
          "message": "tool "run_query" — output property "status" removed",
          "rule": "tool-output-property-removed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
