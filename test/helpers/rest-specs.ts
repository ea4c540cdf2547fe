import { describe, expect, it } from 'vitest';
import { renderFinding, type FindingParams } from '../../src/rules/types.js';
import { compareSpecs } from '../../src/stages/rest/engine.js';
import type { RestRule, RestRuleExample } from '../../src/stages/rest/rule.js';

/**
 * Table tests of REST rules (STYLE.md 7–8): each case is an old and a new spec fragment (YAML of
 * `paths` / `components`, wrapped into an OpenAPI 3.0 document unless it declares its own version)
 * and the exact findings of the rule under test; the rendered lines go to one inline snapshot.
 */

const HEADER = "info: {title: fixture, version: '1'}\n";

export function wrapFragment(fragment: string): string {
  return /^\s*(openapi|swagger):/m.test(fragment) ? `${HEADER}${fragment}` : `openapi: 3.0.3\n${HEADER}${fragment}`;
}

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
  const { findings } = await compareSpecs({ text: wrapFragment(example.base), path: 'base.yaml' }, { text: wrapFragment(example.revision), path: 'revision.yaml' });
  return findings.filter((finding) => finding.rule === rule.meta.id);
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
