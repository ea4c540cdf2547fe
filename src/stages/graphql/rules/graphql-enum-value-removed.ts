import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-enum-value-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A value of an enum is gone.',
    message: '{type}.{value} \u2014 enum value removed',
    why: 'Clients that send the value as an argument fail validation on upgraded instances; stored rows that still hold it fail to serialise. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {type}.{value} in the enum and mark it `@deprecated`; stop producing it first, remove it in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR VIEWER }',
        revision: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR }',
      },
    ],
    quiet: [
      {
        base: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR }',
        revision: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR VIEWER }',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['ENUM_VALUE_REMOVED'], (change) => ({ type: metaText(change, 'enumName'), value: metaText(change, 'removedEnumValueName') })),
);
