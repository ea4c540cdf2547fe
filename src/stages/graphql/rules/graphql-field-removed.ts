import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-field-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A field of an object or interface type is gone.',
    message: '{type}.{field} \u2014 field removed',
    why: 'A query that selects the field fails validation as a whole on upgraded instances: the page that sent it gets no data at all. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {type}.{field} and mark it `@deprecated(reason: "\u2026")` in this release; remove it in a later release, once clients no longer select it.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { team(id: ID!): Team }\ntype Team { id: ID!, name: String, ownersCount: Int }',
        revision: 'type Query { team(id: ID!): Team }\ntype Team { id: ID!, name: String }',
      },
    ],
    quiet: [
      {
        base: 'type Query { team(id: ID!): Team }\ntype Team { id: ID!, name: String }',
        revision: 'type Query { team(id: ID!): Team }\ntype Team { id: ID!, name: String, ownersCount: Int }',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['FIELD_REMOVED'], (change) => ({ type: metaText(change, 'typeName'), field: metaText(change, 'removedFieldName') })),
);
