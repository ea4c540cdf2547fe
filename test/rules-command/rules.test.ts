import { describe, expect, it } from 'vitest';
import { allStages } from '../../src/surfaces/registry.js';
import { runCli } from '../helpers/cli.js';

/** `release-safety rules` end to end: every rule of every stage, as the registry holds them. */

interface RuleEntry {
  id: string;
  surface: string;
  level: string;
  summary: string;
  message: string;
  docs: string;
  aliases: string[];
}

const stageRules = allStages().flatMap((stage) =>
  stage.rules.map((rule) => ({ id: rule.id, surface: rule.surface, level: rule.level, summary: rule.summary })),
);
const expectedKeys = [...new Set(stageRules.map((rule) => `${rule.surface}/${rule.id}`))].sort();

function listed(...args: string[]): RuleEntry[] {
  const run = runCli(['rules', '--json', ...args]);
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as RuleEntry[];
}

describe('rules', () => {
  it("--json lists every rule of every stage exactly once, with the registry's level and summary", () => {
    const rules = listed();
    const keys = rules.map((rule) => `${rule.surface}/${rule.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(expectedKeys);
    for (const rule of stageRules) expect(rules).toContainEqual(expect.objectContaining(rule));
    for (const rule of rules) {
      expect(['breaking', 'advisory', 'info']).toContain(rule.level);
      expect(rule.summary.length).toBeGreaterThan(0);
      expect(rule.summary).not.toContain('\n');
    }
  });

  it('is sorted by surface, then id', () => {
    const keys = listed().map((rule) => [rule.surface, rule.id] as const);
    const sorted = [...keys].sort(([sa, ia], [sb, ib]) => (sa < sb ? -1 : sa > sb ? 1 : ia < ib ? -1 : ia > ib ? 1 : 0));
    expect(keys).toEqual(sorted);
  });

  it('text: a header, one line per rule starting with its id, then the count', () => {
    const run = runCli(['rules']);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+SURFACE\s+LEVEL\s+ACCEPT\s+SUMMARY$/);
    expect(lines.at(-1)).toMatch(new RegExp(`^${expectedKeys.length} rules \\(ACCEPT: whether a finding may be acknowledged`));
    expect(lines.find((line) => line.startsWith('require-concurrent-index-creation '))).toMatch(/advisory\s+yes\s/);
    expect(lines.find((line) => line.startsWith('unclassified-statement '))).toMatch(/advisory\s+no\s/);
    const ids = lines.slice(1, -1).map((line) => line.split(/\s+/)[0]);
    expect(ids.sort()).toEqual(expectedKeys.map((key) => key.split('/')[1]).sort());
  });

  it('--surface keeps one surface; an unknown surface is a usage error (exit 2)', () => {
    const rest = listed('--surface', 'rest');
    expect(rest.length).toBe(expectedKeys.filter((key) => key.startsWith('rest/')).length);
    expect(rest.every((rule) => rule.surface === 'rest')).toBe(true);
    expect(rest.map((rule) => rule.id)).toContain('request-parameter-became-required');
    expect(listed('--surface', 'migrations').map((rule) => rule.id)).toContain('require-concurrent-index-creation');
    expect(listed('--surface', 'graphql').map((rule) => rule.id)).toContain('graphql-field-removed');
    expect(listed('--surface', 'trpc').map((rule) => rule.id)).toContain('procedure-removed');
    const bad = runCli(['rules', '--surface', 'soap']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--surface "soap" is not a surface');
  });
});

describe('rules <id>', () => {
  it('prints one rule in full: summary, why, fix, the surface it applies to, docs link and examples', () => {
    const run = runCli(['rules', 'require-concurrent-index-creation']);
    expect(run.status).toBe(0);
    const text = run.stdout;
    expect(text.startsWith('require-concurrent-index-creation  (advisory)\n')).toBe(true);
    expect(text).toContain('Applies to: Migrations (PostgreSQL) (surface migrations)');
    expect(text).toContain('Why:        The index build holds SHARE on the table');
    expect(text).toContain('Fix:        CREATE INDEX CONCURRENTLY {index} ON {table} (…), in {noTransaction}.');
    expect(text).toContain('Docs:       https://github.com/release-safety/release-safety/blob/main/docs/migration-rules.md#require-concurrent-index-creation');
    expect(text).toContain('Flagged:\n\n```sql\nCREATE INDEX users_email_idx ON users (email)\n```');
    expect(text).toContain('Not flagged:');
  });

  it('--json gives the rule with its examples; an unknown id is a usage error (exit 2)', () => {
    const run = runCli(['rules', 'api-security-added', '--json']);
    expect(run.status).toBe(0);
    const rule = JSON.parse(run.stdout) as { id: string; surface: string; fix: string; appliesTo: string; examples: { flagged: unknown[]; quiet: unknown[] } };
    expect(rule).toMatchObject({ id: 'api-security-added', surface: 'rest', appliesTo: 'REST (OpenAPI)' });
    expect(rule.fix).toContain('{scheme}');
    expect(rule.examples.flagged.length).toBeGreaterThan(0);
    expect(rule.examples.quiet.length).toBeGreaterThan(0);
    const bad = runCli(['rules', 'no-such-rule']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('no rule "no-such-rule"');
  });
});
