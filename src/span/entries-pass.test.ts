import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spanStructureProblems } from '../artifact/index-check.js';
import type { ReleaseSafetyIndex } from '../artifact/types.js';
import { validateIndex } from '../artifact/validate-index.js';
import { countParsedKeys } from '../core/json-duplicate-keys.js';
import { entriesPass } from './entries-pass.js';

/**
 * The one pass of upgrade-check over every entry (issue 36) answers three questions, each exactly or
 * "not proven": the properties below check that "proven" is never wrong, on random indexes with
 * random defects of the kinds the structure checks and the schema look for.
 */
const real = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/lightdash-index.json'), 'utf8'),
) as ReleaseSafetyIndex;

const versionText = fc.oneof(
  fc.tuple(fc.nat(3), fc.nat(5), fc.nat(5)).map(([a, b, c]) => `${a}.${b}.${c}`),
  fc.constantFrom('latest', 'v1.0.0', '01.0.0', '1.0', ' 1.0.0', '1.0.0-rc.1', '99999999999999999.0.0', '1.0.123456789012345', '1.0.1234567890123456', ''),
);
const anyValue = fc.oneof(versionText, fc.constantFrom(null, true, false, 3, 'unknown', [], {}, ['1.0.0'], { a: 1 }, [{ b: 2 }], undefined));

/** A well-formed index: ascending versions, chained, the floor first and the only synthetic stop. */
const wellFormed = fc
  .uniqueArray(fc.tuple(fc.nat(3), fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 12, selector: (parts) => parts.join('.') })
  .map((parts) => [...parts].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).map((version) => version.join('.')))
  .map((versions): ReleaseSafetyIndex => ({
    schemaVersion: '1',
    generatedAt: '2025-06-01T00:00:00.000Z',
    backfillFloorVersion: versions[0]!,
    entries: versions.map((version, position) => ({
      version,
      previousVersion: position === 0 ? null : versions[position - 1]!,
      releaseDate: '2025-01-01T00:00:00Z',
      rollingUpdateSafe: true,
      requiredStops: position === 0 ? [version] : [],
      minPreviousVersion: null,
      backfilled: false,
      syntheticRequiredStop: position === 0,
    })),
  }));

const entryKeys = [
  'version',
  'previousVersion',
  'releaseDate',
  'rollingUpdateSafe',
  'requiredStops',
  'minPreviousVersion',
  'backfilled',
  'syntheticRequiredStop',
  'extra',
];
/** One defect: a field of one entry set to anything, an entry swapped, repeated or removed, or the floor changed. */
const defect = fc.oneof(
  fc.record({ kind: fc.constant('field' as const), position: fc.nat(), key: fc.constantFrom(...entryKeys), value: anyValue }),
  fc.record({ kind: fc.constant('stops' as const), position: fc.nat(), value: fc.array(anyValue, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('swap' as const), position: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), position: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), position: fc.nat() }),
  fc.record({ kind: fc.constant('floor' as const), value: anyValue }),
  fc.record({ kind: fc.constant('entry' as const), position: fc.nat(), value: anyValue }),
);
type Defect = typeof defect extends fc.Arbitrary<infer T> ? T : never;

function apply(index: ReleaseSafetyIndex, defects: readonly Defect[]): unknown {
  const copy = structuredClone(index) as unknown as { backfillFloorVersion: unknown; entries: unknown[] };
  // Values are cloned one by one as they are set: fast-check hands out the same constant objects
  // in every run and in one run, and setting one into itself would make a cycle JSON cannot write.
  for (const { ...change } of defects) {
    if ('value' in change) change.value = structuredClone(change.value) as never;
    const entries = copy.entries;
    const at = 'position' in change && entries.length > 0 ? change.position % entries.length : 0;
    if (change.kind === 'floor') copy.backfillFloorVersion = change.value;
    else if (entries.length === 0) continue;
    else if (change.kind === 'field') {
      const entry = entries[at];
      if (entry !== null && typeof entry === 'object') {
        if (change.value === undefined) delete (entry as Record<string, unknown>)[change.key];
        else (entry as Record<string, unknown>)[change.key] = change.value;
      }
    } else if (change.kind === 'stops') {
      const entry = entries[at];
      if (entry !== null && typeof entry === 'object') (entry as Record<string, unknown>).requiredStops = change.value.filter((value) => value !== undefined);
    } else if (change.kind === 'swap') [entries[at], entries[change.other % entries.length]] = [entries[change.other % entries.length], entries[at]];
    else if (change.kind === 'repeat') entries.splice(at, 0, structuredClone(entries[at]));
    else if (change.kind === 'remove') entries.splice(at, 1);
    else if (change.value !== undefined) entries[at] = change.value;
  }
  // Through JSON, as the loader sees it.
  return JSON.parse(JSON.stringify(copy)) as unknown;
}

