import type { RuleMeta } from '../../rules/types.js';
import { rule as GraphqlArgumentRemoved } from './rules/graphql-argument-removed.js';
import { rule as GraphqlArgumentTypeChanged } from './rules/graphql-argument-type-changed.js';
import { rule as GraphqlBreakingChange } from './rules/graphql-breaking-change.js';
import { rule as GraphqlDangerousChange } from './rules/graphql-dangerous-change.js';
import { rule as GraphqlDefaultValueChanged } from './rules/graphql-default-value-changed.js';
import { rule as GraphqlEnumValueAdded } from './rules/graphql-enum-value-added.js';
import { rule as GraphqlEnumValueRemoved } from './rules/graphql-enum-value-removed.js';
import { rule as GraphqlFieldRemoved } from './rules/graphql-field-removed.js';
import { rule as GraphqlFieldTypeChanged } from './rules/graphql-field-type-changed.js';
import { rule as GraphqlInputFieldRemoved } from './rules/graphql-input-field-removed.js';
import { rule as GraphqlInputFieldTypeChanged } from './rules/graphql-input-field-type-changed.js';
import { rule as GraphqlInterfaceRemoved } from './rules/graphql-interface-removed.js';
import { rule as GraphqlRequiredArgumentAdded } from './rules/graphql-required-argument-added.js';
import { rule as GraphqlRequiredInputFieldAdded } from './rules/graphql-required-input-field-added.js';
import { rule as GraphqlSchemaExtended } from './rules/graphql-schema-extended.js';
import { rule as GraphqlTypeKindChanged } from './rules/graphql-type-kind-changed.js';
import { rule as GraphqlTypeRemoved } from './rules/graphql-type-removed.js';
import { rule as GraphqlUnionMemberAdded } from './rules/graphql-union-member-added.js';
import { rule as GraphqlUnionMemberRemoved } from './rules/graphql-union-member-removed.js';

/** Every GraphQL rule, one file each under `rules/` (the file name is the id). The only registry. */
export const GRAPHQL_RULES = [
  GraphqlArgumentRemoved,
  GraphqlArgumentTypeChanged,
  GraphqlBreakingChange,
  GraphqlDangerousChange,
  GraphqlDefaultValueChanged,
  GraphqlEnumValueAdded,
  GraphqlEnumValueRemoved,
  GraphqlFieldRemoved,
  GraphqlFieldTypeChanged,
  GraphqlInputFieldRemoved,
  GraphqlInputFieldTypeChanged,
  GraphqlInterfaceRemoved,
  GraphqlRequiredArgumentAdded,
  GraphqlRequiredInputFieldAdded,
  GraphqlSchemaExtended,
  GraphqlTypeKindChanged,
  GraphqlTypeRemoved,
  GraphqlUnionMemberAdded,
  GraphqlUnionMemberRemoved,
] as const;

/** The catalogue entries, exported as the stage's `rules`. */
export const GRAPHQL_RULE_CATALOGUE: readonly RuleMeta[] = GRAPHQL_RULES.map((rule) => rule.meta);
