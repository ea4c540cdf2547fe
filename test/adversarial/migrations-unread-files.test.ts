import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStage } from '../../src/stages/contract.js';
import { migrationsStage } from '../../src/stages/migrations/index.js';
import { stageInput } from '../helpers/stage-input.js';
import { hostileRepo, type HostileRepo } from './generate-harness.js';

/**
 * Files a migration runner would execute are never silently skipped (issue 28): each is read, or
 * makes the migrations surface unknown naming it; what the runner provably never executes is listed
 * as ignored with the reason. And a migration that does not decode cleanly as text is unknown.
 */
const INDEX = 'CREATE INDEX items_name_idx ON items (name);\n';

describe('through generate (a plain SQL folder: db/migrations)', () => {
  let hostile: HostileRepo;
  beforeAll(async () => {
    hostile = await hostileRepo(5);
  });
  afterAll(() => hostile.close());

  it.each([
    [
      'a .ts re-export beside .sql files',
      {
        'db/migrations/002_idx.ts': "export { up } from './impl';\n",
        'db/migrations/impl.ts': `export async function up(knex) { await knex.raw(\`${INDEX}\`); }\n`,
      },
    ],
    [
      'an arrow `up` beside .sql files',
      { 'db/migrations/002_idx.ts': 'export const up = async ({ schema }) => schema.alterTable("items", (t) => t.index(["name"]));\n' },
    ],
    ['an upper-case .SQL file', { 'db/migrations/002_idx.SQL': INDEX }],
    ['a sub-folder', { 'db/migrations/2024/002_idx.sql': INDEX }],
    ['two sub-folders down', { 'db/migrations/2024/11/002_idx.sql': INDEX }],
    ['a NUL byte hiding a CREATE INDEX', { 'db/migrations/002_idx.sql': `SELECT 1;\u0000\n${INDEX}` }],
    ['a control character hiding a CREATE INDEX', { 'db/migrations/002_idx.sql': `SELECT 1;\u001a\n${INDEX}` }],
    [
      'bytes that are not UTF-8',
      { 'db/migrations/002_idx.sql': Buffer.concat([Buffer.from('SELECT 1; -- '), Buffer.from([0xff, 0xfe]), Buffer.from(`\n${INDEX}`)]) },
    ],
  ])('%s: never true', async (_name, files) => {
    const verdict = await hostile.verdictOf(hostile.release(files));
    expect(verdict).not.toBe(true);
  });

  it('a README in the folder changes nothing', async () => {
    expect(await hostile.verdictOf(hostile.release({ 'db/migrations/README.md': '# How to add a migration\n' }))).toBe(true);
  });
});

const stage = async (format: string, base: Record<string, string>, added: Record<string, string>) => {
  const config = { migrations: [{ dir: 'db/migrations', edition: 'core' as const, format: format as 'flyway' }] };
  return runStage(migrationsStage, stageInput({ base, head: { ...base, ...added } }, config));
};
const FLYWAY_BASE = { 'db/migrations/V1__init.sql': 'CREATE TABLE items (id int, name text);\n' };

describe('Flyway scans its locations recursively', () => {
  it.each(['db/migrations/2024/V2__idx.sql', 'db/migrations/2024/11/V2__idx.sql'])('%s is read: a CREATE INDEX locks the table', async (path) => {
    const result = await stage('flyway', FLYWAY_BASE, { [path]: INDEX });
    expect(result.verdict.breaking).toBe(true);
    expect(result.section.files.map((file) => file.name)).toEqual(['V2__idx.sql']);
  });

  it.each([
    ['db/migrations/afterMigrate.sql', /Flyway callback/],
    ['db/migrations/V2__idx.SQL', /named like a Flyway migration/],
    ['db/migrations/V2__backfill.sh', /named like a Flyway migration/],
  ])('%s: unknown, named', async (path, why) => {
    const result = await stage('flyway', FLYWAY_BASE, { [path]: 'echo hi\n' });
    expect(result.verdict.breaking).toBe('unknown');
    expect(result.findings).toEqual([
      expect.objectContaining({ rule: 'migration-extraction-failed', params: expect.objectContaining({ file: path, reason: expect.stringMatching(why) }) }),
    ]);
  });

  it.each([
    ['db/migrations/U1__init.sql', /undo migration/],
    ['db/migrations/2024/notes.sql', /runs only `V…__`/],
  ])('%s: ignored, with the reason', async (path, why) => {
    const result = await stage('flyway', FLYWAY_BASE, { [path]: 'DROP TABLE items;\n' });
    expect(result.verdict.breaking).toBe(false);
    expect(result.notes.find((note) => note.startsWith(`${path}: ignored`))).toMatch(why);
  });
});

describe('other runners: what they never execute is listed as ignored', () => {
  it('golang-migrate: a down file is ignored, an up file of another extension is unknown', async () => {
    const base = { 'db/migrations/1_init.up.sql': 'CREATE TABLE items (id int, name text);\n' };
    const down = await stage('golang-migrate', base, { 'db/migrations/2_idx.down.sql': 'DROP TABLE items;\n', 'db/migrations/2_idx.up.sql': 'SELECT 1;\n' });
    expect(down.verdict.breaking).toBe(false);
    expect(down.notes).toContainEqual(expect.stringMatching(/2_idx\.down\.sql: ignored \(a down migration/));
    const upper = await stage('golang-migrate', base, { 'db/migrations/2_idx.up.SQL': INDEX });
    expect(upper.verdict.breaking).toBe('unknown');
  });

  it('knex: a file in a sub-folder is ignored (knex loads only its folder), a .SQL beside is unknown', async () => {
    const base = { 'db/migrations/001_init.js': 'exports.up = (knex) => knex.schema.createTable("items", (t) => { t.integer("id"); });\n' };
    const sub = await stage('knex', base, { 'db/migrations/helpers/columns.js': 'module.exports = {};\n' });
    expect(sub.verdict.breaking).toBe(false);
    expect(sub.notes).toContainEqual(expect.stringMatching(/helpers\/columns\.js: ignored \(knex loads only the files directly in its folder/));
    expect((await stage('knex', base, { 'db/migrations/002_idx.SQL': INDEX })).verdict.breaking).toBe('unknown');
  });
});
