import { describe, expect, it } from 'vitest';
import { measureRecall, mismatches } from '../../bench/lib/rest-recall.mjs';
import { compareSpecs } from '../../src/stages/rest/engine.js';
import { restRules } from '../../src/stages/rest/rules/index.js';

/**
 * Issue 17 "Measure": the REST engine on spec pairs rebuilt from oasdiff's checker tests
 * (test/fixtures/oasdiff-corpus, `node bench/rest-recall.mjs` prints the table). The floors only
 * rise: cases marked `needs: rest-compose` wait for the composition-aware diff (issue 17 items 1–2).
 */
const levels = new Map<string, string>(restRules.map((rule) => [rule.meta.id, rule.meta.level]));

describe('oasdiff checker corpus', () => {
  it('recall on the cases oasdiff marks breaking, no false breaking on its quiet cases, no unreadable document', async () => {
    const { rows, totals } = await measureRecall({ compareSpecs, levelOf: (rule) => levels.get(rule) });
    expect(totals.cases).toBeGreaterThanOrEqual(120);
    expect(totals.unreadable).toBe(0);
    // Every miss or false alarm left is one that waits for the composition-aware diff.
    expect(
      mismatches(rows)
        .filter((row) => row.needs === undefined)
        .map((row) => `${row.name}: ${row.outcome}`),
    ).toEqual([]);
    expect(totals.recall).toBeGreaterThanOrEqual(0.99);
    expect(totals.falseBreaking).toBeLessThanOrEqual(1);
  });
});
