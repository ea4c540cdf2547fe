import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-argument-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'An argument of a field is gone.',
    message: '{type}.{field}({argument}) \u2014 argument removed',
    why: 'A query that passes the argument fails validation (unknown argument) on upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep the argument {argument} on {type}.{field}, ignored if need be, and deprecate it; remove it in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { teams(cursor: ID, take: Int): [String] }', revision: 'type Query { teams(cursor: ID): [String] }' }],
    quiet: [{ base: 'type Query { teams(cursor: ID): [String] }', revision: 'type Query { teams(cursor: ID, take: Int): [String] }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['FIELD_ARGUMENT_REMOVED'], (change) => ({
      type: metaText(change, 'typeName'),
      field: metaText(change, 'fieldName'),
      argument: metaText(change, 'removedFieldArgumentName'),
    })),
);
