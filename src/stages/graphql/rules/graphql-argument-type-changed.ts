import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-argument-type-changed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'An argument changed its type, or became required.',
    message: '{type}.{field}({argument}) \u2014 type changed from {oldType} to {newType}',
    why: 'Queries that pass the old type, or leave the argument out, fail validation on upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {argument} accepting {oldType}; add a new argument for the new type and deprecate the old one.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { team(teamID: ID): String }', revision: 'type Query { team(teamID: ID!): String }' }],
    quiet: [{ base: 'type Query { team(teamID: ID!): String }', revision: 'type Query { team(teamID: ID): String }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['FIELD_ARGUMENT_TYPE_CHANGED'], (change) => ({
      type: metaText(change, 'typeName'),
      field: metaText(change, 'fieldName'),
      argument: metaText(change, 'argumentName'),
      oldType: metaText(change, 'oldArgumentType'),
      newType: metaText(change, 'newArgumentType'),
    })),
);
