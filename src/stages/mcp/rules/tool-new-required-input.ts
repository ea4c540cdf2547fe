import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-new-required-input',
    surface: 'mcp',
    level: 'breaking',
    summary: 'A new input property is required.',
    message: 'tool "{tool}" — new required input property "{property}"',
    why: 'Callers built against the old schema do not send it, so their calls are rejected.',
    fix: 'Add input "{property}" to "{tool}" as optional with a server-side default; make it required in a later release, once every caller sends it.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: {} } } } } }] },
        revision: {
          tools: [
            {
              name: 't',
              inputSchema: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { id: {} }, required: ['id'] } } } },
            },
          ],
        },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-added' && change.detail === 'required' ? {} : undefined));
  },
);
