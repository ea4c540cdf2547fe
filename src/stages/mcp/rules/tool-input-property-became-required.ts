import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-property-became-required',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An optional input property became required.',
    message: 'tool "{tool}" — input property "{property}" became required',
    why: 'Callers that left it out, as the old schema allowed, are now rejected.',
    fix: 'Keep input "{property}" of "{tool}" optional with a server-side default; make it required in a later release, once every caller sends it.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 'run_query', inputSchema: { type: 'object', properties: { limit: { type: 'integer' } } } }] },
        revision: { tools: [{ name: 'run_query', inputSchema: { type: 'object', properties: { limit: { type: 'integer' } }, required: ['limit'] } }] },
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
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-became-required' ? {} : undefined));
  },
);
