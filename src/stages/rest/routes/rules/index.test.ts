import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findingsOfRouteRule } from '../../../../../test/helpers/route-rules.js';
import { renderFinding } from '../../../../rules/types.js';
import { restStage } from '../../index.js';
import { routeRules } from './index.js';

/** The routes catalogue (STYLE.md 9): every rule file registered under its id, a table test beside it, a docs section, a flagged example. */

const RULES_DIR = 'src/stages/rest/routes/rules';

describe('routes rule catalogue', () => {
  it('registers every rule file, each with a table test, and the REST stage carries them', () => {
    const files = readdirSync(RULES_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts').map((file) => file.replace(/\.ts$/, '')).sort();
    expect(routeRules.map((rule) => rule.meta.id)).toEqual(files);
    for (const id of files) expect(existsSync(`${RULES_DIR}/${id}.test.ts`)).toBe(true);
    for (const rule of routeRules) expect(restStage.rules).toContain(rule.meta);
  });

  it.each(routeRules.map((rule) => [rule.meta.id, rule] as const))('%s is documented and its example is flagged', (id, rule) => {
    expect(readFileSync('docs/rest.md', 'utf8')).toContain(`\n### ${id}\n`);
    expect(rule.meta.docs).toBe(`docs/rest.md#${id}`);
    const findings = findingsOfRouteRule(rule, rule.example);
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) expect(renderFinding(rule.meta, finding).message).not.toMatch(/\{\w+\}/);
  });
});
