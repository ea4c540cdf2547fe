import type { RuleMeta } from '../../../rules/types.js';
import { MIN_REASON_LENGTH, reasonIsTooShort } from '../annotations.js';
import { evidenceAt, type DeclarationRule } from '../rule.js';

const meta = {
  id: 'declared-break-reason-too-short',
  surface: 'declarations',
  level: 'breaking',
  summary: `A declared break whose reason is shorter than ${MIN_REASON_LENGTH} characters.`,
  message: 'declared break reason "{reason}" is {length} characters; at least {minimum} are required',
  why: 'Operators read the reason to plan the upgrade; a placeholder is an error, so the release is unknown until the reason is written.',
  docs: 'docs/declarations.md#declared-break-reason-too-short',
} as const satisfies RuleMeta;

export const declaredBreakReasonTooShort: DeclarationRule<typeof meta.id> = {
  meta,
  check: (found) =>
    found.annotations.filter(reasonIsTooShort).map((annotation) => ({
      rule: meta.id,
      params: { reason: annotation.reason, length: annotation.reason.length, minimum: MIN_REASON_LENGTH, requiredStop: annotation.kind === 'required-stop' },
      evidence: evidenceAt(annotation),
    })),
};
