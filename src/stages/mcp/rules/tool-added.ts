import { defineRule } from '../../../rules/define.js';
import { toolFinding } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-added',
    surface: 'mcp',
    level: 'info',
    summary: 'A new tool.',
    message: 'tool "{tool}" — added',
    why: 'Nothing breaks: clients discover the new tool on their next tools/list.',
    fix: 'Nothing to change: old instances do not list "{tool}", so agents must tolerate its absence until every instance is upgraded.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: [{ name: 'a', inputSchema: { type: 'object', properties: {} } }],
        revision: [
          { name: 'a', inputSchema: { type: 'object', properties: {} } },
          { name: 'b', inputSchema: { type: 'object', properties: {} } },
        ],
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
    return pair.base === undefined && pair.revision !== undefined ? [toolFinding(meta, pair)] : [];
  },
);
