import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-type-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A type of the previous schema is gone.',
    message: '{type} \u2014 type removed',
    why: 'Every query or fragment that names the type (`... on {type}`, a variable of that input type) fails validation on upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {type} in this release and stop returning or accepting it; remove it from the schema in a later release, once no client names it.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { a: A }\ntype A { x: Int }\ntype B { y: Int }', revision: 'type Query { a: A }\ntype A { x: Int }' }],
    quiet: [{ base: 'type Query { a: A }\ntype A { x: Int }', revision: 'type Query { a: A }\ntype A { x: Int }\ntype B { y: Int }' }],
  },
  (changes, meta) => changesOfType(meta, changes, ['TYPE_REMOVED'], (change) => ({ type: metaText(change, 'removedTypeName') })),
);
