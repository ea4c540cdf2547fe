import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-property-removed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-property-removed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-property-removed.base'),
      revision: fixture('tool-input-property-removed.revision'),
      expected: [
        {
          rule: 'tool-input-property-removed',
          params: { tool: 'run_query', property: 'format' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/format' },
        },
      ],
    },
    {
      name: 'flagged: a nested property removed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: { x: {}, y: {} } } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: { x: {} } } } } }] },
      expected: [
        {
          rule: 'tool-input-property-removed',
          params: { tool: 't', property: 'f.y' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/f/properties/y' },
        },
      ],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-input-property-removed.base'), revision: fixture('tool-input-property-removed.base'), expected: [] },
    {
      name: 'ok: a required property became optional',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] },
      expected: [],
    },
    {
      name: 'ok: an output property removed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { q: {} } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: {} } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-property-removed.base'), fixture('tool-input-property-removed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/format",
          },
          "level": "breaking",
          "message": "tool "run_query" — input property "format" removed",
          "rule": "tool-input-property-removed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
