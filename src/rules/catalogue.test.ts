/**
 * The catalogue test for every rule of every surface (STYLE.md 9): one shape, unique ids, complete
 * entries with a `fix`, at least one flagged and one quiet example that really are flagged and
 * quiet, and every rule file registered under its own id with its table test beside it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isDefinedRule, type AnyRule } from './define.js';
import { allStages, ruleBooks } from '../surfaces/registry.js';
import { indexCatalogue } from './types.js';

const STAGES = 'src/stages';

/** Every `rules/<id>.ts` of every stage that defines a rule (support modules do not call defineRule). */
function ruleFiles(): string[] {
  const files: string[] = [];
  for (const stage of readdirSync(STAGES)) {
    const folder = `${STAGES}/${stage}/rules`;
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      if (/\bdefineRule\(/.test(readFileSync(`${folder}/${name}`, 'utf8'))) files.push(`${folder}/${name}`);
    }
  }
  return files.sort();
}

const registered = ruleBooks.flatMap((book) => book.rules.map((rule) => ({ book, rule: rule as AnyRule })));

describe('the rule catalogue of every surface', () => {
  it('has one book per surface and unique ids within each', () => {
    const surfaces = ruleBooks.map((book) => book.surface);
    expect(new Set(surfaces).size).toBe(surfaces.length);
    for (const book of ruleBooks) expect(() => indexCatalogue(book.rules.map((rule) => rule.meta))).not.toThrow();
  });

  it('holds every rule of every stage, each made by defineRule: no rule of any surface is written another way', () => {
    for (const stage of allStages()) {
      const book = ruleBooks.find((candidate) => candidate.surface === stage.surface)!;
      const bookMetas = book.rules.map((rule) => rule.meta);
      // What the stage reports with (its catalogue) is exactly its rule book: nothing beside it, nothing missing.
      for (const meta of stage.rules)
        expect(isDefinedRule(meta) && bookMetas.includes(meta as (typeof bookMetas)[number]), `${stage.surface}: ${meta.id} is in the rule book`).toBe(true);
      for (const meta of bookMetas) expect(stage.rules, `${stage.surface} stage reports with ${meta.id}`).toContain(meta);
    }
    for (const { book, rule } of registered) expect(isDefinedRule(rule), `${book.surface}/${rule.meta.id} made by defineRule`).toBe(true);
  });

  it('registers every rule file, under the id that is its file name, with a table test beside it', async () => {
    const files = ruleFiles();
    const byFile = new Map<string, AnyRule[]>();
    for (const file of files) {
      const module = (await import(/* @vite-ignore */ pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
      const defined = Object.values(module).filter((value): value is AnyRule => registered.some(({ rule }) => rule === value));
      byFile.set(file, defined);
    }
    for (const file of files) {
      const id = file.split('/').pop()!.replace(/\.ts$/, '');
      expect(
        byFile.get(file)?.map((rule) => rule.meta.id),
        `${file} exports its registered rule`,
      ).toEqual([id]);
      expect(existsSync(file.replace(/\.ts$/, '.test.ts')), `${id}.test.ts beside ${file}`).toBe(true);
    }
    expect(registered.length).toBe(files.length);
  });

  it.each(registered.map(({ book, rule }) => [`${book.surface}/${rule.meta.id}`, book, rule] as const))(
    '%s is complete, and its examples are flagged and quiet',
    async (_key, book, rule) => {
      const { meta, examples } = rule;
      expect(meta.id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
      expect(meta.surface).toBe(book.surface);
      expect(['breaking', 'advisory', 'info']).toContain(meta.level);
      for (const text of [meta.summary, meta.message, meta.why, meta.fix]) expect(text.trim().length).toBeGreaterThan(5);
      expect(meta.docs).toBe(`${book.docs}#${meta.id}`);
      expect(examples.flagged.length).toBeGreaterThan(0);
      expect(examples.quiet.length).toBeGreaterThan(0);
      for (const example of examples.flagged) expect((await book.findings(rule, example)).length, 'flagged example').toBeGreaterThan(0);
      for (const example of examples.quiet) expect(await book.findings(rule, example), 'quiet example').toEqual([]);
    },
  );
});
