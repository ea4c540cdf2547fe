import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, valueText, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-output-enum-value-added',
  surface: 'mcp',
  level: 'advisory',
  summary: 'An output enum may return a new value.',
  message: 'tool "{tool}" — output property "{property}" may return new value {value}',
  why: 'Clients that switch over the known values may not handle the new one.',
  docs: 'docs/mcp.md#tool-output-enum-value-added',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'output', (change) => (change.kind === 'enum-value-added' ? { value: valueText(change.after) } : undefined));
  },
} satisfies McpRule;
