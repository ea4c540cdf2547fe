import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-optional-input-added',
    surface: 'mcp',
    level: 'info',
    summary: 'A new optional input property.',
    message: 'tool "{tool}" — new optional input property "{property}"',
    why: 'Nothing breaks: old callers simply do not send it.',
    fix: 'Nothing to change: old instances ignore or reject the new optional input "{property}" of "{tool}"; send it only once every instance is upgraded.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: {} } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: { x: {} } } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-added' && change.detail !== 'required' ? {} : undefined));
  },
);
