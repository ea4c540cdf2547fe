import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { committedReference, renderReference, replaceReference } from './docs.js';
import { ruleBooks } from '../surfaces/registry.js';

/**
 * Every surface's rule reference in the docs is generated from its rules (STYLE.md 10).
 * `UPDATE_DOCS=1 npx vitest run src/rules/docs.test.ts` rewrites the committed pages.
 */
describe('generated rule references', () => {
  it.each(ruleBooks.map((book) => [book.surface, book] as const))('%s: the committed docs are the rules, rendered', async (_surface, book) => {
    const page = readFileSync(book.docs, 'utf8');
    const reference = await renderReference(book);
    if (process.env.UPDATE_DOCS === '1') {
      const updated = replaceReference(page, reference);
      if (updated !== undefined && updated !== page) writeFileSync(book.docs, updated);
      return;
    }
    expect(committedReference(page)).toBe(reference);
  });
});
