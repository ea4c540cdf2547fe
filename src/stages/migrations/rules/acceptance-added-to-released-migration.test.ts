import { describe, expect, it } from 'vitest';
import { migrationsRuleBook } from '../rule-book.js';
import { rule } from './acceptance-added-to-released-migration.js';

/** The stage over two in-memory releases of `migrations/` (the rule's examples, and more cases). */
describe('acceptance-added-to-released-migration', () => {
  const cases = [
    { name: 'flagged: the documented example', example: rule.examples.flagged[0], rules: ['acceptance-added-to-released-migration'] },
    { name: 'ok: the documented quiet example', example: rule.examples.quiet[0], rules: [] },
  ];

  it.each(cases)('$name', async ({ example, rules }) => {
    expect((await migrationsRuleBook.findings(rule, example)).map((finding) => finding.rule)).toEqual(rules);
  });
});
