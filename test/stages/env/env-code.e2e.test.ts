import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import { projectRoot, runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';
import { configStage } from '../../../src/stages/env/index.js';

/**
 * Issue 15 (env half) through the built CLI on a real repository shaped like the services that
 * motivated it (`fixtures/env-code/base`): an outline-style `environment` Proxy module read as
 * `environment.SMTP_HOST`, a default held in `shared/constants.ts`, a zod schema and an envalid spec
 * over `process.env`, an email preview's `vite.config.ts`, a `.env.sample`. Each release makes one
 * change. Three pairs run the built CLI end to end; the others run the stage in process over the same
 * repository (git blobs, real trees), which keeps the suite fast on shared cores.
 */
let repo: TestRepo;
let out: string;
const base = filesOf(join(projectRoot, 'fixtures/env-code/base'));
const edit = (path: string, from: string, to: string) => {
  const text = current[path]!;
  if (!text.includes(from)) throw new Error(`${path}: fixture edit does not apply: ${from}`);
  current[path] = text.replace(from, to);
  return { [path]: current[path]! };
};
const current: Record<string, string> = { ...base };

function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

function generate(from: string, to: string): { artifact: ReleaseSafetyArtifact; report: string } {
  const [target, report] = [join(out, `${to}.json`), join(out, `${to}.md`)];
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', target, '--report', report, '--quiet']);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact, report: readFileSync(report, 'utf8') };
}

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-env-code-'));
  repo = createRepo();
  repo.commit(base, { tag: '1.0.0' });
  // Example-file and dev-tool changes only.
  repo.commit(
    {
      ...edit('.env.sample', 'URL=https://wiki.example.com', 'URL=https://docs.example.org'),
      ...edit('.env.sample', 'SMTP_USERNAME=\n', ''),
      ...edit('.env.sample', '# Used by the hosted edition only.\nSLACK_APP_ID=\n', ''),
      ...edit('emails/vite.config.ts', '3001', '3002'),
    },
    { tag: '1.1.0' },
  );
  repo.commit(edit('server/env.ts', 'public SMTP_HOST = environment.SMTP_HOST;', 'public SMTP_HOST = environment.SMTP_SERVER;'), { tag: '1.2.0' });
  repo.commit(edit('shared/constants.ts', 'DEFAULT_PORT = 3000', 'DEFAULT_PORT = 8080'), { tag: '1.3.0' });
  repo.commit(edit('server/config/cache.ts', '.positive().default(60)', '.positive().default(300)'), { tag: '1.4.0' });
  repo.commit(edit('server/config/mail.ts', 'port({ default: 587,', 'port({ default: 465,'), { tag: '1.5.0' });
  const features = current['server/config/features.ts']!;
  current['server/config/features.ts'] = features
    .replace('    cacheAutocompleteResults: process.env.CACHE_AUTOCOMPLETE_RESULTS === "true",\n', '')
    .replace('  collaboration: {', '  cache: {\n    autocompleteEnabled: process.env.AUTOCOMPLETE_CACHE_ENABLED === "true",\n  },\n  collaboration: {');
  repo.commit({ 'server/config/features.ts': current['server/config/features.ts'] }, { tag: '1.6.0' });
  repo.commit(
    {
      'server/config/flags.ts':
        'const FLAGS = ["BETA_EDITOR", "AI_ANSWERS"] as const;\nexport const flags = FLAGS.map((flag) => process.env[`FEATURE_${flag}`] === "true");\n',
    },
    { tag: '1.7.0' },
  );
});

afterAll(async () => {
  await closeGitStageInputs();
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('env config read from code (built CLI, real repository)', () => {
  it('an example-file change and a dev-tool config change are no config change: the release is safe', () => {
    const { artifact, report } = generate('1.0.0', '1.1.0');
    expect(artifact.config).toEqual({ checked: true, breaking: false, changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).toContain('env-example-variable-removed');
    expect(report).toContain('SLACK_APP_ID');
  });

  it('a rename read through the Proxy-wrapped environment module', () => {
    const { artifact } = generate('1.1.0', '1.2.0');
    expect(artifact.config).toEqual({
      checked: true,
      breaking: true,
      changes: [{ type: 'renamed', name: 'SMTP_SERVER', previousName: 'SMTP_HOST', defaultValue: null }],
    });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  const ENV = JSON.parse(base['release-safety.config.json']!) as { env: { sources: string[]; envFiles: string[] } };
  const stageChanges = async (from: string, to: string) => (await configStage.run(await gitStageInput(repo.dir, from, to, { env: ENV.env }))).section;

  it('a default held in a constant of another file (only that file changed); the email preview’s PORT does not join the server’s', async () => {
    expect(await stageChanges('1.2.0', '1.3.0')).toEqual({
      checked: true,
      breaking: true,
      changes: [{ type: 'defaultChanged', name: 'PORT', previousDefault: '3000', defaultValue: '8080' }],
    });
  });

  it('a zod schema default over process.env', async () => {
    expect((await stageChanges('1.3.0', '1.4.0')).changes).toEqual([
      { type: 'defaultChanged', name: 'CACHE_TTL_SECONDS', previousDefault: '60', defaultValue: '300' },
    ]);
  });

  it('an envalid default (devDefault unchanged)', async () => {
    expect((await stageChanges('1.4.0', '1.5.0')).changes).toEqual([
      { type: 'defaultChanged', name: 'SMTP_PORT', previousDefault: '587', defaultValue: '465' },
    ]);
  });

  it('a setting renamed and moved ~80 lines up in the same file', async () => {
    expect((await stageChanges('1.5.0', '1.6.0')).changes).toEqual([
      { type: 'renamed', name: 'AUTOCOMPLETE_CACHE_ENABLED', previousName: 'CACHE_AUTOCOMPLETE_RESULTS', defaultValue: 'false' },
    ]);
  });

  it('a computed process.env[name] makes the config surface unknown, with the file, line and reason', () => {
    const { artifact, report } = generate('1.6.0', '1.7.0');
    expect(artifact.config).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('server/config/flags.ts:2: process.env');
    // A family of names (`FEATURE_*`), named as such: it appears in this release, so it stays unknown.
    expect(report).toContain('reads the variables named FEATURE\\_\\* (a part of the name is computed), which cannot be listed');
  });
});
