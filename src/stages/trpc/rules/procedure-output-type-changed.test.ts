import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { TRPC_RULES } from '../catalogue.js';
import { findingsOfRouters } from '../procedure-diff.js';
import { rule } from './procedure-output-type-changed.js';

describe('procedure-output-type-changed', () => {
  it.each([
    { name: 'flagged: the documented example', ...rule.examples.flagged[0], flagged: true },
    { name: 'quiet: the documented example', ...rule.examples.quiet[0], flagged: false },
    { name: 'quiet: the same router at both refs', base: rule.examples.flagged[0].base, revision: rule.examples.flagged[0].base, flagged: false },
  ])('$name', async ({ base, revision, flagged }) => {
    const found = await findingsOfRouters(base, revision, [rule]);
    expect(found.length > 0).toBe(flagged);
    for (const finding of found) expect(finding.rule).toBe('procedure-output-type-changed');
  });

  it('renders the flagged example', async () => {
    const found = await findingsOfRouters(rule.examples.flagged[0].base, rule.examples.flagged[0].revision, TRPC_RULES);
    expect(found.filter((finding) => finding.rule === rule.meta.id).map((finding) => renderFinding(rule.meta, finding).message)).toMatchInlineSnapshot(`
      [
        "get — output "count" type number → string",
      ]
    `);
  });
});
