import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { restStage } from '../index.js';
import { restRuleBook } from '../rule-book.js';
import { restRules } from './index.js';

/**
 * What only REST rules promise, beyond the catalogue test of every surface (src/rules/catalogue.test.ts)
 * and the generated docs (src/rules/docs.test.ts): a direction, messages that start with the
 * operation, and findings that fill every placeholder of the message.
 */
describe('REST rule catalogue', () => {
  it('is what the stage exports', () => {
    expect(restStage.rules).toEqual(restRules.map((rule) => rule.meta));
  });

  it.each(restRules.map((rule) => [rule.meta.id, rule] as const))('%s names the operation and fills every placeholder', async (_id, rule) => {
    const { meta } = rule;
    expect(['request', 'response']).toContain(meta.direction);
    expect(meta.message.startsWith('{method} {path} — ')).toBe(true);
    const placeholders = [...meta.message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    for (const example of rule.examples.flagged) {
      for (const finding of await restRuleBook.findings(rule, example)) {
        expect(Object.keys(finding.params).sort()).toEqual([...new Set(placeholders)].sort());
        expect(renderFinding(meta, finding).level).toBe(meta.level);
      }
    }
  });
});
