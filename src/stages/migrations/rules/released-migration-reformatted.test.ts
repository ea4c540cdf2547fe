import { describe, expect, it } from 'vitest';
import { migrationsRuleBook } from '../rule-book.js';
import { rule } from './released-migration-reformatted.js';

/** The stage over two in-memory releases of `migrations/` (the rule's examples, and more cases). */
describe('released-migration-reformatted', () => {
  const cases = [
    { name: 'flagged: the documented example', example: rule.examples.flagged[0], rules: ['released-migration-reformatted'] },
    { name: 'ok: the documented quiet example', example: rule.examples.quiet[0], rules: [] },
  ];

  it.each(cases)('$name', async ({ example, rules }) => {
    expect((await migrationsRuleBook.findings(rule, example)).map((finding) => finding.rule)).toEqual(rules);
  });
});
