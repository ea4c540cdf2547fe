import type { Finding, RuleMeta } from '../../../rules/types.js';
import { toolFinding, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-added',
  surface: 'mcp',
  level: 'info',
  summary: 'A new tool.',
  message: 'tool "{tool}" — added',
  why: 'Nothing breaks: clients discover the new tool on their next tools/list.',
  docs: 'docs/mcp.md#tool-added',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return pair.base === undefined && pair.revision !== undefined ? [toolFinding(meta, pair)] : [];
  },
} satisfies McpRule;
