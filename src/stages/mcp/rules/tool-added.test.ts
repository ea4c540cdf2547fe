import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-added.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-added', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-added.base'),
      revision: fixture('tool-added.revision'),
      expected: [{ rule: 'tool-added', params: { tool: 'get_chart' }, evidence: { file: 'mcp/tools.json', pointer: '/tools/2' } }],
    },
    {
      name: 'flagged: a bare-array snapshot gains a tool',
      base: [{ name: 'a', inputSchema: { type: 'object', properties: {} } }],
      revision: [
        { name: 'a', inputSchema: { type: 'object', properties: {} } },
        { name: 'b', inputSchema: { type: 'object', properties: {} } },
      ],
      expected: [{ rule: 'tool-added', params: { tool: 'b' }, evidence: { file: 'mcp/tools.json', pointer: '/1' } }],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-added.base'), revision: fixture('tool-added.base'), expected: [] },
    {
      name: 'ok: same tools in another order',
      base: {
        tools: [
          { name: 'a', inputSchema: { type: 'object', properties: {} } },
          { name: 'b', inputSchema: { type: 'object', properties: {} } },
        ],
      },
      revision: {
        tools: [
          { name: 'b', inputSchema: { type: 'object', properties: {} } },
          { name: 'a', inputSchema: { type: 'object', properties: {} } },
        ],
      },
      expected: [],
    },
    { name: 'ok: a tool removed', base: { tools: [{ name: 'a', inputSchema: { type: 'object', properties: {} } }] }, revision: { tools: [] }, expected: [] },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-added.base'), fixture('tool-added.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/2",
          },
          "level": "info",
          "message": "tool "get_chart" — added",
          "rule": "tool-added",
          "surface": "mcp",
        },
      ]
    `);
  });
});
