import { defineRule } from '../../../rules/define.js';
import { changesOfType } from '../rule.js';
import { SPECIFIC_CHANGE_TYPES as SPECIFIC } from './specific.js';

export const rule = defineRule(
  {
    id: 'graphql-breaking-change',
    surface: 'graphql',
    level: 'breaking',
    summary: 'Any other change graphql-inspector classifies as breaking (a directive removed, a root type changed).',
    message: '{coordinate} \u2014 {change}',
    why: 'graphql-inspector classifies the change as breaking for clients of the previous schema. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Make {coordinate} accept what it accepted before in this release; finish the change in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'directive @cached on FIELD_DEFINITION\ntype Query { a: Int }', revision: 'type Query { a: Int }' }],
    quiet: [{ base: 'type Query { a: Int }', revision: 'directive @cached on FIELD_DEFINITION\ntype Query { a: Int }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, [...new Set(changes.map((change) => change.type))], (change) =>
      SPECIFIC.BREAKING.has(change.type) ? undefined : { change: change.message.replace(/'/g, '"') },
    ),
);
