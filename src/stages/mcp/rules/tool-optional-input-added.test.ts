import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-optional-input-added.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-optional-input-added', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-optional-input-added.base'),
      revision: fixture('tool-optional-input-added.revision'),
      expected: [
        {
          rule: 'tool-optional-input-added',
          params: { tool: 'run_query', property: 'dryRun' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/dryRun' },
        },
      ],
    },
    {
      name: 'flagged: an optional nested property',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: {} } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: { x: {} } } } } }] },
      expected: [
        {
          rule: 'tool-optional-input-added',
          params: { tool: 't', property: 'f.x' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/f/properties/x' },
        },
      ],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-optional-input-added.base'), revision: fixture('tool-optional-input-added.base'), expected: [] },
    {
      name: 'ok: a required property added (another rule)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-optional-input-added.base'), fixture('tool-optional-input-added.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/dryRun",
          },
          "level": "info",
          "message": "tool "run_query" — new optional input property "dryRun"",
          "rule": "tool-optional-input-added",
          "surface": "mcp",
        },
      ]
    `);
  });
});
