import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOfSdl } from '../sdl-diff.js';
import { GRAPHQL_RULES } from '../catalogue.js';
import { rule } from './graphql-default-value-changed.js';

const findings = (base: string, revision: string) => findingsOfSdl(base, revision, [rule]);

describe('graphql-default-value-changed', () => {
  it.each([
    { name: 'flagged: the documented example', ...rule.examples.flagged[0], flagged: true },
    { name: 'quiet: the documented example', ...rule.examples.quiet[0], flagged: false },
    { name: 'quiet: identical schemas', base: rule.examples.flagged[0].base, revision: rule.examples.flagged[0].base, flagged: false },
  ])('$name', async ({ base, revision, flagged }) => {
    const found = await findings(base, revision);
    expect(found.length > 0).toBe(flagged);
    for (const finding of found) expect(finding.rule).toBe('graphql-default-value-changed');
  });

  it('the flagged example fires this rule and no other', async () => {
    const all = await findingsOfSdl(rule.examples.flagged[0].base, rule.examples.flagged[0].revision, GRAPHQL_RULES);
    expect([...new Set(all.map((finding) => finding.rule))]).toEqual(['graphql-default-value-changed']);
  });

  it('renders the finding', async () => {
    const found = await findings(rule.examples.flagged[0].base, rule.examples.flagged[0].revision);
    expect(found.map((finding) => renderFinding(rule.meta, finding).message)).toMatchInlineSnapshot(`
      [
        "Query.teams.take — default changed from 10 to 50",
      ]
    `);
  });
});

describe('graphql-default-value-changed: a default removed (hoppscotch 2026.6.0, CreateMockServerInput.isPublic)', () => {
  it('says none, never an empty value', async () => {
    const found = await findingsOfSdl(
      'type Query { a: Int }\ninput CreateMockServerInput { isPublic: Boolean = true }',
      'type Query { a: Int }\ninput CreateMockServerInput { isPublic: Boolean }',
      [rule],
    );
    expect(found.map((finding) => renderFinding(rule.meta, finding).message)).toEqual(['CreateMockServerInput.isPublic — default changed from true to none']);
  });
});
