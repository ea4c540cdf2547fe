import { defineRule } from '../../../rules/define.js';
import { isAlternative } from '../../schema-diff/composition.js';
import { schemaChangeFindings, typeList } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-input-type-narrowed',
    surface: 'mcp',
    level: 'breaking',
    summary: 'An input accepts fewer types (or no longer null, or gained a sub-schema that restricts it).',
    message: 'tool "{tool}" — input property "{property}" type narrowed ({before} → {after})',
    why: 'Values that were valid before (a number where only integers are now accepted, a null) are now rejected.',
    fix: 'Keep accepting {before} for input "{property}" of "{tool}" (convert it); narrow to {after} in a later release.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string', nullable: true } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'number' }] } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { n: {} } } }] },
      },
    ],
  },
  (pair, meta) => {
    return schemaChangeFindings(meta, pair, 'input', (change) => {
      if (change.kind === 'type-changed' && change.detail !== 'widened') return { before: typeList(change.before), after: typeList(change.after) };
      if (change.kind === 'nullable-removed') return { before: 'nullable', after: 'not nullable' };
      // A schema appearing under `items`, `not`, `allOf`… restricts the value; an anyOf/oneOf alternative removed does too.
      if (change.kind === 'schema-added' && !isAlternative(change) && change.pointer !== '') return { before: 'any', after: 'schema' };
      if (change.kind === 'schema-removed' && isAlternative(change)) return { before: 'alternative', after: 'none' };
      return undefined;
    });
  },
);