/** The cheap pass as it was written before it joined the others (issue 36, commit 748269c): `plain` must say the same. */
const isVersionText = (value: unknown): boolean => typeof value === 'string' && /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.test(value);
function structurallyPlain(data: unknown): boolean {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  const entries = (data as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) return false;
  return entries.every((entry: unknown) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
    const { version, previousVersion, minPreviousVersion, requiredStops, syntheticRequiredStop } = entry as Record<string, unknown>;
    return (
      isVersionText(version) &&
      (previousVersion === null || isVersionText(previousVersion)) &&
      (minPreviousVersion === null || isVersionText(minPreviousVersion)) &&
      typeof syntheticRequiredStop === 'boolean' &&
      Array.isArray(requiredStops) &&
      requiredStops.every(isVersionText)
    );
  });
}

describe('entriesPass: what upgrade-check proves in one pass', () => {
  it('the real index: plain, structure proven sound, every entry of the flat shape', () => {
    expect(entriesPass(real)).toEqual({ plain: true, structureSound: true, entryKeys: countParsedKeys(real.entries) });
  });

  it('never proves what is not so (random defects)', () => {
    fc.assert(
      fc.property(wellFormed, fc.array(defect, { maxLength: 3 }), (index, defects) => {
        const data = apply(index, defects);
        const pass = entriesPass(data);
        expect(pass.plain).toBe(structurallyPlain(data));
        const schemaValid = validateIndex(data).valid;
        // plain is part of the schema: anything the schema accepts is plain.
        if (schemaValid) expect(pass.plain).toBe(true);
        if (pass.entryKeys !== undefined) expect(pass.entryKeys).toBe(countParsedKeys((data as { entries: unknown }).entries));
        // Sound is a proof that the span structure checks find nothing (they read a schema-valid top level).
        if (pass.structureSound && validateIndex({ ...(data as object), entries: [] }).valid)
          expect(spanStructureProblems(data as ReleaseSafetyIndex)).toEqual([]);
        if (defects.length === 0) expect(pass).toEqual({ plain: true, structureSound: true, entryKeys: 8 * index.entries.length });
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['not an object', 3, false],
    ['no entries', { backfillFloorVersion: '1.0.0' }, false],
    ['an entry that is an array', { backfillFloorVersion: '1.0.0', entries: [[]] }, false],
  ])('%s is not plain', (_name, data, plain) => {
    expect(entriesPass(data).plain).toBe(plain);
  });

  it('a first entry without previousVersion is not plain (nothing before it to be chained to)', () => {
    const index = structuredClone(real) as unknown as { entries: Record<string, unknown>[] };
    delete index.entries[0]!.previousVersion;
    expect(entriesPass(index)).toEqual({ plain: false, structureSound: false, entryKeys: undefined });
  });

  it('an empty index is plain but not proven sound (the checks say it has no entries)', () => {
    expect(entriesPass({ backfillFloorVersion: '1.0.0', entries: [] })).toEqual({ plain: true, structureSound: false, entryKeys: 0 });
  });

  it.each([
    ['a repeated version', (index: ReleaseSafetyIndex) => index.entries.splice(2, 0, structuredClone(index.entries[2]!))],
    ['versions out of order', (index: ReleaseSafetyIndex) => index.entries.reverse()],
    ['a previousVersion not older than its entry', (index: ReleaseSafetyIndex) => (index.entries[3]!.previousVersion = '1.9.0')],
    ['a synthetic stop off the floor', (index: ReleaseSafetyIndex) => (index.entries[3]!.syntheticRequiredStop = true)],
    ['a floor without its synthetic stop', (index: ReleaseSafetyIndex) => (index.entries[0]!.syntheticRequiredStop = false)],
    ['a first entry that is not the floor', (index: ReleaseSafetyIndex) => (index.backfillFloorVersion = '0.9.0')],
    ['a required stop over the safe integers', (index: ReleaseSafetyIndex) => (index.entries[3]!.requiredStops = ['1.0.99999999999999999'])],
  ])('%s: not proven sound, and the structure checks say so', (_name, change) => {
    const index = structuredClone(real);
    index.entries = index.entries
      .slice(0, 6)
      .map((entry, position) => ({ ...entry, version: `1.${position}.0`, previousVersion: position ? `1.${position - 1}.0` : null }));
    index.backfillFloorVersion = '1.0.0';
    index.entries[0]!.requiredStops = ['1.0.0'];
    expect(entriesPass(index).structureSound).toBe(true);
    change(index);
    expect(entriesPass(index).structureSound).toBe(false);
    expect(spanStructureProblems(index)).not.toEqual([]);
  });

  it('a gap in the chain (an older previousVersion the index lacks) is sound: only spans across it are unsafe', () => {
    const index = structuredClone(real);
    index.entries[5]!.previousVersion = '0.1.0';
    expect(entriesPass(index).structureSound).toBe(true);
    expect(spanStructureProblems(index)).toEqual([]);
  });

  it('an entry with a nested object or a missing key is counted by the full walk', () => {
    const index = structuredClone(real) as unknown as { entries: Record<string, unknown>[] };
    index.entries[7]!.rollingUpdateSafe = { a: 1, b: 2 };
    expect(entriesPass(index).entryKeys).toBeUndefined();
    delete index.entries[7]!.rollingUpdateSafe;
    expect(entriesPass(index).entryKeys).toBeUndefined();
  });
});
