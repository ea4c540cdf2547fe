import { defineRule } from '../../../rules/define.js';
import { reasonIsTooShort } from '../annotations.js';
import { evidenceAt } from '../rule.js';

export const declaredRequiredStop = defineRule(
  {
    id: 'declared-required-stop',
    surface: 'declarations',
    level: 'breaking',
    summary: 'A maintainer declared this release a required stop (`@release-safety breaking required-stop: <reason>`).',
    message: 'declared required stop: {reason}',
    why: 'Upgrades must pass through this version and let it run (typically a data migration) before going further; it is also a break, so no rolling update.',
    fix: 'Operators must upgrade to this release before any later one; say in the release notes why ({reason}).',
    docs: 'docs/declarations.md',
  },
  {
    flagged: [{ base: '', head: '// @release-safety breaking required-stop: the tenant backfill must finish first' }],
    quiet: [
      {
        base: '// @release-safety breaking required-stop: the tenant backfill must finish first',
        head: '// @release-safety breaking required-stop: the tenant backfill must finish first\nexport {};',
      },
    ],
  },
  (found, meta) =>
    found.annotations
      .filter((annotation) => annotation.kind === 'required-stop' && !reasonIsTooShort(annotation))
      .map((annotation) => ({ rule: meta.id, params: { reason: annotation.reason }, evidence: evidenceAt(annotation) })),
);
