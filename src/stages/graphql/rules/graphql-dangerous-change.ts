import { defineRule } from '../../../rules/define.js';
import { changesOfType } from '../rule.js';
import { SPECIFIC_CHANGE_TYPES as SPECIFIC } from './specific.js';

export const rule = defineRule(
  {
    id: 'graphql-dangerous-change',
    surface: 'graphql',
    level: 'advisory',
    summary: 'Any other change graphql-inspector classifies as dangerous.',
    message: '{coordinate} \u2014 {change}',
    why: 'graphql-inspector classifies the change as dangerous: clients may behave differently against upgraded instances.',
    fix: 'Check that clients of the previous release handle {coordinate} as changed; nothing to change if they do.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { a: A }\ninterface N { id: ID }\ntype A { id: ID }',
        revision: 'type Query { a: A }\ninterface N { id: ID }\ntype A implements N { id: ID }',
      },
    ],
    quiet: [{ base: 'type Query { a: Int }', revision: 'type Query { a: Int, b: Int }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, [...new Set(changes.map((change) => change.type))], (change) =>
      SPECIFIC.DANGEROUS.has(change.type) ? undefined : { change: change.message.replace(/'/g, '"') },
    ),
);
