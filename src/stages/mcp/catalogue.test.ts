import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexCatalogue, renderFinding } from '../../rules/types.js';
import { MCP_RULE_CATALOGUE, MCP_RULES } from './catalogue.js';
import { mcpStage } from './index.js';
import { diffToolDocuments } from './tool-diff.js';

const rulesDir = new URL('./rules/', import.meta.url);
const fixturesDir = new URL('../../../fixtures/mcp/', import.meta.url);
const docsText = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8'));

describe('MCP rule catalogue (STYLE.md 9)', () => {
  it('ids are unique and the stage exports the catalogue', () => {
    expect(() => indexCatalogue(MCP_RULE_CATALOGUE)).not.toThrow();
    expect(new Set(MCP_RULE_CATALOGUE.map((rule) => rule.id)).size).toBe(MCP_RULE_CATALOGUE.length);
    expect(mcpStage.rules).toBe(MCP_RULE_CATALOGUE);
  });

  it('every rule file is registered, under its own id, with a table test', async () => {
    const files = readdirSync(rulesDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(files.map((name) => basename(name, '.ts')).sort()).toEqual(MCP_RULE_CATALOGUE.map((rule) => rule.id).sort());
    for (const file of files) {
      const module = (await import(new URL(file.replace(/\.ts$/, '.js'), rulesDir).href)) as { rule: (typeof MCP_RULES)[number] };
      expect(module.rule.meta.id).toBe(basename(file, '.ts'));
      expect(MCP_RULES).toContain(module.rule);
      expect(existsSync(new URL(file.replace(/\.ts$/, '.test.ts'), rulesDir))).toBe(true);
    }
  });

  it.each(MCP_RULE_CATALOGUE.map((meta) => [meta.id, meta] as const))('%s has every field, a docs section and a flagged fixture case', (id, meta) => {
    expect(meta.surface).toBe('mcp');
    expect(['breaking', 'advisory', 'info']).toContain(meta.level);
    for (const field of [meta.summary, meta.message, meta.why]) expect(field.trim().length).toBeGreaterThan(10);
    expect(meta.message).toMatch(/^tool "\{tool\}" — /);
    expect(meta.docs).toBe(`docs/mcp.md#${id}`);
    expect(docsText).toContain(`### ${id}\n`);

    const rule = MCP_RULES.find((candidate) => candidate.meta.id === id)!;
    const findings = diffToolDocuments(fixture(`${id}.base`), fixture(`${id}.revision`), 'mcp/tools.json', [rule]);
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) {
      // Every template parameter is supplied: nothing renders as a literal `{name}`.
      expect(renderFinding(meta, finding).message).not.toMatch(/\{\w+\}/);
    }
  });

  it('each fixture pair fires its own rule and no other', () => {
    for (const { meta } of MCP_RULES) {
      const fired = diffToolDocuments(fixture(`${meta.id}.base`), fixture(`${meta.id}.revision`), 'mcp/tools.json', MCP_RULES).map((finding) => finding.rule);
      expect([...new Set(fired)]).toEqual([meta.id]);
    }
  });
});
