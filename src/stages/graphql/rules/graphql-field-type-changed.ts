import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-field-type-changed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A field returns a type its clients cannot read as before (another type, or nullable where it was non-null).',
    message: '{type}.{field} \u2014 type changed from {oldType} to {newType}',
    why: 'Clients generated from the old schema select sub-fields of the old type or assume a value is never null; answers of upgraded instances break them. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Add a new field with the new type beside {type}.{field} and deprecate the old one; remove it in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { count: Int! }', revision: 'type Query { count: String }' }],
    quiet: [{ base: 'type Query { count: Int }', revision: 'type Query { count: Int! }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['FIELD_TYPE_CHANGED'], (change) => ({
      type: metaText(change, 'typeName'),
      field: metaText(change, 'fieldName'),
      oldType: metaText(change, 'oldFieldType'),
      newType: metaText(change, 'newFieldType'),
    })),
);
