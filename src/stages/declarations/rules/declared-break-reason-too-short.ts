import { defineRule } from '../../../rules/define.js';
import { MIN_REASON_LENGTH, reasonIsTooShort } from '../annotations.js';
import { evidenceAt } from '../rule.js';

export const declaredBreakReasonTooShort = defineRule(
  {
    id: 'declared-break-reason-too-short',
    surface: 'declarations',
    level: 'breaking',
    summary: `A declared break whose reason is shorter than ${MIN_REASON_LENGTH} characters.`,
    message: 'declared break reason "{reason}" is {length} characters; at least {minimum} are required',
    why: 'Operators read the reason to plan the upgrade; a placeholder is an error, so the release is unknown until the reason is written.',
    fix: 'Say in at least {minimum} characters what breaks and for whom: `@release-safety breaking: <what old and new versions disagree on>`.',
    docs: 'docs/declarations.md',
  },
  {
    flagged: [{ base: '', head: '// @release-safety breaking: TODO' }],
    quiet: [{ base: '', head: '// @release-safety breaking:    12345678901234567890   ' }],
  },
  (found, meta) =>
    found.annotations.filter(reasonIsTooShort).map((annotation) => ({
      rule: meta.id,
      params: { reason: annotation.reason, length: annotation.reason.length, minimum: MIN_REASON_LENGTH, requiredStop: annotation.kind === 'required-stop' },
      evidence: evidenceAt(annotation),
    })),
);
