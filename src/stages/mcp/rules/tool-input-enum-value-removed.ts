import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, valueText, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-enum-value-removed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An input enum (or const) no longer accepts a value.',
  message: 'tool "{tool}" — input property "{property}" no longer accepts {value}',
  why: 'Callers that send the removed value are rejected.',
  docs: 'docs/mcp.md#tool-input-enum-value-removed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'enum-value-removed' ? { value: valueText(change.before) } : undefined));
  },
} satisfies McpRule;
