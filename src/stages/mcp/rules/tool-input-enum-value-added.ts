import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, valueText, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-enum-value-added',
  surface: 'mcp',
  level: 'advisory',
  summary: 'An input enum accepts a new value.',
  message: 'tool "{tool}" — input property "{property}" accepts new value {value}',
  why: 'Old servers still in the rollout reject the new value if a caller already uses it.',
  docs: 'docs/mcp.md#tool-input-enum-value-added',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'enum-value-added' ? { value: valueText(change.after) } : undefined));
  },
} satisfies McpRule;
