import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-required-input-field-added',
    surface: 'graphql',
    level: 'breaking',
    summary: 'An input type gained a non-null field without a default.',
    message: '{type}.{field}: {fieldType} \u2014 required input field added',
    why: 'Clients built for the previous schema do not send the field; upgraded instances reject their operations. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Add {type}.{field} as nullable or with a default in this release; make it required only once every client sends it.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      { base: 'type Query { a: Int }\ninput CreateTeam { name: String! }', revision: 'type Query { a: Int }\ninput CreateTeam { name: String!, orgID: ID! }' },
    ],
    quiet: [
      { base: 'type Query { a: Int }\ninput CreateTeam { name: String! }', revision: 'type Query { a: Int }\ninput CreateTeam { name: String!, orgID: ID }' },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['INPUT_FIELD_ADDED'], (change) => ({
      type: metaText(change, 'inputName'),
      field: metaText(change, 'addedInputFieldName'),
      fieldType: metaText(change, 'addedInputFieldType'),
    })),
);
