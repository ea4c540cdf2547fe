/**
 * The peer corpus (test/fixtures/peer-migrations: squawk, eugene and strong_migrations cases) against
 * the static classifier and against PostgreSQL itself (PGlite, one instance for the file).
 * Full observation of every case: `node bench/heavy-recall.mjs --observe` (or PEER_OBSERVE=all here).
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, classifyCase, createObserver, MANIFEST_PATH, score, type Verdict } from '../../bench/lib/peer-corpus.mjs';
import { classifyMigration } from '../../src/stages/migrations/classify.js';
import { loadParser, splitStatements } from '../../src/stages/migrations/sql.js';
import { foldReleasedMigration, schemaOptions } from '../../src/stages/migrations/stage.js';

/** Floors of the measure (issue #19 targets: strict ≥ 92 %, false heavy ≤ 2 %), just under what it measures now: raise them, never lower them. */
// Issue 32 targets with the released schema: strict recall ≥ 95 % (measured 100 %), false heavy ≤ 1 % (0 %),
// light cases left unknown 0 % (DISABLE TRIGGER ALL was the last one: ban-disable-trigger decides it).
const FLOORS = { strictRecall: 99.5, unknownAsHeavyRecall: 99.5, falseHeavyRate: 1, lightUnknownRate: 0 };

const manifest = buildManifest();
let verdicts: Map<string, Verdict>;

beforeAll(async () => {
  await loadParser();
  verdicts = new Map(
    manifest.cases.map((testCase) => [testCase.id, classifyCase(testCase, manifest, { classifyMigration, foldReleasedMigration, schemaOptions })]),
  );
});

describe('peer corpus: static classifier', () => {
  it('manifest.json is the one built from the case files', () => {
    expect(JSON.parse(readFileSync(MANIFEST_PATH, 'utf8'))).toEqual(manifest);
    expect(manifest.cases.length).toBeGreaterThanOrEqual(300);
  });

  it('meets the recall and false-heavy floors', () => {
    const result = score(manifest.cases, verdicts);
    expect(result.strictRecall).toBeGreaterThanOrEqual(FLOORS.strictRecall);
    expect(result.unknownAsHeavyRecall).toBeGreaterThanOrEqual(FLOORS.unknownAsHeavyRecall);
    expect(result.falseHeavyRate).toBeLessThanOrEqual(FLOORS.falseHeavyRate);
    expect(result.lightUnknownRate).toBeLessThanOrEqual(FLOORS.lightUnknownRate);
  });
});

describe('peer corpus: PostgreSQL agrees with the manifest', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });

  // Every case the classifier calls light must be light in PostgreSQL (a wrong light is the worst
  // bug); the rest is observed by the bench, or here with PEER_OBSERVE=all.
  const observed = () => manifest.cases.filter((testCase) => process.env.PEER_OBSERVE === 'all' || verdicts.get(testCase.id)?.verdict === 'light');

  it('observes what the manifest expects, for every case the classifier calls light', async () => {
    const observer = createObserver(db, manifest, (sql) => splitStatements(sql));
    const disagreements: string[] = [];
    for (const testCase of observed()) {
      const seen = await observer.observe(testCase);
      const { heavy: _heavy, ...expected } = testCase.expected;
      const got = { locksTable: seen.locksTable, rewritesTable: seen.rewritesTable, scansTable: seen.scansTable, locksBasis: seen.locksBasis };
      if (seen.error !== undefined || JSON.stringify(got) !== JSON.stringify(expected))
        disagreements.push(`${testCase.id}: ${seen.error ?? JSON.stringify(got)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
