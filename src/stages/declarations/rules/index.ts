import type { Finding } from '../../../rules/types.js';
import type { NewAnnotations } from '../scan.js';
import { runDeclarationRule } from '../rule.js';
import { declaredBreakMalformed } from './declared-break-malformed.js';
import { declaredBreakReasonTooShort } from './declared-break-reason-too-short.js';
import { declaredBreak } from './declared-break.js';
import { declaredRequiredStop } from './declared-required-stop.js';
import { compareText } from '../../../core/compare-text.js';

/** Every rule of the declarations stage; the only list that registers them. */
export const declarationRules = [declaredBreak, declaredRequiredStop, declaredBreakReasonTooShort, declaredBreakMalformed] as const;

export type DeclarationRuleId = (typeof declarationRules)[number]['meta']['id'];

/** The stage's catalogue (STYLE.md 1). */
export const rules = declarationRules.map((rule) => rule.meta);

/** Rules whose findings mean the declarations could not be read as intended: the stage is unknown. */
export const errorRuleIds: ReadonlySet<string> = new Set([declaredBreakReasonTooShort.meta.id, declaredBreakMalformed.meta.id]);

/** Findings of every rule, sorted by file, line, then rule id (STYLE.md 12). */
export function declarationFindings(found: NewAnnotations): Array<Finding<DeclarationRuleId>> {
  const findings = declarationRules.flatMap((rule): Array<Finding<DeclarationRuleId>> => runDeclarationRule(rule, found));
  return findings.sort(
    (a, b) => compareText(a.evidence.file ?? '', b.evidence.file ?? '') || (a.evidence.line ?? 0) - (b.evidence.line ?? 0) || compareText(a.rule, b.rule),
  );
}
