import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-union-member-added',
    surface: 'graphql',
    level: 'advisory',
    summary: 'A union gained a member type.',
    message: '{type} \u2014 member {member} added',
    why: 'Clients of the previous release get objects of a type their fragments do not cover (`__typename` they do not know).',
    fix: 'Make clients ignore unknown {type} members before returning {member} from it.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A',
        revision: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A | B',
      },
    ],
    quiet: [
      {
        base: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A | B',
        revision: 'type Query { s: Result }\ntype A { a: Int }\ntype B { b: Int }\nunion Result = A',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['UNION_MEMBER_ADDED'], (change) => ({
      type: metaText(change, 'unionName'),
      member: metaText(change, 'addedUnionMemberTypeName'),
    })),
);
