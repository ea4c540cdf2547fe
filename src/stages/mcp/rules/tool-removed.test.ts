import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-removed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-removed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-removed.base'),
      revision: fixture('tool-removed.revision'),
      expected: [{ rule: 'tool-removed', params: { tool: 'list_projects' }, evidence: { file: 'mcp/tools.json', pointer: '/tools/0' } }],
    },
    {
      name: 'flagged: a bare-array snapshot loses a tool',
      base: [
        { name: 'a', inputSchema: { type: 'object', properties: {} } },
        { name: 'b', inputSchema: { type: 'object', properties: {} } },
      ],
      revision: [{ name: 'b', inputSchema: { type: 'object', properties: {} } }],
      expected: [{ rule: 'tool-removed', params: { tool: 'a' }, evidence: { file: 'mcp/tools.json', pointer: '/0' } }],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-removed.base'), revision: fixture('tool-removed.base'), expected: [] },
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
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-removed.base'), fixture('tool-removed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/0",
          },
          "level": "breaking",
          "message": "tool "list_projects" — removed",
          "rule": "tool-removed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
