import type { Rule } from '../../rules/define.js';
import type { Evidence, Finding, RuleMeta } from '../../rules/types.js';
import type { NewAnnotations } from './scan.js';

/**
 * What a declarations rule is: `defineRule({ surface: 'declarations', … }, examples, check)`, where
 * `check` reads the annotations new in this release (STYLE.md 1, 4).
 */
export type DeclarationCheck = (found: NewAnnotations, meta: RuleMeta) => Finding[];

/** One example: `src/app.ts` at the previous release (`''`: the file is new) and at the new one. */
export interface DeclarationRuleExample {
  readonly base: string;
  readonly head: string;
}

declare module '../../rules/define.js' {
  interface RuleSurfaces {
    declarations: { check: DeclarationCheck; example: DeclarationRuleExample; meta: object };
  }
}

export type DeclarationRule<Id extends string = string> = Rule<Id, 'declarations'>;

export const DECLARATIONS_DOCS = 'docs/declarations.md';

export function runDeclarationRule<Id extends string>(rule: DeclarationRule<Id>, found: NewAnnotations): Finding<Id>[] {
  return rule.check(found, rule.meta) as Finding<Id>[];
}

export function evidenceAt(item: { file: string; line: number; statement: string }): Evidence {
  return { file: item.file, line: item.line, statement: item.statement };
}
