import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { coveredEntries, evaluateSpan } from '../../src/span/evaluate.js';
import { parseIndex, parseIndexForSpan } from '../../src/span/load-index.js';
import { projectRoot, runCli } from '../helpers/cli.js';
import { syntheticIndex, writeTempJson } from './synthetic-index.js';

/**
 * upgrade-check validates the schema in full only for the span's entries (issue 36). What the span
 * reads is refused exactly as the full check refuses it (same line, exit 2); only fields no span rule
 * reads of a release outside the span (its verdict, its date) are no longer checked.
 */
const realText = readFileSync(path.join(projectRoot, 'fixtures/lightdash-index.json'), 'utf8');
const real = JSON.parse(realText) as ReleaseSafetyIndex;
const versions = real.entries.map((entry) => entry.version);

const message = (parse: () => unknown): string => {
  try {
    parse();
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};
const mutated = (position: number, change: Record<string, unknown>): string => {
  const index = structuredClone(real);
  Object.assign(index.entries[position] as unknown as Record<string, unknown>, change);
  return JSON.stringify(index);
};

describe('upgrade-check validates lazily what the span needs', () => {
  it('the real index: the same verdict as after the full check, for any span', () => {
    fc.assert(
      fc.property(fc.nat({ max: versions.length - 1 }), fc.nat({ max: versions.length - 1 }), (a, b) => {
        const span = { from: versions[a]!, to: versions[b]! };
        const index = parseIndexForSpan(realText, 'real', span);
        const evaluation = evaluateSpan(index, span.from, span.to);
        expect(evaluation).toEqual(evaluateSpan(parseIndex(realText, 'real'), span.from, span.to));
        // The entries the run reads for its backfilled line are the covered ones, found by binary search.
        if (evaluation.evaluable) expect(coveredEntries(index, evaluation.verdict).map((entry) => entry.version)).toEqual(evaluation.verdict.coveredVersions);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['a verdict that is not a tri-state', { rollingUpdateSafe: 'yes' }],
    ['a release date that is not a date', { releaseDate: 'yesterday' }],
    ['an unknown field', { rollingUpdateSafeOverride: true }],
    ['backfilled as a string', { backfilled: 'no' }],
  ])('inside the span, %s is refused with the full check’s line', (_name, change) => {
    const text = mutated(100, change);
    const span = { from: versions[90]!, to: versions[110]! };
    const full = message(() => parseIndex(text, 'x'));
    expect(full).toMatch(/does not match the index schema: \/entries\/100[/:]/);
    expect(message(() => parseIndexForSpan(text, 'x', span))).toBe(full);
  });

  it.each([
    ['a version that is not X.Y.Z', { version: 'latest' }],
    ['previousVersion as a number', { previousVersion: 3 }],
    ['minPreviousVersion not a version', { minPreviousVersion: 'v1' }],
    ['requiredStops as a string', { requiredStops: '1.0.0' }],
    ['syntheticRequiredStop missing', { syntheticRequiredStop: undefined }],
    ['an entry out of order', { version: versions[3] }],
  ])('outside the span, %s (read by the structure checks) is refused with the full check’s line', (_name, change) => {
    const text = mutated(2000, change);
    const span = { from: versions[90]!, to: versions[110]! };
    const full = message(() => parseIndex(text, 'x'));
    expect(full).not.toBe('accepted');
    expect(message(() => parseIndexForSpan(text, 'x', span))).toBe(full);
  });

  it('the first entry without previousVersion (read by the structure checks) is refused with the full check’s line', () => {
    const text = mutated(0, { previousVersion: undefined });
    const span = { from: versions[90]!, to: versions[110]! };
    const full = message(() => parseIndex(text, 'x'));
    expect(full).toMatch(/does not match the index schema: \/entries\/0/);
    expect(message(() => parseIndexForSpan(text, 'x', span))).toBe(full);
  });

  it('outside the span, a field no span rule reads is left unchecked; the span’s verdict is the full check’s', () => {
    const good = syntheticIndex(['1.0.0', '1.1.0', '1.2.0', '1.3.0']);
    const bad = structuredClone(good);
    (bad.entries[3] as unknown as Record<string, unknown>).rollingUpdateSafe = 'yes';
    const text = JSON.stringify(bad);
    expect(message(() => parseIndex(text, 'x'))).toMatch(/\/entries\/3\/rollingUpdateSafe/);
    expect(evaluateSpan(parseIndexForSpan(text, 'x', { from: '1.0.0', to: '1.2.0' }), '1.0.0', '1.2.0')).toEqual(evaluateSpan(good, '1.0.0', '1.2.0'));
    // The span reaching it: refused.
    expect(message(() => parseIndexForSpan(text, 'x', { from: '1.0.0', to: '1.3.0' }))).toBe(message(() => parseIndex(text, 'x')));
  });

  it('through the CLI: a bad entry in the span is one line and exit 2; one outside it that the span does not read gives the verdict', () => {
    const bad = syntheticIndex(['1.0.0', '1.1.0', '1.2.0', '1.3.0']);
    (bad.entries[3] as unknown as Record<string, unknown>).rollingUpdateSafe = 'yes';
    const file = writeTempJson(bad);
    const refused = runCli(['upgrade-check', '--from', '1.1.0', '--to', '1.3.0', '--index', file]);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/does not match the index schema: \/entries\/3\/rollingUpdateSafe: must be one of \[true,false,"unknown"\]$/m);
    const checked = runCli(['upgrade-check', '--from', '1.1.0', '--to', '1.2.0', '--index', file]);
    expect(checked.status).toBe(0);
    expect(checked.stdout).toContain('Verdict: SAFE');
  });
});
