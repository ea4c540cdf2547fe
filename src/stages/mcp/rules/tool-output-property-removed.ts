import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-output-property-removed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'A property of the structured output is gone.',
  message: 'tool "{tool}" — output property "{property}" removed',
  why: 'Clients that read it from structuredContent get nothing.',
  docs: 'docs/mcp.md#tool-output-property-removed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'output', (change) => (change.kind === 'property-removed' ? {} : undefined));
  },
} satisfies McpRule;
