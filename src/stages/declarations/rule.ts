import type { Evidence, Finding, RuleMeta } from '../../rules/types.js';
import type { NewAnnotations } from './scan.js';

/** A rule of this stage: catalogue entry + the check that reads the new annotations (STYLE.md 1, 4). */
export interface DeclarationRule<Id extends string = string> {
  readonly meta: RuleMeta<Id>;
  check(found: NewAnnotations): Array<Finding<Id>>;
}

export function evidenceAt(item: { file: string; line: number; statement: string }): Evidence {
  return { file: item.file, line: item.line, statement: item.statement };
}
