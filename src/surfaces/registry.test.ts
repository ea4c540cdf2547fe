import { describe, expect, it } from 'vitest';
import { allRules, allStages, findRule, pipelineStages } from './registry.js';
import type { RuleMeta } from '../rules/types.js';

const rule = (id: string, surface: RuleMeta['surface'], aliases?: string[]): RuleMeta => ({
  id,
  surface,
  level: 'breaking',
  summary: id,
  message: id,
  why: 'test',
  fix: 'test',
  docs: `#${id}`,
  aliases,
});

describe('rule registry', () => {
  it('lists the five stages in report order, one per surface', () => {
    expect(allStages().map((stage) => stage.surface)).toEqual(['migrations', 'rest', 'mcp', 'config', 'declarations']);
    expect(Object.keys(pipelineStages)).toEqual(['migrations', 'rest', 'mcp', 'config', 'declarations']);
  });

  it('unions every catalogue, each rule once, sorted by surface then id', () => {
    const rules = allRules();
    expect(new Set(rules).size).toBe(rules.length);
    const keys = rules.map((meta) => `${meta.surface}/${meta.id}`);
    expect(keys).toEqual([...keys].sort());
    for (const stage of allStages()) for (const meta of stage.rules) expect(rules).toContain(meta);
  });

  it('finds a rule by id or alias, preferring the reporting surface', () => {
    const catalogue = [rule('property-removed', 'rest', ['prop-gone']), rule('property-removed', 'mcp')];
    expect(findRule('property-removed', 'mcp', catalogue)?.surface).toBe('mcp');
    expect(findRule('property-removed', 'rest', catalogue)?.surface).toBe('rest');
    expect(findRule('prop-gone', 'mcp', catalogue)?.surface).toBe('rest');
    expect(findRule('no-such-rule', 'mcp', catalogue)).toBeUndefined();
  });
});
