import { defineRule } from '../../../rules/define.js';
import { isAlternative } from '../../schema-diff/composition.js';
import { schemaChangeFindings, typeList, valueText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-output-type-changed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An output value may now have a type clients did not expect (widened, changed, nullable, format dropped or changed, or schema dropped).',
    message: 'tool "{tool}" — output property "{property}" type changed ({before} → {after})',
    why: 'Clients parse the output by its old type; a value of another type (or a null) breaks them. A narrowed output type is not reported: every value it allows was allowed before.',
    fix: 'Keep output "{property}" of "{tool}" as {before} and return the {after} value under a new name; remove the old property in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: {
          tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: { type: 'string' } } } }],
        },
        revision: {
          tools: [
            { name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { n: { type: ['string', 'null'] } } } },
          ],
        },
      },
    ],
    quiet: [
      {
        base: {
          tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object', properties: { v: { type: 'string' } } } }],
        },
        revision: {
          tools: [
            {
              name: 't',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { v: { type: 'string', anyOf: [{ format: 'email' }] } } },
            },
          ],
        },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'output', (change) => {
      if (change.kind === 'type-changed' && change.detail !== 'narrowed') return { before: typeList(change.before), after: typeList(change.after) };
      if (change.kind === 'nullable-added') return { before: 'not nullable', after: 'nullable' };
      // A format dropped or changed (uuid → none): clients that parse the old format fail (as on the REST response side).
      if (change.kind === 'format-changed' && change.before !== undefined)
        return { before: `format ${valueText(change.before)}`, after: `format ${valueText(change.after)}` };
      // A dropped sub-schema (or the whole outputSchema) lets anything through; a new anyOf/oneOf alternative widens.
      if (change.kind === 'schema-removed' && !isAlternative(change)) return { before: 'schema', after: 'any' };
      if (change.kind === 'schema-added' && isAlternative(change)) return { before: 'schema', after: 'new alternative' };
      return undefined;
    });
  },
);
