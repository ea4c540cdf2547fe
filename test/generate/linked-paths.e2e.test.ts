import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { CONFIG, configText, generate, OPENAPI_WITHOUT_DELETE, SERVICE, SETTINGS } from './release-service.js';

/**
 * Issue 11.4: git stores a symbolic link as a blob holding its target, so a configured path through
 * a link lists no files: a `DROP TABLE` behind it looked like "no migration changed". A configured
 * path of any surface that is (or passes through, or holds) a link or submodule at either ref is
 * `unknown` with the reason; a link the surface's globs cannot reach changes nothing.
 */
let repo: TestRepo;
let nextMinor = 0;

/** A release on top of `base` with files written and links made (`path → target`). */
function release(base: string, files: Record<string, string | null>, links: Record<string, string> = {}): string {
  const tag = `2.${++nextMinor}.0`;
  repo.git('checkout', '-q', '--detach', base);
  repo.write(files);
  for (const [path, target] of Object.entries(links)) {
    rmSync(join(repo.dir, path), { recursive: true, force: true });
    mkdirSync(dirname(join(repo.dir, path)), { recursive: true });
    symlinkSync(target, join(repo.dir, path));
  }
  repo.commit({}, { tag });
  return tag;
}

const TWO_FOLDERS = { ...CONFIG, migrations: [...CONFIG.migrations, { dir: 'ee/migrations', edition: 'ee' }] };

beforeAll(() => {
  repo = createRepo();
  repo.commit(SERVICE, { tag: '1.0.0' });
});
afterAll(() => repo.cleanup());

describe('configured paths through symbolic links', () => {
  it('a migrations folder that is a link at both refs hides no DROP TABLE', () => {
    const from = release(
      '1.0.0',
      { 'release-safety.config.json': configText(TWO_FOLDERS), 'sql/ee/001_ee.sql': 'create table licences (id int);\n' },
      { 'ee/migrations': '../sql/ee' },
    );
    const to = release(from, { 'sql/ee/002_drop.sql': 'drop table licences;\n' });
    const { artifact, report } = generate(repo, from, to);
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(artifact.migrations.present).toBe('unknown');
    expect(report).toContain('is a symbolic link');
  });

  it('a migrations folder replaced by a link at the to ref is not true', () => {
    const to = release('1.0.0', { 'sql/002_drop.sql': 'drop table items;\n' }, {});
    // db/migrations becomes a link to sql/ (which now also holds the first migration).
    repo.git('checkout', '-q', '--detach', to);
    repo.git('mv', 'db/migrations/001_init.sql', 'sql/001_init.sql');
    rmSync(join(repo.dir, 'db/migrations'), { recursive: true, force: true });
    symlinkSync('../sql', join(repo.dir, 'db/migrations'));
    repo.commit({}, { tag: '2.50.0' });
    expect(generate(repo, '1.0.0', '2.50.0').artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });

  it('an openapi spec that is a link is unknown, never compared as its target path text', () => {
    const to = release('1.0.0', { 'api/openapi.yaml': null, 'api/real.yaml': OPENAPI_WITHOUT_DELETE }, { 'api/openapi.yaml': 'real.yaml' });
    const { artifact, report } = generate(repo, '1.0.0', to);
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
    expect(report).toMatch(/openapi "api\/openapi.yaml" is a symbolic link/);
  });

  it('an mcpTools snapshot under a linked folder is unknown', () => {
    const to = release('1.0.0', { 'mcp/tools.json': null, 'tools/tools.json': '{"tools": []}\n' }, { mcp: 'tools' });
    expect(generate(repo, '1.0.0', to).artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });

  it('an env source folder reached through a link is unknown', () => {
    const renamed = SETTINGS.replace('SESSION_SECRET ||', 'AUTH_SESSION_SECRET ||');
    const to = release('1.0.0', { 'shared/settings.ts': renamed }, { 'src/config/shared': '../../shared' });
    const { artifact, report } = generate(repo, '1.0.0', to);
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
    expect(report).toContain('env.sources\\[0\\] "src/config/\\*\\*/\\*.ts" reaches a symbolic link (src/config/shared)');
  });

  it('a link the configured paths cannot reach changes nothing', () => {
    const to = release('1.0.0', { 'docs/guide.md': 'guide\n' }, { 'AGENTS.md': 'docs/guide.md', 'src/config/README.md': '../../docs/guide.md' });
    expect(generate(repo, '1.0.0', to).artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});
