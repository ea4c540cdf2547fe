import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOfSdl } from '../sdl-diff.js';
import { GRAPHQL_RULES } from '../catalogue.js';
import { rule } from './graphql-required-argument-added.js';

const findings = (base: string, revision: string) => findingsOfSdl(base, revision, [rule]);

describe('graphql-required-argument-added', () => {
  it.each([
    { name: 'flagged: the documented example', ...rule.examples.flagged[0], flagged: true },
    { name: 'quiet: the documented example', ...rule.examples.quiet[0], flagged: false },
    { name: 'quiet: identical schemas', base: rule.examples.flagged[0].base, revision: rule.examples.flagged[0].base, flagged: false },
  ])('$name', async ({ base, revision, flagged }) => {
    const found = await findings(base, revision);
    expect(found.length > 0).toBe(flagged);
    for (const finding of found) expect(finding.rule).toBe('graphql-required-argument-added');
  });

  it('the flagged example fires this rule and no other', async () => {
    const all = await findingsOfSdl(rule.examples.flagged[0].base, rule.examples.flagged[0].revision, GRAPHQL_RULES);
    expect([...new Set(all.map((finding) => finding.rule))]).toEqual(['graphql-required-argument-added']);
  });

  it('renders the finding', async () => {
    const found = await findings(rule.examples.flagged[0].base, rule.examples.flagged[0].revision);
    expect(found.map((finding) => renderFinding(rule.meta, finding).message)).toMatchInlineSnapshot(`
      [
        "Query.teams(orgID: ID!) — required argument added",
      ]
    `);
  });
});
