import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-constraint-tightened.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-constraint-tightened', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-constraint-tightened.base'),
      revision: fixture('tool-input-constraint-tightened.revision'),
      expected: [
        {
          rule: 'tool-input-constraint-tightened',
          params: { tool: 'run_query', property: 'limit', keyword: 'maximum', before: '5000', after: '1000' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/limit' },
        },
      ],
    },
    {
      name: 'flagged: a pattern added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^[a-z]+$' } } } }] },
      expected: [
        {
          rule: 'tool-input-constraint-tightened',
          params: { tool: 't', property: 's', keyword: 'pattern', before: 'none', after: '"^[a-z]+$"' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/s' },
        },
      ],
    },
    {
      name: 'flagged: a format added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', format: 'email' } } } }] },
      expected: [
        {
          rule: 'tool-input-constraint-tightened',
          params: { tool: 't', property: 's', keyword: 'format', before: 'none', after: '"email"' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/s' },
        },
      ],
    },
    {
      name: 'flagged: an enum introduced',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', enum: ['a'] } } } }] },
      expected: [
        {
          rule: 'tool-input-constraint-tightened',
          params: { tool: 't', property: 's', keyword: 'enum', before: 'none', after: '["a"]' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/s' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-input-constraint-tightened.base'),
      revision: fixture('tool-input-constraint-tightened.base'),
      expected: [],
    },
    {
      name: 'ok: a maximum raised',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { maximum: 5 } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { maximum: 9 } } } }] },
      expected: [],
    },
    {
      name: 'ok: minLength 0 added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', minLength: 0 } } } }] },
      expected: [],
    },
    {
      name: 'ok: a format removed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { format: 'email' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: {} } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-constraint-tightened.base'), fixture('tool-input-constraint-tightened.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/limit",
          },
          "level": "breaking",
          "message": "tool "run_query" — input property "limit" maximum tightened (5000 → 1000)",
          "rule": "tool-input-constraint-tightened",
          "surface": "mcp",
        },
      ]
    `);
  });
});
