import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-enum-value-added',
    surface: 'graphql',
    level: 'advisory',
    summary: 'An enum gained a value.',
    message: '{type}.{value} \u2014 enum value added',
    why: 'Clients of the previous release that switch over the enum meet a value they do not know when an upgraded instance returns it; old instances reject it when a new client sends it.',
    fix: 'Ship clients that tolerate an unknown {type} value first; return {value} only after they are deployed.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR }',
        revision: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR VIEWER }',
      },
    ],
    quiet: [
      {
        base: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR VIEWER }',
        revision: 'type Query { role: TeamAccessRole }\nenum TeamAccessRole { OWNER EDITOR }',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['ENUM_VALUE_ADDED'], (change) => ({ type: metaText(change, 'enumName'), value: metaText(change, 'addedEnumValueName') })),
);
