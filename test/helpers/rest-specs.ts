import { describe, expect, it } from 'vitest';
import { renderFinding, type FindingParams } from '../../src/rules/types.js';
import { exampleFindings } from '../../src/stages/rest/rule-book.js';
import type { RestRule, RestRuleExample } from '../../src/stages/rest/rule.js';

/**
 * Table tests of REST rules (STYLE.md 7–8): each case is an old and a new spec fragment (YAML of
 * `paths` / `components`, wrapped into an OpenAPI 3.0 document unless it declares its own version)
 * and the exact findings of the rule under test; the rendered lines go to one inline snapshot.
 */

export { wrapFragment } from '../../src/stages/rest/rule-book.js';

export interface ExpectedFinding {
  params: FindingParams;
  pointer: string;
}

export interface RuleCase extends RestRuleExample {
  name: string;
  expected: ExpectedFinding[];
}

/** The findings of one rule between two fragments (every rule runs; only this one's are kept). */
export async function findingsOf(rule: RestRule, example: RestRuleExample) {
  return exampleFindings(rule.meta.id, example);
}

export async function linesOf(rule: RestRule, example: RestRuleExample): Promise<string[]> {
  return (await findingsOf(rule, example)).map((finding) => renderFinding(rule.meta, finding).message);
}

/** Runs the table: exact findings per case; `snapshot` receives every rendered line of the table. */
export function testRule(rule: RestRule, cases: readonly RuleCase[], snapshot: (lines: string[]) => void): void {
  describe(rule.meta.id, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
      const found = (await findingsOf(rule, testCase)).map((finding) => ({ params: finding.params, pointer: finding.evidence.pointer }));
      expect(found).toEqual(testCase.expected);
    });
    it('has a flagged case and renders its lines', async () => {
      expect(cases.some((testCase) => testCase.expected.length > 0)).toBe(true);
      const lines: string[] = [];
      for (const testCase of cases) lines.push(...(await linesOf(rule, testCase)));
      snapshot(lines);
    });
  });
}
