/** The catalogue itself (STYLE.md 9): unique ids, complete entries, every rule file registered, tested and documented. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../rules/types.js';
import { MIGRATION_RULES, migrationRules } from './catalogue.js';
import { FILE_SET_CHECK, LOCK_MODES, OBSERVED_CHECK } from './rules/rule.js';

const here = dirname(fileURLToPath(import.meta.url));
const rulesDir = resolve(here, 'rules');
/** Modules in rules/ that are shared support, not rules. */
const SUPPORT_FILES = new Set(['ast.ts', 'rule.ts', 'operations.ts', 'cases.ts', 'user-types.ts']);
const ruleFiles = readdirSync(rulesDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !SUPPORT_FILES.has(name))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();

describe('migrations rule catalogue', () => {
  it('has unique ids in kebab-case', () => {
    expect(() => indexCatalogue(migrationRules)).not.toThrow();
    for (const rule of MIGRATION_RULES) expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('fills every field of every entry', () => {
    for (const rule of MIGRATION_RULES) {
      expect(rule.surface).toBe('migrations');
      expect(['breaking', 'advisory', 'info']).toContain(rule.level);
      for (const text of [rule.summary, rule.message, rule.why, rule.facts.versions, rule.fix]) expect(text.trim()).not.toBe('');
      expect(rule.docs).toBe(`docs/migration-rules.md#${rule.id}`);
      expect(LOCK_MODES).toContain(rule.facts.lock);
      // A statement rule reads at least one operation kind; a file-set or trace rule none (the stage or the trace reports it).
      expect(rule.operations.length > 0 || rule.check === FILE_SET_CHECK.check || rule.check === OBSERVED_CHECK.check, rule.id).toBe(true);
    }
  });

  it('registers every rule file, under the id that is its file name, with that file’s check', async () => {
    expect(MIGRATION_RULES.map((rule) => rule.id).sort()).toEqual(ruleFiles);
    for (const rule of MIGRATION_RULES) {
      const module = (await import(/* @vite-ignore */ pathToFileURL(resolve(rulesDir, `${rule.id}.ts`)).href)) as { rule: { check: { check: unknown } } };
      expect(module.rule.check.check).toBe(rule.check);
    }
  });

  it('has a table test with an ok and a flagged case for every rule', () => {
    for (const rule of MIGRATION_RULES) {
      const testFile = resolve(rulesDir, `${rule.id}.test.ts`);
      expect(existsSync(testFile), testFile).toBe(true);
      const text = readFileSync(testFile, 'utf8');
      expect(text, rule.id).toMatch(/name: ["']flagged: /);
      expect(text, rule.id).toMatch(/name: ["']ok: /);
      expect(
        [`'${rule.id}'`, `"${rule.id}"`].some((quoted) => text.includes(quoted)),
        rule.id,
      ).toBe(true);
    }
  });

  it('documents every rule in docs/migration-rules.md', () => {
    const docs = readFileSync(resolve(here, '../../../docs/migration-rules.md'), 'utf8');
    for (const rule of MIGRATION_RULES) expect(docs, rule.id).toContain(`\n### ${rule.id}\n`);
  });

  it('uses message parameters the rules can fill', () => {
    for (const rule of MIGRATION_RULES) expect(rule.message).toMatch(/\{\w+\}/);
  });
});
