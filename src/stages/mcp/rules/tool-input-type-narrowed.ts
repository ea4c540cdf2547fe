import type { Finding, RuleMeta } from '../../../rules/types.js';
import { isAlternative } from '../../schema-diff/composition.js';
import { schemaChangeFindings, typeList, type McpRule, type ToolPair } from '../rule.js';

const meta = {
  id: 'tool-input-type-narrowed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An input accepts fewer types (or no longer null, or gained a sub-schema that restricts it).',
  message: 'tool "{tool}" — input property "{property}" type narrowed ({before} → {after})',
  why: 'Values that were valid before (a number where only integers are now accepted, a null) are now rejected.',
  docs: 'docs/mcp.md#tool-input-type-narrowed',
} as const satisfies RuleMeta;

export const rule = {
  meta,
  check(pair: ToolPair): Finding[] {
    return schemaChangeFindings(meta, pair, 'input', (change) => {
      if (change.kind === 'type-changed' && change.detail !== 'widened') return { before: typeList(change.before), after: typeList(change.after) };
      if (change.kind === 'nullable-removed') return { before: 'nullable', after: 'not nullable' };
      // A schema appearing under `items`, `not`, `allOf`… restricts the value; an anyOf/oneOf alternative removed does too.
      if (change.kind === 'schema-added' && !isAlternative(change) && change.pointer !== '') return { before: 'any', after: 'schema' };
      if (change.kind === 'schema-removed' && isAlternative(change)) return { before: 'alternative', after: 'none' };
      return undefined;
    });
  },
} satisfies McpRule;
