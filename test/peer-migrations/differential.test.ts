/**
 * The differential run (bench/lib/migration-differential.mjs) on the source: every generated
 * statement the static classifier calls light on some flag is run in PostgreSQL (PGlite), and none
 * may show that flag true. It found a column of a CHECKed domain, text[] → varchar[] and a
 * storage-keeping type change under an expression index or CHECK, all light before their fixes.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runDifferential } from '../../bench/lib/migration-differential.mjs';
import { MANIFEST_PATH, type Manifest } from '../../bench/lib/peer-corpus.mjs';
import { classifyMigration } from '../../src/stages/migrations/classify.js';
import { loadParser, splitStatements } from '../../src/stages/migrations/sql.js';
import { foldReleasedMigration, schemaOptions } from '../../src/stages/migrations/stage.js';

let db: PGlite;
beforeAll(async () => {
  await loadParser();
  db = await PGlite.create();
});
afterAll(async () => {
  await db.close();
});

it('no statement the classifier calls light on a flag shows that flag in PostgreSQL', async () => {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  const report = await runDifferential(db, manifest, { classifyMigration, foldReleasedMigration, schemaOptions, splitStatements });
  expect(report.flatMap((result) => result.wrongLight.map((wrong) => `${result.name}: ${wrong.sql} (${wrong.flags.join(', ')})`))).toEqual([]);
  // It ran: most families have light claims to check, and PostgreSQL ran them.
  expect(report.reduce((sum, result) => sum + result.observed, 0)).toBeGreaterThan(300);
  expect(report.reduce((sum, result) => sum + result.refused, 0)).toBe(0);
}, 120_000);
