import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-union-member-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A type left a union.',
    message: '{type} \u2014 member {member} removed',
    why: 'Queries with `... on {member}` inside the union fail validation on upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {member} in {type} in this release and stop returning it; remove it from the union in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A | B',
        revision: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A',
      },
    ],
    quiet: [
      {
        base: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A',
        revision: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A | B',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['UNION_MEMBER_REMOVED'], (change) => ({
      type: metaText(change, 'unionName'),
      member: metaText(change, 'removedUnionMemberTypeName'),
    })),
);
