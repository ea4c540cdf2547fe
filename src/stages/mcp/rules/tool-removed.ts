import type { Finding, RuleMeta } from '../../../rules/types.js';
import { toolFinding, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-removed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'A tool of the previous release is gone.',
  message: 'tool "{tool}" — removed',
  why: 'Agents and MCP clients still running against the old tool list call it by name and get an error during and after the rollout.',
  docs: 'docs/mcp.md#tool-removed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return pair.base !== undefined && pair.revision === undefined ? [toolFinding(meta, pair)] : [];
  },
} satisfies McpRule;
