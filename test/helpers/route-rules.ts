import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../src/rules/types.js';
import { routeExampleFindings } from '../../src/stages/rest/rule-book.js';
import type { RestRule } from '../../src/stages/rest/rule.js';
import type { RouteRuleExample } from '../../src/stages/rest/routes/rule.js';

/**
 * Table tests of the REST rules over the routes the code serves (STYLE.md 7–8): each case is a pair
 * of source trees; the routes are read, resolved and diffed as the stage does (all files read), and
 * the rule's findings asserted exactly, its rendered lines as an inline snapshot.
 */
export { servedRoutesOf, routesDiffOf } from '../../src/stages/rest/routes/example.js';

export interface RouteRuleCase extends RouteRuleExample {
  name: string;
  expected: { params: Record<string, string | number>; line: number }[];
}

export function findingsOfRouteRule(rule: RestRule, example: RouteRuleExample): Promise<Finding[]> {
  return routeExampleFindings(rule.meta.id, example);
}

export function testRouteRule(rule: RestRule, cases: readonly RouteRuleCase[], snapshot: (lines: string[]) => void): void {
  describe(rule.meta.id, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
      const findings = await findingsOfRouteRule(rule, testCase);
      expect(findings.map((finding) => ({ params: finding.params, line: finding.evidence.line }))).toEqual(
        testCase.expected.map((expected) => ({ params: expected.params, line: expected.line })),
      );
    });
    it('renders its findings', async () => {
      const lines: string[] = [];
      for (const testCase of cases) lines.push(...(await findingsOfRouteRule(rule, testCase)).map((finding) => renderFinding(rule.meta, finding).message));
      snapshot(lines);
    });
  });
}
