import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-output-property-became-optional',
    surface: 'mcp',
    level: 'breaking',
    summary: 'A required property of the structured output became optional.',
    message: 'tool "{tool}" — output property "{property}" became optional',
    why: 'Clients that relied on it being present may now find it missing (same rule as the REST response side).',
    fix: 'Keep always returning output "{property}" of "{tool}" (a default value) in this release; make it optional in a later release.',
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
              outputSchema: { type: 'object', properties: { rowCount: { type: 'integer' } }, required: ['rowCount'] },
            },
          ],
        },
        revision: {
          tools: [
            {
              name: 'run_query',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { rowCount: { type: 'integer' } } },
            },
          ],
        },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { q: {} } } }] },
        revision: {
          tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { q: {} }, required: ['q'] } }],
        },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'output', (change) => (change.kind === 'property-became-optional' ? {} : undefined));
  },
);
