import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-property-removed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An input property the tool accepted is gone.',
    message: 'tool "{tool}" — input property "{property}" removed',
    why: 'Callers built against the old schema still send the property; a strict server rejects it and a lenient one ignores what the caller meant.',
    fix: 'Keep accepting input "{property}" of "{tool}" (ignored or mapped to its replacement) in this release; remove it in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: { x: {}, y: {} } } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: { x: {} } } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-removed' ? {} : undefined));
  },
);
