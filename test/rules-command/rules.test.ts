import { describe, expect, it } from 'vitest';
import { allStages } from '../../src/rules/registry.js';
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

const stageRules = allStages().flatMap((stage) => stage.rules.map((rule) => ({ id: rule.id, surface: rule.surface, level: rule.level, summary: rule.summary })));
const expectedKeys = [...new Set(stageRules.map((rule) => `${rule.surface}/${rule.id}`))].sort();

function listed(...args: string[]): RuleEntry[] {
  const run = runCli(['rules', '--json', ...args]);
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as RuleEntry[];
}

describe('rules', () => {
  it('--json lists every rule of every stage exactly once, with the registry\'s level and summary', () => {
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
    expect(lines[0]).toMatch(/^ID\s+SURFACE\s+LEVEL\s+SUMMARY$/);
    expect(lines.at(-1)).toBe(`${expectedKeys.length} rules`);
    const ids = lines.slice(1, -1).map((line) => line.split(/\s+/)[0]);
    expect(ids.sort()).toEqual(expectedKeys.map((key) => key.split('/')[1]).sort());
  });

  it('--surface keeps one surface; an unknown surface is a usage error (exit 2)', () => {
    const rest = listed('--surface', 'rest');
    expect(rest.length).toBe(expectedKeys.filter((key) => key.startsWith('rest/')).length);
    expect(rest.every((rule) => rule.surface === 'rest')).toBe(true);
    expect(rest.map((rule) => rule.id)).toContain('request-parameter-became-required');
    expect(listed('--surface', 'migrations').map((rule) => rule.id)).toContain('require-concurrent-index-creation');
    const bad = runCli(['rules', '--surface', 'graphql']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--surface "graphql" is not a surface');
  });
});
