import { describe, expect, it } from 'vitest';
import { renderFinding, type Finding } from '../../src/rules/types.js';
import { diffRoutes, documentedKey } from '../../src/stages/rest/routes/diff.js';
import { extractRoutes } from '../../src/stages/rest/routes/extract.js';
import { resolveServedRoutes, type ServedRoute } from '../../src/stages/rest/routes/resolve.js';
import type { RouteRule, RouteRuleExample, RoutesDiff } from '../../src/stages/rest/routes/rule.js';
import type { FileRoutes } from '../../src/stages/rest/routes/types.js';

/**
 * Table tests of routes rules (STYLE.md 7–8): each case is a pair of source trees; the routes are
 * read, resolved and diffed as the stage does (all files read), and the rule's findings asserted
 * exactly, its rendered lines as an inline snapshot.
 */
export interface RouteRuleCase extends RouteRuleExample {
  name: string;
  expected: { params: Record<string, string | number>; line: number }[];
}

export function servedRoutesOf(files: Readonly<Record<string, string>>): ServedRoute[] {
  const extracted = new Map<string, FileRoutes>();
  for (const [path, text] of Object.entries(files)) {
    const extraction = extractRoutes(text, path);
    if (!extraction.ok) throw new Error(extraction.reason);
    extracted.set(path, extraction);
  }
  return resolveServedRoutes(extracted, new Set(Object.keys(files)));
}

export function routesDiffOf(example: RouteRuleExample): RoutesDiff {
  const documented = example.documented && new Set(example.documented.map((entry) => documentedKey(entry.split(' ')[0]!, entry.split(' ')[1]!)));
  return diffRoutes(servedRoutesOf(example.base), servedRoutesOf(example.head), documented);
}

export function findingsOfRouteRule(rule: RouteRule, example: RouteRuleExample): Finding[] {
  return rule.check(routesDiffOf(example));
}

export function testRouteRule(rule: RouteRule, cases: readonly RouteRuleCase[], snapshot: (lines: string[]) => void): void {
  describe(rule.meta.id, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
      const findings = findingsOfRouteRule(rule, testCase);
      expect(findings.map((finding) => ({ params: finding.params, line: finding.evidence.line }))).toEqual(
        testCase.expected.map((expected) => ({ params: expected.params, line: expected.line })),
      );
    });
    it('renders its findings', () => {
      snapshot(cases.flatMap((testCase) => findingsOfRouteRule(rule, testCase).map((finding) => renderFinding(rule.meta, finding).message)));
    });
  });
}
