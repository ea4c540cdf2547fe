import type { Finding, RuleMeta } from '../../../rules/types.js';
import { schemaChangeFindings, valueText, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-constraint-tightened',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An input constraint (length, range, pattern, items, enum, format…) got stricter.',
  message: 'tool "{tool}" — input property "{property}" {keyword} tightened ({before} → {after})',
  why: 'Values inside the old limits but outside the new ones are now rejected.',
  docs: 'docs/mcp.md#tool-input-constraint-tightened',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => {
      if (change.kind === 'constraint-tightened') return { keyword: change.detail ?? 'constraint', before: valueText(change.before), after: valueText(change.after) };
      // A format added or changed restricts strings (e.g. none → email); a format removed loosens.
      if (change.kind === 'format-changed' && change.after !== undefined) return { keyword: 'format', before: valueText(change.before), after: valueText(change.after) };
      return undefined;
    });
  },
} satisfies McpRule;
