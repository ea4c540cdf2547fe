import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { InputError } from '../../src/core/errors.js';
import { parseIndex } from '../../src/span/load-index.js';
import { projectRoot, runCli } from '../helpers/cli.js';
import { writeTempJson } from '../upgrade-check/synthetic-index.js';

/**
 * Hostile index files: cut anywhere, entries reordered or duplicated, wrong types, deep nesting,
 * binary noise. Each is refused before any span is evaluated (an InputError, exit 2), never a verdict.
 * In process through the loader for the many cases, through the CLI for a few.
 */
const realText = readFileSync(path.join(projectRoot, 'fixtures/lightdash-index.json'), 'utf8');
const real = JSON.parse(realText) as ReleaseSafetyIndex;

function refused(text: string): boolean {
  try {
    parseIndex(text, 'hostile');
    return false;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return true;
  }
}

const withEntries = (mutate: (entries: ReleaseSafetyIndex['entries']) => void): string => {
  const index = structuredClone(real);
  mutate(index.entries);
  return JSON.stringify(index);
};

describe('hostile index files', () => {
  it('the real index loads (the baseline for every mutation below)', () => {
    expect(refused(realText)).toBe(false);
  });

  it('the real index cut at any point is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: realText.trimEnd().length - 1 }), (length) => {
        expect(refused(realText.slice(0, length))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('two entries swapped (out of order) are refused', () => {
    fc.assert(
      fc.property(fc.nat({ max: real.entries.length - 2 }), fc.integer({ min: 1, max: 50 }), (first, distance) => {
        const second = Math.min(real.entries.length - 1, first + distance);
        const text = withEntries((entries) => ([entries[first], entries[second]] = [entries[second]!, entries[first]!]));
        expect(refused(text)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('an entry duplicated anywhere is refused', () => {
    fc.assert(
      fc.property(fc.nat({ max: real.entries.length - 1 }), (position) => {
        expect(refused(withEntries((entries) => entries.splice(position, 0, structuredClone(entries[position]!))))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    [
      'rollingUpdateSafe as the string "true"',
      (entries: ReleaseSafetyIndex['entries']) => ((entries[5] as unknown as Record<string, unknown>).rollingUpdateSafe = 'true'),
    ],
    ['rollingUpdateSafe as 1', (entries: ReleaseSafetyIndex['entries']) => ((entries[5] as unknown as Record<string, unknown>).rollingUpdateSafe = 1)],
    ['rollingUpdateSafe missing', (entries: ReleaseSafetyIndex['entries']) => delete (entries[5] as unknown as Record<string, unknown>).rollingUpdateSafe],
    ['requiredStops as a string', (entries: ReleaseSafetyIndex['entries']) => ((entries[5] as unknown as Record<string, unknown>).requiredStops = '1.0.0')],
    ['an extra field', (entries: ReleaseSafetyIndex['entries']) => ((entries[5] as unknown as Record<string, unknown>).rollingUpdateSafeOverride = true)],
    ['a version that is not X.Y.Z', (entries: ReleaseSafetyIndex['entries']) => (entries[5]!.version = 'latest')],
    ['no entries at all', (entries: ReleaseSafetyIndex['entries']) => entries.splice(0)],
  ])('%s is refused', (_name, mutate) => {
    expect(refused(withEntries(mutate))).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \n '],
    ['binary noise', '\u0000\u00ff\u0001PK\u0003\u0004'],
    ['a JSON string', '"index"'],
    ['an array', '[]'],
    ['100 000 nested arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['an HTML page', '<!doctype html><title>Sign in</title>'],
  ])('%s is refused without a crash', (_name, text) => {
    expect(refused(text)).toBe(true);
  });

  it.each([
    ['cut in half', realText.slice(0, realText.length / 2), /not valid JSON/],
    ['out of order', withEntries((entries) => entries.reverse()), /not usable|order/],
    ['deeply nested', '['.repeat(100_000) + ']'.repeat(100_000), /index/],
  ])('upgrade-check on an index %s: exit 2 with one line (CLI)', (_name, text, message) => {
    const run = runCli(['upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index', writeTempJson(text)]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
