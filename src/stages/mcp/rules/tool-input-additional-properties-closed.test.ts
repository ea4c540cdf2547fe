import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-input-additional-properties-closed.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-input-additional-properties-closed', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-input-additional-properties-closed.base'),
      revision: fixture('tool-input-additional-properties-closed.revision'),
      expected: [
        {
          rule: 'tool-input-additional-properties-closed',
          params: { tool: 'run_query', property: '(root)' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1/inputSchema' },
        },
      ],
    },
    {
      name: 'flagged: a nested object closed',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: {} } } } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: {}, additionalProperties: false } } } }] },
      expected: [
        {
          rule: 'tool-input-additional-properties-closed',
          params: { tool: 't', property: 'f' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0/inputSchema/properties/f' },
        },
      ],
    },
    {
      name: 'ok: identical snapshots',
      base: fixture('tool-input-additional-properties-closed.base'),
      revision: fixture('tool-input-additional-properties-closed.base'),
      expected: [],
    },
    {
      name: 'ok: additional properties opened',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {}, additionalProperties: false } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      expected: [],
    },
    {
      name: 'ok: additionalProperties: true written out',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {}, additionalProperties: true } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-input-additional-properties-closed.base'), fixture('tool-input-additional-properties-closed.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1/inputSchema",
          },
          "level": "breaking",
          "message": "tool "run_query" — input object "(root)" no longer accepts additional properties",
          "rule": "tool-input-additional-properties-closed",
          "surface": "mcp",
        },
      ]
    `);
  });
});
