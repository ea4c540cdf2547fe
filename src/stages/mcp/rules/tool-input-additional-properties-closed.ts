import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-additional-properties-closed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An input object no longer accepts properties it does not declare.',
  message: 'tool "{tool}" — input object "{property}" no longer accepts additional properties',
  why: 'Callers that send extra properties, as the old schema allowed, are rejected.',
  docs: 'docs/mcp.md#tool-input-additional-properties-closed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'additional-properties-closed' ? {} : undefined));
  },
} satisfies McpRule;
