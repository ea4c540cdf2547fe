import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings, valueText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-output-enum-value-added',
    surface: 'mcp',
    level: 'advisory',
    summary: 'An output enum may return a new value.',
    message: 'tool "{tool}" — output property "{property}" may return new value {value}',
    why: 'Clients that switch over the known values may not handle the new one.',
    fix: 'Return {value} in output "{property}" of "{tool}" only once every reader handles it, or behind an opt-in input.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: {
          tools: [
            { name: 'run_query', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { status: { enum: ['ok'] } } } },
          ],
        },
        revision: {
          tools: [
            {
              name: 'run_query',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { status: { enum: ['ok', 'error'] } } },
            },
          ],
        },
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
    return schemaChangeFindings(meta, pair, 'output', (change) => (change.kind === 'enum-value-added' ? { value: valueText(change.after) } : undefined));
  },
);
