import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../../rules/types.js';
import { diffToolDocuments } from '../tool-diff.js';
import { rule } from './tool-annotation-loosened.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/mcp/${name}.json`, import.meta.url), 'utf8'));
const check = (base: unknown, revision: unknown) => diffToolDocuments(base, revision, 'mcp/tools.json', [rule]);

describe('tool-annotation-loosened', () => {
  it.each<{ name: string; base: unknown; revision: unknown; expected: Finding[] }>([
    {
      name: 'flagged: the fixture pair',
      base: fixture('tool-annotation-loosened.base'),
      revision: fixture('tool-annotation-loosened.revision'),
      expected: [
        {
          rule: 'tool-annotation-loosened',
          params: { tool: 'run_query', hint: 'readOnlyHint', before: 'true', after: 'false' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/1' },
        },
      ],
    },
    {
      name: 'flagged: destructiveHint false → absent (defaults to true)',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: { destructiveHint: false } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: {} }] },
      expected: [
        {
          rule: 'tool-annotation-loosened',
          params: { tool: 't', hint: 'destructiveHint', before: 'false', after: 'true' },
          evidence: { file: 'mcp/tools.json', pointer: '/tools/0' },
        },
      ],
    },
    { name: 'ok: identical snapshots', base: fixture('tool-annotation-loosened.base'), revision: fixture('tool-annotation-loosened.base'), expected: [] },
    {
      name: 'ok: readOnlyHint tightened',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: false } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }] },
      expected: [],
    },
    {
      name: 'ok: absent hints stay absent',
      base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      expected: [],
    },
  ])('$name', ({ base, revision, expected }) => {
    expect(check(base, revision)).toEqual(expected);
  });

  it('renders the fixture finding', () => {
    const findings = check(fixture('tool-annotation-loosened.base'), fixture('tool-annotation-loosened.revision'));
    expect(findings.map((finding) => renderFinding(rule.meta, finding))).toMatchInlineSnapshot(`
      [
        {
          "evidence": {
            "file": "mcp/tools.json",
            "pointer": "/tools/1",
          },
          "level": "advisory",
          "message": "tool "run_query" — annotation readOnlyHint loosened (true → false)",
          "rule": "tool-annotation-loosened",
          "surface": "mcp",
        },
      ]
    `);
  });
});
