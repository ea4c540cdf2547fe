import { defineRule } from '../../../rules/define.js';
import { reasonIsTooShort } from '../annotations.js';
import { evidenceAt } from '../rule.js';

export const declaredBreak = defineRule(
  {
    id: 'declared-break',
    surface: 'declarations',
    level: 'breaking',
    summary: 'A maintainer declared that this release breaks rolling updates (`@release-safety breaking: <reason>`).',
    message: 'declared break: {reason}',
    why: 'The people who wrote the change know something no diff can prove; old and new versions must not run side by side.',
    fix: 'Make the change in two releases if you can (expand: both versions work; contract: remove the old), then drop the annotation; otherwise upgrade with Recreate.',
    docs: 'docs/declarations.md',
  },
  {
    flagged: [{ base: 'export {};', head: 'export {};\n// @release-safety breaking: websocket messages use the new envelope' }],
    quiet: [{ base: '', head: '// @release-safety breaking required-stop: websocket messages are re-keyed' }],
  },
  (found, meta) =>
    found.annotations
      .filter((annotation) => annotation.kind === 'breaking' && !reasonIsTooShort(annotation))
      .map((annotation) => ({ rule: meta.id, params: { reason: annotation.reason }, evidence: evidenceAt(annotation) })),
);
