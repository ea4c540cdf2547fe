import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-default-value-changed',
    surface: 'graphql',
    level: 'advisory',
    summary: 'The default of an argument or input field changed.',
    message: '{coordinate} \u2014 default changed from {oldDefault} to {newDefault}',
    why: 'Clients that leave the value out get other results from upgraded instances than from old ones while both serve.',
    fix: 'Keep the default of {coordinate}; let clients that want the new behaviour pass it explicitly.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { teams(take: Int = 10): [String] }', revision: 'type Query { teams(take: Int = 50): [String] }' }],
    quiet: [{ base: 'type Query { teams(take: Int = 10): [String] }', revision: 'type Query { teams(take: Int = 10, skip: Int): [String] }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['FIELD_ARGUMENT_DEFAULT_CHANGED', 'INPUT_FIELD_DEFAULT_VALUE_CHANGED'], (change) => ({
      oldDefault: metaText(change, 'oldDefaultValue') || 'none',
      newDefault: metaText(change, 'newDefaultValue') || 'none',
    })),
);
