import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-type-narrowed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-type-narrowed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-type-narrowed.base'),
      revision: fixture('tool-input-type-narrowed.revision'),
      expected: [
        {
          rule: 'tool-input-type-narrowed',
          params: { tool: 'run_query', property: 'options.timeoutMs', before: 'number', after: 'integer' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema/properties/options/properties/timeoutMs' },
        },
      ],
    },
    {
      name: 'flagged: null no longer allowed (3.0 nullable)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string', nullable: true } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } }] },
      expected: [
        {
          rule: 'tool-input-type-narrowed',
          params: { tool: 't', property: 'n', before: 'nullable', after: 'not nullable' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/n' },
        },
      ],
    },
    {
      name: 'flagged: an anyOf alternative removed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'number' }] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }] } } } }] },
      expected: [
        {
          rule: 'tool-input-type-narrowed',
          params: { tool: 't', property: 'n', before: 'alternative', after: 'none' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/n/anyOf/1' },
        },
      ],
    },
    {
      name: 'flagged: a type changed entirely',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'boolean' } } } }] },
      expected: [
        {
          rule: 'tool-input-type-narrowed',
          params: { tool: 't', property: 'n', before: 'string', after: 'boolean' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/n' },
        },
      ],
    },
    {
      name: 'flagged: an items schema appears',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } } }] },
      expected: [
        {
          rule: 'tool-input-type-narrowed',
          params: { tool: 't', property: 'tags[]', before: 'any', after: 'schema' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/tags/items' },
        },
      ],
    },
    {
      name: 'flagged: an anyOf appears where there was none (the value must now match it)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string', anyOf: [{ format: 'email' }] } } } }] },
      expected: [
        {
          rule: 'tool-input-type-narrowed',
          params: { tool: 't', property: 'n', before: 'any', after: 'schema' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/n/anyOf/0' },
        },
      ],
    },
    {
      name: 'ok: a whole anyOf dropped (accepts more)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'number' }] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: {} } } }] },
      expected: [],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-input-type-narrowed.base'), revision: fixture('tool-input-type-narrowed.base'), expected: [] },
    {
      name: 'ok: integer widened to number',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'number' } } } }] },
      expected: [],
    },
    {
      name: 'ok: null allowed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: ['string', 'null'] } } } }] },
      expected: [],
    },
    {
      name: 'ok: an anyOf alternative added',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }] } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'number' }] } } } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-type-narrowed.base'), fixture('tool-input-type-narrowed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema/properties/options/properties/timeoutMs",
          },
          "level": "breaking",
          "message": "tool "run_query" — input property "options.timeoutMs" type narrowed (number → integer)",
          "rule": "tool-input-type-narrowed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
