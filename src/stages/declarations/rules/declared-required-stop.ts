import type { RuleMeta } from '../../../rules/types.js';
import { reasonIsTooShort } from '../annotations.js';
import { evidenceAt, type DeclarationRule } from '../rule.js';

const meta = {
  id: 'declared-required-stop',
  surface: 'declarations',
  level: 'breaking',
  summary: 'A maintainer declared this release a required stop (`@release-safety breaking required-stop: <reason>`).',
  message: 'declared required stop: {reason}',
  why: 'Upgrades must pass through this version and let it run (typically a data migration) before going further; it is also a break, so no rolling update.',
  docs: 'docs/declarations.md#declared-required-stop',
} as const satisfies RuleMeta;

export const declaredRequiredStop: DeclarationRule<typeof meta.id> = {
  meta,
  check: (found) =>
    found.annotations
      .filter((annotation) => annotation.kind === 'required-stop' && !reasonIsTooShort(annotation))
      .map((annotation) => ({ rule: meta.id, params: { reason: annotation.reason }, evidence: evidenceAt(annotation) })),
};
