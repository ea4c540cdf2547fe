import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-schema-change-unknown',
    surface: 'mcp',
    level: 'breaking',
    summary:
      'An input or output schema changed in a way the diff cannot judge (a keyword it does not model, or a composition it cannot merge): not proven safe.',
    message: 'tool "{tool}" — {side} property "{property}" changed and cannot be proven compatible: {reason}',
    why: 'Only proven safety counts: a change whose effect on accepted arguments or returned values is not known may break existing callers.',
    fix: 'Make the change to {side} "{property}" of "{tool}" in a form the check can read (one merged schema instead of conflicting allOf members, keywords it compares), or ship it as a declared breaking change.',
    docs: 'docs/mcp.md',
    acceptable: false,
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { allOf: [{ type: 'string', pattern: '^a' }, { pattern: 'b$' }] } } } }] },
        revision: {
          tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { allOf: [{ type: 'string', pattern: '^a' }, { pattern: 'c$' }] } } } }],
        },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { allOf: [{ type: 'string' }, { maxLength: 5 }] } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', maxLength: 5 } } } }] },
      },
    ],
  },
  (pair, meta) => [
    ...schemaChangeFindings(meta, pair, 'input', (change) =>
      change.kind === 'unknown' ? { side: 'input', reason: change.detail ?? 'not compared' } : undefined,
    ),
    ...schemaChangeFindings(meta, pair, 'output', (change) =>
      change.kind === 'unknown' ? { side: 'output', reason: change.detail ?? 'not compared' } : undefined,
    ),
  ],
);
