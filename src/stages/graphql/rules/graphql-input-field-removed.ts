import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-input-field-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A field of an input type is gone.',
    message: '{type}.{field} \u2014 input field removed',
    why: 'Clients that still send the field get a validation error for the whole operation from upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {type}.{field} accepted (ignored if need be) and deprecated in this release; remove it in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { a: Int }\ninput CreateTeam { name: String!, color: String }',
        revision: 'type Query { a: Int }\ninput CreateTeam { name: String! }',
      },
    ],
    quiet: [
      {
        base: 'type Query { a: Int }\ninput CreateTeam { name: String! }',
        revision: 'type Query { a: Int }\ninput CreateTeam { name: String!, color: String }',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['INPUT_FIELD_REMOVED'], (change) => ({ type: metaText(change, 'inputName'), field: metaText(change, 'removedFieldName') })),
);
