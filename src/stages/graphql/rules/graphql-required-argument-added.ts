import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-required-argument-added',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A field gained a non-null argument without a default.',
    message: '{type}.{field}({argument}: {argumentType}) \u2014 required argument added',
    why: 'Queries written for the previous schema do not pass the argument; upgraded instances reject them. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Add {argument} as nullable or with a default value in this release; make it required only after every client sends it.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { teams(cursor: ID): [String] }', revision: 'type Query { teams(cursor: ID, orgID: ID!): [String] }' }],
    quiet: [{ base: 'type Query { teams(cursor: ID): [String] }', revision: 'type Query { teams(cursor: ID, orgID: ID): [String] }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['FIELD_ARGUMENT_ADDED'], (change) => ({
      type: metaText(change, 'typeName'),
      field: metaText(change, 'fieldName'),
      argument: metaText(change, 'addedArgumentName'),
      argumentType: metaText(change, 'addedArgumentType'),
    })),
);
