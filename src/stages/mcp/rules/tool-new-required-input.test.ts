import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-new-required-input.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-new-required-input', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-new-required-input.base'),
      revision: fixture('tool-new-required-input.revision'),
      expected: [
        {
          rule: 'tool-new-required-input',
          params: { tool: 'run_query', property: 'projectUuid' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/projectUuid' },
        },
      ],
    },
    {
      name: 'flagged: a required property in a new array item field',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: {} } } } } }] },
      revision: {
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { id: {} }, required: ['id'] } } } },
          },
        ],
      },
      expected: [
        {
          rule: 'tool-new-required-input',
          params: { tool: 't', property: 'rows[].id' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/rows/items/properties/id' },
        },
      ],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-new-required-input.base'), revision: fixture('tool-new-required-input.base'), expected: [] },
    {
      name: 'ok: an optional property added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
      expected: [],
    },
    {
      name: 'ok: an existing property became required (another rule)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-new-required-input.base'), fixture('tool-new-required-input.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/projectUuid",
          },
          "level": "breaking",
          "message": "tool "run_query" — new required input property "projectUuid"",
          "rule": "tool-new-required-input",
          "surface": "mcp",
        },
      ]
    `);
  });
});
