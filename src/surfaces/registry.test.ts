import { describe, expect, it } from 'vitest';
import { allRules, allStages, artifactApiSections, findRule, pipelineStages } from './registry.js';
import type { RuleMeta } from '../rules/types.js';
import type { ApiSurfaceSection, SurfaceState } from '../artifact/types.js';
import type { Tri } from '../core/tristate.js';

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
  it('lists the seven stages in report order, one per surface', () => {
    expect(allStages().map((stage) => stage.surface)).toEqual(['migrations', 'rest', 'graphql', 'trpc', 'mcp', 'config', 'declarations']);
    expect(Object.keys(pipelineStages)).toEqual(['migrations', 'rest', 'graphql', 'trpc', 'mcp', 'config', 'declarations']);
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

describe('artifactApiSections: GraphQL and tRPC folded into api.rest', () => {
  const section = (breaking: Tri, changes: string[], advisories: string[] = []): ApiSurfaceSection => ({
    checked: true,
    breaking,
    changes,
    breakingCount: changes.length,
    advisories,
    advisoryCount: advisories.length,
  });
  const results = (graphql: ApiSurfaceSection, trpc: ApiSurfaceSection) => {
    const of = (value: ApiSurfaceSection) => ({ section: value, verdict: { checked: value.checked, breaking: value.breaking }, findings: [], notes: [] });
    return {
      migrations: of(section(false, [])) as never,
      rest: of(section(false, ['POST /a — operation removed'])),
      graphql: of(graphql),
      trpc: of(trpc),
      mcp: of(section(false, [])),
      config: of(section(false, [])) as never,
      declarations: of(section(false, [])) as never,
    };
  };
  const states = (graphql: SurfaceState, trpc: SurfaceState = { checked: true, breaking: false }) =>
    ({
      migrations: { checked: true, breaking: false },
      rest: { checked: true, breaking: false },
      graphql,
      trpc,
      mcp: { checked: true, breaking: false },
      config: { checked: true, breaking: false },
      declarations: { checked: true, breaking: false },
    }) as const;

  it('prefixes the lines, adds the counts, and is breaking when a member is', () => {
    const folded = artifactApiSections(
      results(section(true, ['Team.name — field removed']), section(false, [], ['x — output "s" may now be "paused"'])),
      states({ checked: true, breaking: true }),
    );
    expect(folded.rest.section.changes).toEqual(['POST /a — operation removed', 'GraphQL: Team.name — field removed']);
    expect(folded.rest.section.advisories).toEqual(['tRPC: x — output "s" may now be "paused"']);
    expect([folded.rest.section.breakingCount, folded.rest.section.advisoryCount]).toEqual([2, 1]);
    expect(folded.rest.state).toEqual({ checked: true, breaking: true });
    expect(folded.mcp.state).toEqual({ checked: true, breaking: false });
  });

  it('an unchecked GraphQL surface makes api.rest unchecked and unknown, never false', () => {
    const folded = artifactApiSections(results(section('unknown', []), section(false, [])), states({ checked: false, breaking: 'unknown' }));
    expect(folded.rest.state).toEqual({ checked: false, breaking: 'unknown' });
    expect(folded.rest.section.breaking).toBe('unknown');
  });

  it('recomputes the overflow line over the folded total', () => {
    const many = Array.from({ length: 60 }, (_, index) => `Q.f${index} — field removed`);
    const graphql = { ...section(true, [...many.slice(0, 49), '… and 11 more']), breakingCount: 60 };
    const folded = artifactApiSections(results(graphql, section(false, [])), states({ checked: true, breaking: true }));
    expect(folded.rest.section.changes).toHaveLength(50);
    expect(folded.rest.section.changes.at(-1)).toBe('… and 12 more');
    expect(folded.rest.section.breakingCount).toBe(61);
  });
});
