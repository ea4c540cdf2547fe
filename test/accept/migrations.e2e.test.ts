import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { CONFIG, configText, generate, SERVICE } from '../generate/release-service.js';

/**
 * Issue 16: acknowledged findings in migrations, end to end through the built CLI and real git.
 * Every release branches from 1.0.0, a fully configured service whose quiet release is `true`
 * (`items` exists with rows): any other answer comes from the migration and its acknowledgement.
 */
let repo: TestRepo;
let nextMinor = 0;

function release(files: Record<string, string | null>, base = '1.0.0'): string {
  const tag = `1.${++nextMinor}.0`;
  repo.git('checkout', '-q', '--detach', base);
  repo.commit(files, { tag });
  return tag;
}

/** generate that is expected to refuse: its exit code and the one line on stderr. */
function refused(to: string, from = '1.0.0'): { status: number; stderr: string } {
  const out = mkdtempSync(join(tmpdir(), 'rs-accept-'));
  try {
    const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', join(out, 'a.json'), '--quiet']);
    return { status: run.status, stderr: run.stderr };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const REASON = 'items holds a few hundred rows: the build takes milliseconds';
const INDEX = 'CREATE INDEX items_name_idx ON items (name);\n';

beforeAll(() => {
  repo = createRepo();
  repo.commit(SERVICE, { tag: '1.0.0' });
});
afterAll(() => repo.cleanup());

describe('inline acknowledgements in migrations', () => {
  it('a plain index on an existing table is false without an acknowledgement', () => {
    const { artifact } = generate(repo, '1.0.0', release({ 'db/migrations/002_index.sql': INDEX }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('accepted on the line before: verdict true, flags still true, the report lists it with its reason', () => {
    const sql = `-- builds the lookup index\n-- @release-safety accept require-concurrent-index-creation: ${REASON}\n${INDEX}`;
    const { artifact, report } = generate(repo, '1.0.0', release({ 'db/migrations/002_index.sql': sql }));
    expect(artifact.compatibility).toEqual({ rollingUpdateSafe: true, recommendedStrategy: 'RollingUpdate' });
    expect(artifact.migrations.files[0]!.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
    expect(report).toContain('## Accepted (1)');
    expect(report).toContain(
      '| `require-concurrent-index-creation` (migrations) | CREATE INDEX `items_name_idx` on `items` without CONCURRENTLY blocks writes while the whole table is read' +
        ' | `db/migrations/002_index.sql:3` `CREATE INDEX items_name_idx ON items (name)` | items holds a few hundred rows: the build takes milliseconds | `db/migrations/002_index.sql:2` |',
    );
    // Listed as accepted, not among the findings that count.
    expect(report).not.toMatch(/\*\*advisory\*\* `require-concurrent-index-creation`/);
  });

  it('accepted on the same line', () => {
    const sql = `CREATE INDEX items_name_idx ON items (name); -- @release-safety accept require-concurrent-index-creation: ${REASON}\n`;
    expect(generate(repo, '1.0.0', release({ 'db/migrations/002_index.sql': sql })).artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('the file-level form (first comment of the file) covers every statement of the file', () => {
    const sql = `-- @release-safety accept require-concurrent-index-creation: ${REASON}\n\nCREATE TABLE tags (id int);\n${INDEX}CREATE INDEX items_id_name_idx ON items (id, name);\n`;
    const { artifact, report } = generate(repo, '1.0.0', release({ 'db/migrations/002_index.sql': sql }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).toContain('## Accepted (2)');
  });

  it('a knex migration accepts with a // comment inside the call', () => {
    const knex = `exports.up = async (knex) => {\n  await knex.schema.alterTable('items', (t) => {\n    // @release-safety accept require-concurrent-index-creation: ${REASON}\n    t.index(['name']);\n  });\n};\nexports.down = async () => {};\n`;
    const tag = release({ 'db/migrations/002_index.js': knex });
    const { artifact, report } = generate(repo, '1.0.0', tag);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).toContain('`db/migrations/002_index.js:3`');
  });

  it('accepting one rule leaves the others counting', () => {
    const sql = `-- @release-safety accept require-concurrent-index-creation: ${REASON}\n${INDEX}ALTER TABLE items DROP COLUMN name;\n`;
    expect(generate(repo, '1.0.0', release({ 'db/migrations/002_index.sql': sql })).artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('--no-accept gives the verdict without any acknowledgement', () => {
    const sql = `-- @release-safety accept require-concurrent-index-creation: ${REASON}\n${INDEX}`;
    const tag = release({ 'db/migrations/002_index.sql': sql });
    const { artifact, report } = generate(repo, '1.0.0', tag, ['--no-accept']);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('--no-accept');
  });
});

describe('guard rails: generate stops (exit 2) naming file and line', () => {
  it('a reason shorter than 20 characters', () => {
    const run = refused(release({ 'db/migrations/002_index.sql': `-- @release-safety accept require-concurrent-index-creation: small table\n${INDEX}` }));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /db\/migrations\/002_index\.sql:1: accept require-concurrent-index-creation: the reason "small table" is shorter than 20 characters/,
    );
  });

  it('a placeholder reason', () => {
    const run = refused(
      release({ 'db/migrations/002_index.sql': `CREATE TABLE t (id int);\n-- @release-safety accept require-concurrent-index-creation: TODO\n${INDEX}` }),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('db/migrations/002_index.sql:2: accept require-concurrent-index-creation: the reason "TODO" is a placeholder');
  });

  it('a stale acceptance (the rule did not fire on that statement)', () => {
    const sql = `CREATE TABLE tags (id int);\n-- @release-safety accept require-concurrent-index-creation: ${REASON}\nCREATE INDEX tags_id_idx ON tags (id);\n`;
    const run = refused(release({ 'db/migrations/002_index.sql': sql }));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'db/migrations/002_index.sql:2: accept require-concurrent-index-creation: the rule did not fire on the statement below (stale acceptance',
    );
  });

  it('a rule id that does not exist', () => {
    const run = refused(
      release({ 'db/migrations/002_index.sql': `CREATE TABLE t (id int);\n-- @release-safety accept require-concurent-index: ${REASON}\n${INDEX}` }),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('db/migrations/002_index.sql:2: accept require-concurent-index: no rule has this id');
  });

  it('an unknown is refused: only proven findings can be accepted', () => {
    const sql = `CREATE TABLE t (id int);\n-- @release-safety accept unclassified-statement: we know this lock is brief on items\nLOCK TABLE items IN ACCESS EXCLUSIVE MODE;\n`;
    const run = refused(release({ 'db/migrations/002_lock.sql': sql }));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('db/migrations/002_lock.sql:2: accept unclassified-statement: the finding at line 3 says what could not be checked (unknown)');
  });

  it('a declared break cannot be accepted', () => {
    const run = refused(
      release({ 'db/migrations/002_index.sql': `CREATE TABLE t (id int);\n-- @release-safety accept declared-break: ${REASON}\nCREATE TABLE u (id int);\n` }),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/002_index\.sql:2: accept declared-break: (a declarations rule never fires in a migration|no rule has this id)/);
  });

  it('an acknowledgement added to a released migration is itself reported', () => {
    const first = release({ 'db/migrations/002_index.sql': INDEX });
    const later = release({ 'db/migrations/002_index.sql': `-- @release-safety accept require-concurrent-index-creation: ${REASON}\n${INDEX}` }, first);
    const { report } = generate(repo, first, later);
    expect(report).toContain('acceptance-added-to-released-migration');
    expect(report).toContain('`db/migrations/002_index.sql`: acknowledgement added after release (`require-concurrent-index-creation`)');
  });
});

describe('config rule settings', () => {
  const SET_DEFAULT = "ALTER TABLE items ALTER COLUMN name SET DEFAULT 'unnamed';\n";
  const lowered = { rules: { 'require-timeout-settings': { level: 'off', reason: 'lock_timeout = 5s is set on the migration role' } } };
  const withRules = (rules: object) => ({ 'release-safety.config.json': configText({ ...CONFIG, ...rules }) });

  it('a rule lowered in the config of both releases no longer counts; the report shows it with the reason and "config"', () => {
    const base = release(withRules(lowered));
    const tag = release({ 'db/migrations/002_default.sql': SET_DEFAULT }, base);
    const { artifact, report } = generate(repo, base, tag);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(artifact.migrations.files[0]!.heaviness.locksTable).toBe(true);
    expect(report).toMatch(
      /`require-timeout-settings` \(migrations\) .*\| lock\\_timeout = 5s is set on the migration role \| `config \(rules.require-timeout-settings: off\)` \|/,
    );
  });

  it('a release cannot lower a rule for itself: a lowering only in the --to config is not in force', () => {
    const tag = release({ ...withRules(lowered), 'db/migrations/002_default.sql': SET_DEFAULT });
    const { artifact, report } = generate(repo, '1.0.0', tag);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('rules.require-timeout-settings: level off is not in force for this release');
  });

  it('a setting with a short reason or an unknown rule id is refused', () => {
    const short = refused(release(withRules({ rules: { 'require-timeout-settings': { level: 'off', reason: 'role timeout' } } })));
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('rules.require-timeout-settings: the reason "role timeout" is shorter than 20 characters');
    const unknown = refused(release(withRules({ rules: { 'no-such-rule': { level: 'off', reason: 'lock_timeout = 5s is set on the migration role' } } })));
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('rules.no-such-rule: no rule has this id');
  });

  it('a rule that reports an unknown cannot be lowered', () => {
    const run = refused(
      release(withRules({ rules: { 'unclassified-statement': { level: 'off', reason: 'we review every unclassified statement by hand' } } })),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('rules.unclassified-statement: cannot be lowered: it reports what could not be checked');
  });
});
