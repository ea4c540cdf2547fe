import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../../src/rules/types.js';
import { configStage } from '../../../src/stages/env/index.js';
import { declarationsStage } from '../../../src/stages/declarations/index.js';

/** STYLE.md 9: ids unique, every entry complete and documented, every rule file registered and tested. */
describe.each([
  { stage: configStage, dir: 'src/stages/env/rules', doc: 'docs/env-config.md' },
  { stage: declarationsStage, dir: 'src/stages/declarations/rules', doc: 'docs/declarations.md' },
])('$stage.surface catalogue', ({ stage, dir, doc }) => {
  const ruleFiles = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts');

  it('has unique ids, all of this surface, with every field filled', () => {
    expect(() => indexCatalogue(stage.rules)).not.toThrow();
    for (const rule of stage.rules) {
      expect(rule.surface).toBe(stage.surface);
      expect(rule.id).toMatch(/^[a-z]+(?:-[a-z]+)+$/);
      for (const field of [rule.summary, rule.message, rule.why]) expect(field.length).toBeGreaterThan(10);
    }
  });

  it('registers every rule file, named by its id, with a table test beside it', () => {
    expect(ruleFiles.map((name) => name.replace(/\.ts$/, '')).sort()).toEqual(stage.rules.map((rule) => rule.id).sort());
    for (const name of ruleFiles) expect(existsSync(`${dir}/${name.replace(/\.ts$/, '.test.ts')}`)).toBe(true);
  });

  it('points every rule at a section of its docs page', () => {
    const headings = new Set(
      readFileSync(doc, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) => line.replace(/^#+\s*/, '').trim()),
    );
    for (const rule of stage.rules) {
      expect(rule.docs).toBe(`${doc}#${rule.id}`);
      expect(headings.has(rule.id)).toBe(true);
    }
  });
});
