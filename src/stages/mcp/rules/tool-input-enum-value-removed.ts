import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings, valueText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-enum-value-removed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An input enum (or const) no longer accepts a value.',
    message: 'tool "{tool}" — input property "{property}" no longer accepts {value}',
    why: 'Callers that send the removed value are rejected.',
    fix: 'Keep accepting {value} for input "{property}" of "{tool}" (map it to its replacement); remove it in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { v: { const: 1 } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { v: { const: 2 } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a'] } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'enum-value-removed' ? { value: valueText(change.before) } : undefined));
  },
);
