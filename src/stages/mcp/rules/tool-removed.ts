import { defineRule } from '../../../rules/define.js';
import { toolFinding } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-removed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'A tool of the previous release is gone.',
    message: 'tool "{tool}" — removed',
    why: 'Agents and MCP clients still running against the old tool list call it by name and get an error during and after the rollout.',
    fix: 'Keep "{tool}" listed and working in this release, with "deprecated" in its description; remove it in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: [
          { name: 'a', inputSchema: { type: 'object', properties: {} } },
          { name: 'b', inputSchema: { type: 'object', properties: {} } },
        ],
        revision: [{ name: 'b', inputSchema: { type: 'object', properties: {} } }],
      },
    ],
    quiet: [
      {
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
      },
    ],
  },
  (pair, meta) => {
    return pair.base !== undefined && pair.revision === undefined ? [toolFinding(meta, pair)] : [];
  },
);
