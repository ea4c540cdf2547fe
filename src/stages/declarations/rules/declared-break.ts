import type { RuleMeta } from '../../../rules/types.js';
import { reasonIsTooShort } from '../annotations.js';
import { evidenceAt, type DeclarationRule } from '../rule.js';

const meta = {
  id: 'declared-break',
  surface: 'declarations',
  level: 'breaking',
  summary: 'A maintainer declared that this release breaks rolling updates (`@release-safety breaking: <reason>`).',
  message: 'declared break: {reason}',
  why: 'The people who wrote the change know something no diff can prove; old and new versions must not run side by side.',
  docs: 'docs/declarations.md#declared-break',
} as const satisfies RuleMeta;

export const declaredBreak: DeclarationRule<typeof meta.id> = {
  meta,
  check: (found) =>
    found.annotations
      .filter((annotation) => annotation.kind === 'breaking' && !reasonIsTooShort(annotation))
      .map((annotation) => ({ rule: meta.id, params: { reason: annotation.reason }, evidence: evidenceAt(annotation) })),
};
