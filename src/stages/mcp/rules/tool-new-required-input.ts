import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-new-required-input',
  surface: 'mcp',
  level: 'breaking',
  summary: 'A new input property is required.',
  message: 'tool "{tool}" — new required input property "{property}"',
  why: 'Callers built against the old schema do not send it, so their calls are rejected.',
  docs: 'docs/mcp.md#tool-new-required-input',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-added' && change.detail === 'required' ? {} : undefined));
  },
} satisfies McpRule;
