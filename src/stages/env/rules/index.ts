import type { Finding } from '../../../rules/types.js';
import type { EnvDiff } from '../diff.js';
import { runEnvRule } from '../rule.js';
import { envDefaultChanged } from './env-default-changed.js';
import { envExampleVariableRemoved } from './env-example-variable-removed.js';
import { envVariableAdded } from './env-variable-added.js';
import { envVariableBecameRequired } from './env-variable-became-required.js';
import { envVariableRemoved } from './env-variable-removed.js';
import { envVariableRenamed } from './env-variable-renamed.js';
import { compareText } from '../../../core/compare-text.js';

/** Every rule of the env-config stage; the only list that registers them. */
export const envRules = [
  envVariableRemoved,
  envVariableRenamed,
  envDefaultChanged,
  envVariableBecameRequired,
  envVariableAdded,
  envExampleVariableRemoved,
] as const;

export type EnvRuleId = (typeof envRules)[number]['meta']['id'];

/** The stage's catalogue (STYLE.md 1). */
export const rules = envRules.map((rule) => rule.meta);

/** Findings of every rule, sorted by rule id, then variable name, then location (STYLE.md 12). */
export function envFindings(diff: EnvDiff): Array<Finding<EnvRuleId>> {
  const findings: Array<Finding<EnvRuleId>> = envRules.flatMap((rule): Array<Finding<EnvRuleId>> => runEnvRule(rule, diff));
  const key = (finding: Finding) =>
    [finding.rule, String(finding.params.name), finding.evidence.file ?? '', String(finding.evidence.line ?? 0).padStart(9, '0')].join('\0');
  return findings.sort((a, b) => compareText(key(a), key(b)));
}
