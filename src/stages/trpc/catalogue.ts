import type { RuleMeta } from '../../rules/types.js';
import { rule as ProcedureAdded } from './rules/procedure-added.js';
import { rule as ProcedureInputNarrowed } from './rules/procedure-input-narrowed.js';
import { rule as ProcedureKindChanged } from './rules/procedure-kind-changed.js';
import { rule as ProcedureOptionalInputAdded } from './rules/procedure-optional-input-added.js';
import { rule as ProcedureOutputEnumValueAdded } from './rules/procedure-output-enum-value-added.js';
import { rule as ProcedureOutputPropertyRemoved } from './rules/procedure-output-property-removed.js';
import { rule as ProcedureOutputTypeChanged } from './rules/procedure-output-type-changed.js';
import { rule as ProcedureRemoved } from './rules/procedure-removed.js';
import { rule as ProcedureRequiredInputAdded } from './rules/procedure-required-input-added.js';
import { rule as ProcedureSchemaChangeUnknown } from './rules/procedure-schema-change-unknown.js';

/** Every tRPC rule, one file each under `rules/` (the file name is the id). The only registry. */
export const TRPC_RULES = [
  ProcedureAdded,
  ProcedureInputNarrowed,
  ProcedureKindChanged,
  ProcedureOptionalInputAdded,
  ProcedureOutputEnumValueAdded,
  ProcedureOutputPropertyRemoved,
  ProcedureOutputTypeChanged,
  ProcedureRemoved,
  ProcedureRequiredInputAdded,
  ProcedureSchemaChangeUnknown,
] as const;

/** The catalogue entries, exported as the stage's `rules`. */
export const TRPC_RULE_CATALOGUE: readonly RuleMeta[] = TRPC_RULES.map((rule) => rule.meta);
