import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * Issue #30 (history-proof discovery): outline reads its settings through env modules. Only
 * `server/utils/environment.ts` reads `process.env`; `plugins/slack/server/env.ts` reads
 * `environment.SLACK_*` through the `@server/*` alias (fixtures/init-env-importers, from outline
 * v1.9.2). A config rooted at the readers alone (`server/**`) never reads the plugin's file, so a
 * variable the next release stops reading there was no change at all: a wrong `true`.
 */
const EXT = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
let repo: TestRepo;
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-init-env-'));
  repo = createRepo();
  cpSync('fixtures/init-env-importers', repo.dir, { recursive: true });
  repo.commit({ 'README.md': null }, { tag: 'v1.0.0' });
  const pluginEnv = readFileSync(join(repo.dir, 'plugins/slack/server/env.ts'), 'utf8');
  const withoutToken = pluginEnv.replace(/\n {2}\/\*\*\n {3}\* Secret to verify[\s\S]*?environment\.SLACK_VERIFICATION_TOKEN\n {2}\);\n/, '\n');
  expect(withoutToken).not.toContain('SLACK_VERIFICATION_TOKEN');
  repo.commit({ 'plugins/slack/server/env.ts': withoutToken }, { tag: 'v1.1.0' });
});
afterAll(() => {
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('init: env sources include the folders that import an env module', () => {
  it('roots env.sources at plugins/** too, and says which env module they import', () => {
    const run = runCli(['init', '--repo', repo.dir, '--out', join(out, 'config.json')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { env: { sources: string[] } };
    expect(config.env.sources).toEqual([`plugins/**/*.${EXT}`, `server/**/*.${EXT}`]);
    expect(run.stdout).toContain(
      'env: configured — 1 source files read the environment; 2 more read it through an env module they import: plugins/** imports server/utils/environment.ts (1 of its files)',
    );
  });

  it("generate with init's config reports the variable removed from the plugin's env file (not true)", () => {
    const target = join(out, 'artifact.json');
    const run = runCli([
      'generate',
      '--repo',
      repo.dir,
      '--from',
      'v1.0.0',
      '--to',
      'v1.1.0',
      '--config',
      join(out, 'config.json'),
      '--out',
      target,
      '--quiet',
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const artifact = JSON.parse(readFileSync(target, 'utf8')) as {
      compatibility: { rollingUpdateSafe: unknown };
      config: { checked: boolean; changes: Array<{ type: string; name: string }> };
    };
    expect(artifact.config.checked).toBe(true);
    expect(artifact.config.changes.map((change) => [change.type, change.name])).toEqual([['removed', 'SLACK_VERIFICATION_TOKEN']]);
    // Before: init wrote server/** alone, the plugin's file was never read and this release was `true`.
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
});
