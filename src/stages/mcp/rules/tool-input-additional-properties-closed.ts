import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-additional-properties-closed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An input object no longer accepts properties it does not declare.',
    message: 'tool "{tool}" — input object "{property}" no longer accepts additional properties',
    why: 'Callers that send extra properties, as the old schema allowed, are rejected.',
    fix: 'Keep input object "{property}" of "{tool}" open, ignoring undeclared properties, in this release; close it in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: {} } } } }] },
        revision: {
          tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { type: 'object', properties: {}, additionalProperties: false } } } }],
        },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {}, additionalProperties: false } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'additional-properties-closed' ? {} : undefined));
  },
);
