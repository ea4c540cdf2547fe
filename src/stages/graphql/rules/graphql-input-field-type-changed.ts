import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-input-field-type-changed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A field of an input type changed its type, or became required.',
    message: '{type}.{field} \u2014 type changed from {oldType} to {newType}',
    why: 'Clients that send the old type, or leave the field out, fail validation on upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {type}.{field} accepting {oldType}; add a new field for the new type and deprecate the old one.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { a: Int }\ninput CreateTeam { name: String }', revision: 'type Query { a: Int }\ninput CreateTeam { name: String! }' }],
    quiet: [{ base: 'type Query { a: Int }\ninput CreateTeam { name: String! }', revision: 'type Query { a: Int }\ninput CreateTeam { name: String }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['INPUT_FIELD_TYPE_CHANGED'], (change) => ({
      type: metaText(change, 'inputName'),
      field: metaText(change, 'inputFieldName'),
      oldType: metaText(change, 'oldInputFieldType'),
      newType: metaText(change, 'newInputFieldType'),
    })),
);
