import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-output-type-changed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-output-type-changed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-output-type-changed.base'),
      revision: fixture('tool-output-type-changed.revision'),
      expected: [
        {
          rule: 'tool-output-type-changed',
          params: { tool: 'run_query', property: 'rowCount', before: 'integer', after: 'string' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/outputSchema/properties/rowCount' },
        },
      ],
    },
    {
      name: 'flagged: an output property became nullable',
      base: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: { type: 'string' } } } }],
      },
      revision: {
        tools: [
          { name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: { type: ['string', 'null'] } } } },
        ],
      },
      expected: [
        {
          rule: 'tool-output-type-changed',
          params: { tool: 't', property: 'n', before: 'not nullable', after: 'nullable' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/n' },
        },
      ],
    },
    {
      name: 'flagged: the output schema dropped',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: {} } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      expected: [
        {
          rule: 'tool-output-type-changed',
          params: { tool: 't', property: '(root)', before: 'schema', after: 'any' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema' },
        },
      ],
    },
    {
      name: 'flagged: a new anyOf alternative',
      base: {
        tools: [
          { name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { v: { anyOf: [{ type: 'string' }] } } } },
        ],
      },
      revision: {
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: {} },
            outputSchema: { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } },
          },
        ],
      },
      expected: [
        {
          rule: 'tool-output-type-changed',
          params: { tool: 't', property: 'v', before: 'schema', after: 'new alternative' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/v/anyOf/1' },
        },
      ],
    },
    {
      name: 'flagged: a whole anyOf dropped (the output may now be anything)',
      base: {
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: {} },
            outputSchema: { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } },
          },
        ],
      },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { v: {} } } }] },
      expected: [
        {
          rule: 'tool-output-type-changed',
          params: { tool: 't', property: 'v', before: 'schema', after: 'any' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/v/anyOf/0' },
        },
        {
          rule: 'tool-output-type-changed',
          params: { tool: 't', property: 'v', before: 'schema', after: 'any' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/v/anyOf/1' },
        },
      ],
    },
    {
      name: 'ok: an anyOf appears where there was none (restricts the output)',
      base: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { v: { type: 'string' } } } }],
      },
      revision: {
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: {} },
            outputSchema: { type: 'object', properties: { v: { type: 'string', anyOf: [{ format: 'email' }] } } },
          },
        ],
      },
      expected: [],
    },
    {
      name: 'flagged: an output format dropped (clients parse a UUID)',
      base: {
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: {} },
            outputSchema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
          },
        ],
      },
      revision: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { id: { type: 'string' } } } }],
      },
      expected: [
        {
          rule: 'tool-output-type-changed',
          params: { tool: 't', property: 'id', before: 'format "uuid"', after: 'format none' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/outputSchema/properties/id' },
        },
      ],
    },
    {
      name: 'ok: an output format added (a narrower promise)',
      base: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { id: { type: 'string' } } } }],
      },
      revision: {
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: {} },
            outputSchema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
          },
        ],
      },
      expected: [],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-output-type-changed.base'), revision: fixture('tool-output-type-changed.base'), expected: [] },
    {
      name: 'ok: an output type narrowed (every new value was valid before)',
      base: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: { type: 'number' } } } }],
      },
      revision: {
        tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }],
      },
      expected: [],
    },
    {
      name: 'ok: an output schema added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: {} } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-output-type-changed.base'), fixture('tool-output-type-changed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/outputSchema/properties/rowCount",
          },
          "level": "breaking",
          "message": "tool "run_query" — output property "rowCount" type changed (integer → string)",
          "rule": "tool-output-type-changed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
