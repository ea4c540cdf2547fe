import type { RuleMeta } from '../../../rules/types.js';
import { evidenceAt, type DeclarationRule } from '../rule.js';

const meta = {
  id: 'declared-break-malformed',
  surface: 'declarations',
  level: 'breaking',
  summary: 'A comment starts a `@release-safety` annotation but does not follow `breaking[ required-stop]: <reason>`.',
  message: 'malformed @release-safety annotation: {statement}',
  why: 'A misspelt declaration must not pass silently as "nothing declared"; the release is unknown until it is fixed.',
  docs: 'docs/declarations.md#declared-break-malformed',
} as const satisfies RuleMeta;

export const declaredBreakMalformed: DeclarationRule<typeof meta.id> = {
  meta,
  check: (found) => found.malformed.map((malformed) => ({ rule: meta.id, params: { statement: malformed.statement }, evidence: evidenceAt(malformed) })),
};
