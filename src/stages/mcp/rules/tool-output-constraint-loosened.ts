import { defineRule } from '../../../rules/define.js';
import { admitsNewValues } from '../../schema-diff/widening.js';
import { schemaChangeFindings, valueText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-output-constraint-loosened',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An output value is less constrained than before: a length, range, count, pattern, enum, uniqueItems or multipleOf loosened or dropped.',
    message: 'tool "{tool}" — output property "{property}" {keyword} loosened ({before} → {after})',
    why: 'Clients (and the prompts and code built on a tool result) rely on the documented constraint — a summary of at most 200 characters, unique ids, a fixed pattern — and get values they do not handle.',
    fix: 'Keep output "{property}" of "{tool}" within its old {keyword} ({before}) in this release; return the wider values under a new property, or loosen once every client reads them.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: {
          tools: [
            {
              name: 'summarize',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { summary: { type: 'string', maxLength: 200 } } },
            },
          ],
        },
        revision: {
          tools: [
            {
              name: 'summarize',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { summary: { type: 'string', maxLength: 2000 } } },
            },
          ],
        },
      },
    ],
    quiet: [
      {
        base: {
          tools: [
            {
              name: 'summarize',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { summary: { type: 'string', maxLength: 2000 } } },
            },
          ],
        },
        revision: {
          tools: [
            {
              name: 'summarize',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { summary: { type: 'string', maxLength: 200 } } },
            },
          ],
        },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'output', (change) =>
      admitsNewValues(change) ? { keyword: change.detail ?? 'constraint', before: valueText(change.before), after: valueText(change.after) } : undefined,
    );
  },
);
