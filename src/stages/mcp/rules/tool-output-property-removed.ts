import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-output-property-removed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'A property of the structured output is gone.',
    message: 'tool "{tool}" — output property "{property}" removed',
    why: 'Clients that read it from structuredContent get nothing.',
    fix: 'Keep returning output "{property}" of "{tool}" in this release (marked deprecated in its description); remove it in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: {
          tools: [
            {
              name: 'run_query',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { rows: { type: 'array' }, status: { type: 'string' } } },
            },
          ],
        },
        revision: {
          tools: [
            { name: 'run_query', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { rows: { type: 'array' } } } },
          ],
        },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: {} } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'output', (change) => (change.kind === 'property-removed' ? {} : undefined));
  },
);
