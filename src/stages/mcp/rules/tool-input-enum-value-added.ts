import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings, valueText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-enum-value-added',
    surface: 'mcp',
    level: 'advisory',
    summary: 'An input enum accepts a new value.',
    message: 'tool "{tool}" — input property "{property}" accepts new value {value}',
    why: 'Old servers still in the rollout reject the new value if a caller already uses it.',
    fix: 'Accept {value} for input "{property}" of "{tool}", but have callers send it only once every instance is upgraded (old instances reject it).',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 'run_query', inputSchema: { type: 'object', properties: { format: { enum: ['json', 'csv'] } } } }] },
        revision: { tools: [{ name: 'run_query', inputSchema: { type: 'object', properties: { format: { enum: ['json', 'csv', 'parquet'] } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a', 'b'] } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { f: { enum: ['a'] } } } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'enum-value-added' ? { value: valueText(change.after) } : undefined));
  },
);
