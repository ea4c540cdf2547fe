/**
 * Breaking-change recall on the oasdiff checker corpus (`test/fixtures/oasdiff-corpus`): spec pairs
 * rebuilt from the cases oasdiff's own checker tests assert ERR (`breaking`), assert quiet (`quiet`),
 * or report as a warning only (`warn`, shown but not scored). Used by `bench/rest-recall.mjs` (on
 * the build) and by the floor test `test/stages/rest-recall.test.ts` (on the sources).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_DIR = 'test/fixtures/oasdiff-corpus';

/**
 * @param {{ compareSpecs: Function, levelOf: (rule: string) => string | undefined, corpusDir?: string }} engine
 */
export async function measureRecall({ compareSpecs, levelOf, corpusDir = CORPUS_DIR }) {
  const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8'));
  const policy = { stabilityExtension: 'x-stability-level', sunsetExtension: 'x-sunset', today: manifest.today };
  const rows = [];
  for (const testCase of manifest.cases) {
    const read = (side) => ({ text: readFileSync(join(corpusDir, testCase.name, `${side}.yaml`), 'utf8'), path: `${testCase.name}/${side}.yaml` });
    let outcome;
    let rules = [];
    let error;
    try {
      const { findings } = await compareSpecs(read('base'), read('revision'), policy);
      rules = [...new Set(findings.map((finding) => finding.rule))].sort();
      outcome = rules.some((rule) => levelOf(rule) === 'breaking') ? 'breaking' : 'quiet';
    } catch (caught) {
      outcome = 'unreadable';
      error = caught instanceof Error ? caught.message : String(caught);
    }
    rows.push({ ...testCase, outcome, rules, ...(error ? { error } : {}) });
  }
  return { rows, totals: summarize(rows), byFamily: Object.fromEntries([...new Set(rows.map((row) => row.family))].map((family) => [family, summarize(rows.filter((row) => row.family === family))])) };
}

/**
 * Recall over `breaking` cases, false breaking over `quiet` ones, unreadable over all. A case where
 * release-safety disagrees with oasdiff on purpose (`deliberate`, with the reason) is counted apart.
 */
export function summarize(rows) {
  const erring = rows.filter((row) => row.expected === 'breaking' && !row.deliberate);
  const quiet = rows.filter((row) => row.expected === 'quiet' && !row.deliberate);
  const caught = erring.filter((row) => row.outcome === 'breaking').length;
  return {
    cases: rows.length,
    breakingCases: erring.length,
    caught,
    recall: erring.length === 0 ? 1 : caught / erring.length,
    quietCases: quiet.length,
    falseBreaking: quiet.filter((row) => row.outcome === 'breaking').length,
    unreadable: rows.filter((row) => row.outcome === 'unreadable').length,
    deliberate: rows.filter((row) => row.deliberate).length,
  };
}

/** Cases whose outcome is not the expected one (`warn` and `deliberate` cases never are). */
export function mismatches(rows) {
  return rows.filter((row) => row.expected !== 'warn' && !row.deliberate && row.outcome !== row.expected);
}
