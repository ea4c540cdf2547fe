import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-property-became-required.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-property-became-required', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-property-became-required.base'),
      revision: fixture('tool-input-property-became-required.revision'),
      expected: [
        {
          rule: 'tool-input-property-became-required',
          params: { tool: 'run_query', property: 'limit' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/limit' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-input-property-became-required.base'),
      revision: fixture('tool-input-property-became-required.base'),
      expected: [],
    },
    {
      name: 'ok: a new required property (another rule)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }] },
      expected: [],
    },
    {
      name: 'ok: a required property became optional',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-property-became-required.base'), fixture('tool-input-property-became-required.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/limit",
          },
          "level": "breaking",
          "message": "tool "run_query" — input property "limit" became required",
          "rule": "tool-input-property-became-required",
          "surface": "mcp",
        },
      ]
    `);
  });
});
