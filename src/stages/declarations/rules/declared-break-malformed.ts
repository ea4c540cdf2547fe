import { defineRule } from '../../../rules/define.js';
import { evidenceAt } from '../rule.js';

export const declaredBreakMalformed = defineRule(
  {
    id: 'declared-break-malformed',
    surface: 'declarations',
    level: 'breaking',
    summary: 'A comment starts a `@release-safety` annotation but does not follow `breaking[ required-stop]: <reason>`.',
    message: 'malformed @release-safety annotation: {statement}',
    why: 'A misspelt declaration must not pass silently as "nothing declared"; the release is unknown until it is fixed.',
    fix: 'Write the annotation on one comment line as `@release-safety breaking: <reason>` (or `@release-safety breaking required-stop: <reason>`).',
    docs: 'docs/declarations.md',
  },
  {
    flagged: [{ base: '', head: '-- @release-safety breaking the audit table is rewritten' }],
    quiet: [{ base: '', head: '// see the @release-safety docs' }],
  },
  (found, meta) => found.malformed.map((malformed) => ({ rule: meta.id, params: { statement: malformed.statement }, evidence: evidenceAt(malformed) })),
);
