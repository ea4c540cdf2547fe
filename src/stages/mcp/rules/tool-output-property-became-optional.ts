import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-output-property-became-optional',
  surface: 'mcp',
  level: 'breaking',
  summary: 'A required property of the structured output became optional.',
  message: 'tool "{tool}" — output property "{property}" became optional',
  why: 'Clients that relied on it being present may now find it missing (same rule as the REST response side).',
  docs: 'docs/mcp.md#tool-output-property-became-optional',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'output', (change) => (change.kind === 'property-became-optional' ? {} : undefined));
  },
} satisfies McpRule;
