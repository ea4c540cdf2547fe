import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings, valueText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-constraint-tightened',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An input constraint (length, range, pattern, items, enum, format…) got stricter.',
    message: 'tool "{tool}" — input property "{property}" {keyword} tightened ({before} → {after})',
    why: 'Values inside the old limits but outside the new ones are now rejected.',
    fix: 'Keep accepting {before} for {keyword} of input "{property}" of "{tool}" (clamp or warn); tighten to {after} in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^[a-z]+$' } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { maximum: 5 } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { maximum: 9 } } } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => {
      if (change.kind === 'constraint-tightened')
        return { keyword: change.detail ?? 'constraint', before: valueText(change.before), after: valueText(change.after) };
      // A format added or changed restricts strings (e.g. none → email); a format removed loosens.
      if (change.kind === 'format-changed' && change.after !== undefined)
        return { keyword: 'format', before: valueText(change.before), after: valueText(change.after) };
      return undefined;
    });
  },
);
