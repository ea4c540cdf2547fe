/**
 * The change types a specific rule reports, by criticality: the catch-all rules
 * (`graphql-breaking-change`, `graphql-dangerous-change`) report every other change of theirs, so
 * every change graphql-inspector calls breaking is breaking here too. Kept in step with the rule
 * files by the catch-all rules' tests.
 */
export const SPECIFIC_CHANGE_TYPES = {
  BREAKING: new Set([
    'TYPE_REMOVED',
    'TYPE_KIND_CHANGED',
    'FIELD_REMOVED',
    'FIELD_TYPE_CHANGED',
    'FIELD_ARGUMENT_REMOVED',
    'FIELD_ARGUMENT_ADDED',
    'FIELD_ARGUMENT_TYPE_CHANGED',
    'INPUT_FIELD_REMOVED',
    'INPUT_FIELD_ADDED',
    'INPUT_FIELD_TYPE_CHANGED',
    'ENUM_VALUE_REMOVED',
    'UNION_MEMBER_REMOVED',
    'OBJECT_TYPE_INTERFACE_REMOVED',
  ]),
  DANGEROUS: new Set(['ENUM_VALUE_ADDED', 'UNION_MEMBER_ADDED', 'FIELD_ARGUMENT_DEFAULT_CHANGED', 'INPUT_FIELD_DEFAULT_VALUE_CHANGED']),
} as const;
