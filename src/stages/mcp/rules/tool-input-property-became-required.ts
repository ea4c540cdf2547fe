import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-property-became-required',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An optional input property became required.',
  message: 'tool "{tool}" — input property "{property}" became required',
  why: 'Callers that left it out, as the old schema allowed, are now rejected.',
  docs: 'docs/mcp.md#tool-input-property-became-required',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-became-required' ? {} : undefined));
  },
} satisfies McpRule;
