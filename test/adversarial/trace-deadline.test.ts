import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';

/**
 * Bounded time for the trace (issue 28): PGlite's own statement_timeout never fires (WASM has no
 * signals), so a migration that loops or sleeps held `trace` forever. Past the statement timeout or
 * the whole-run deadline the trace reports it could not run, and the static result stands.
 */
const repo = createRepo();
afterAll(() => repo.cleanup());
const CONFIG = { 'release-safety.config.json': '{ "migrations": [{ "dir": "db/migrations", "edition": "core" }] }\n' };
repo.commit({ ...CONFIG, 'db/migrations/001_init.sql': 'CREATE TABLE items (id int, name text);\n' }, { tag: '1.0.0' });
repo.commit({ 'db/migrations/002_loop.sql': 'DO $$ BEGIN LOOP END LOOP; END $$;\n' }, { tag: '1.1.0' });
repo.git('checkout', '-q', '--detach', '1.0.0');
repo.commit({ 'db/migrations/002_sleep.sql': 'SELECT pg_sleep(100000);\n' }, { tag: '1.2.0' });

describe('trace under a statement timeout and a deadline (CLI)', () => {
  it.each([
    ['an endless PL/pgSQL loop', '1.1.0', ['--statement-timeout', '1']],
    ['pg_sleep(100000)', '1.2.0', ['--statement-timeout', '1']],
    ['the whole-run deadline', '1.2.0', ['--deadline', '2']],
  ])(
    '%s: could not run, the static result stands, within seconds',
    (_name, to, flags) => {
      const started = Date.now();
      const run = runCli(['trace', '--repo', repo.dir, '--from', '1.0.0', '--to', to, '--no-cache', '--seed-rows', '10', ...flags]);
      expect(Date.now() - started).toBeLessThan(45_000);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Trace not run: could not run: (a statement ran longer than 1000 ms|the trace ran past its deadline)/);
    },
    60_000,
  );

  it('generate --trace: the trace could not run, the verdict is the static one', () => {
    const run = runCli([
      'generate',
      '--repo',
      repo.dir,
      '--from',
      '1.0.0',
      '--to',
      '1.2.0',
      '--trace',
      '--trace-statement-timeout',
      '1',
      '--no-cache',
      '--seed-rows',
      '10',
      '--format',
      'json',
      '--out',
      `${repo.dir}/.git/a.json`,
    ]);
    expect(run.status, run.stderr).toBe(0);
    const artifact = JSON.parse(run.stdout) as { migrations: { files: Array<{ heaviness: unknown }> } };
    expect(artifact.migrations.files).toHaveLength(1);
  }, 60_000);

  it('a bad value is refused', () => {
    const run = runCli(['trace', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--statement-timeout', 'soon']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--statement-timeout "soon" is not a number of seconds/);
  });
});
