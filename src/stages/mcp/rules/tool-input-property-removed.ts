import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-property-removed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An input property the tool accepted is gone.',
  message: 'tool "{tool}" — input property "{property}" removed',
  why: 'Callers built against the old schema still send the property; a strict server rejects it and a lenient one ignores what the caller meant.',
  docs: 'docs/mcp.md#tool-input-property-removed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-removed' ? {} : undefined));
  },
} satisfies McpRule;
