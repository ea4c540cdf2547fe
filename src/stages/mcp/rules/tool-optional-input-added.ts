import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-optional-input-added',
  surface: 'mcp',
  level: 'info',
  summary: 'A new optional input property.',
  message: 'tool "{tool}" — new optional input property "{property}"',
  why: 'Nothing breaks: old callers simply do not send it.',
  docs: 'docs/mcp.md#tool-optional-input-added',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => (change.kind === 'property-added' && change.detail !== 'required' ? {} : undefined));
  },
} satisfies McpRule;
