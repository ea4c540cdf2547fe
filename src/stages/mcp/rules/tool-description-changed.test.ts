import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-description-changed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-description-changed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-description-changed.base'),
      revision: fixture('tool-description-changed.revision'),
      expected: [
        { rule: 'tool-description-changed', params: { tool: 'run_query', element: 'the tool' }, evidence: { file: 'mcp/tools.json', pointer: '/tools/1' } },
      ],
    },
    {
      name: 'flagged: an input property description changed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { description: 'old' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { description: 'new' } } } }] },
      expected: [
        {
          rule: 'tool-description-changed',
          params: { tool: 't', property: 'q', element: 'input property "q"' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/q' },
        },
      ],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-description-changed.base'), revision: fixture('tool-description-changed.base'), expected: [] },
    {
      name: 'ok: the annotation title changed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, description: 'd', annotations: { title: 'A' } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, description: 'd', annotations: { title: 'B' } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-description-changed.base'), fixture('tool-description-changed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1",
          },
          "level": "advisory",
          "message": "tool "run_query" — description of the tool changed",
          "rule": "tool-description-changed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
