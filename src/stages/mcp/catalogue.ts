import type { RuleMeta } from '../../rules/types.js';
import { rule as toolAdded } from './rules/tool-added.js';
import { rule as toolAnnotationLoosened } from './rules/tool-annotation-loosened.js';
import { rule as toolDescriptionChanged } from './rules/tool-description-changed.js';
import { rule as toolInputAdditionalPropertiesClosed } from './rules/tool-input-additional-properties-closed.js';
import { rule as toolInputConstraintTightened } from './rules/tool-input-constraint-tightened.js';
import { rule as toolInputEnumValueAdded } from './rules/tool-input-enum-value-added.js';
import { rule as toolInputEnumValueRemoved } from './rules/tool-input-enum-value-removed.js';
import { rule as toolInputPropertyBecameRequired } from './rules/tool-input-property-became-required.js';
import { rule as toolInputPropertyRemoved } from './rules/tool-input-property-removed.js';
import { rule as toolInputTypeNarrowed } from './rules/tool-input-type-narrowed.js';
import { rule as toolNewRequiredInput } from './rules/tool-new-required-input.js';
import { rule as toolOptionalInputAdded } from './rules/tool-optional-input-added.js';
import { rule as toolOutputConstraintLoosened } from './rules/tool-output-constraint-loosened.js';
import { rule as toolOutputEnumValueAdded } from './rules/tool-output-enum-value-added.js';
import { rule as toolOutputPropertyBecameOptional } from './rules/tool-output-property-became-optional.js';
import { rule as toolOutputPropertyRemoved } from './rules/tool-output-property-removed.js';
import { rule as toolOutputTypeChanged } from './rules/tool-output-type-changed.js';
import { rule as toolRemoved } from './rules/tool-removed.js';
import { rule as toolSchemaChangeUnknown } from './rules/tool-schema-change-unknown.js';

/** Every MCP rule, one file each under `rules/` (the file name is the id). The only registry. */
export const MCP_RULES = [
  toolAdded,
  toolAnnotationLoosened,
  toolDescriptionChanged,
  toolInputAdditionalPropertiesClosed,
  toolInputConstraintTightened,
  toolInputEnumValueAdded,
  toolInputEnumValueRemoved,
  toolInputPropertyBecameRequired,
  toolInputPropertyRemoved,
  toolInputTypeNarrowed,
  toolNewRequiredInput,
  toolOptionalInputAdded,
  toolOutputConstraintLoosened,
  toolOutputEnumValueAdded,
  toolOutputPropertyBecameOptional,
  toolOutputPropertyRemoved,
  toolOutputTypeChanged,
  toolRemoved,
  toolSchemaChangeUnknown,
] as const;

export type McpRuleId = (typeof MCP_RULES)[number]['meta']['id'];

/** The catalogue entries, exported as the stage's `rules`. */
export const MCP_RULE_CATALOGUE: readonly RuleMeta[] = MCP_RULES.map((rule) => rule.meta);
