import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, toolFinding, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-description-changed',
  surface: 'mcp',
  level: 'advisory',
  summary: 'The description of a tool or of one of its properties changed.',
  message: 'tool "{tool}" — description of {element} changed',
  why: 'Agents choose and call tools by their descriptions: a changed description can change what a model does with the tool.',
  docs: 'docs/mcp.md#tool-description-changed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    if (pair.base === undefined || pair.revision === undefined) return [];
    const findings = pair.base.description === pair.revision.description ? [] : [toolFinding(meta, pair, { element: 'the tool' })];
    for (const side of ['input', 'output'] as const) {
      findings.push(...schemaChangeFindings(meta, pair, side, (change) => (change.kind === 'description-changed' ? { element: `${side} property "${change.path}"` } : undefined)));
    }
    return findings;
  },
} satisfies McpRule;
