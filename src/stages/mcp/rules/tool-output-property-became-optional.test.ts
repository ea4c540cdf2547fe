import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-output-property-became-optional.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-output-property-became-optional', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-output-property-became-optional.base'),
      revision: fixture('tool-output-property-became-optional.revision'),
      expected: [
        {
          rule: 'tool-output-property-became-optional',
          params: { tool: 'run_query', property: 'rowCount' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/outputSchema/properties/rowCount' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-output-property-became-optional.base'),
      revision: fixture('tool-output-property-became-optional.base'),
      expected: [],
    },
    {
      name: 'ok: an output property became required',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { q: {} } } }] },
      revision: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }],
      },
      expected: [],
    },
    {
      name: 'ok: an input property became optional',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-output-property-became-optional.base'), fixture('tool-output-property-became-optional.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/outputSchema/properties/rowCount",
          },
          "level": "breaking",
          "message": "tool "run_query" — output property "rowCount" became optional",
          "rule": "tool-output-property-became-optional",
          "surface": "mcp",
        },
      ]
    `);
  });
});
