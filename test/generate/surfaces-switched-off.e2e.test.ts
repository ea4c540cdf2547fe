import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { CONFIG, configText, generate, OPENAPI, OPENAPI_WITHOUT_DELETE, SERVICE, SETTINGS } from './release-service.js';

/**
 * Issue 11.1: a release cannot switch its own surfaces off. The `from` configuration governs what
 * must be compared: a surface turned off, unconfigured, narrowed or moved at `to` is still compared
 * as `from` configured it (an `openapi`/`mcpTools` path that moved: old path → new path).
 * Each release below branches from 1.0.0, a fully configured service whose quiet release is `true`.
 */
let repo: TestRepo;
let nextMinor = 0;

/** A release on top of 1.0.0; returns its tag. */
function release(files: Record<string, string | null>): string {
  const tag = `1.${++nextMinor}.0`;
  repo.git('checkout', '-q', '--detach', '1.0.0');
  repo.commit(files, { tag });
  return tag;
}

const DROP = { 'db/migrations/002_drop.sql': 'drop table items;\n' };
const withConfig = (change: Record<string, unknown>) => ({ 'release-safety.config.json': configText({ ...CONFIG, ...change }) });
const withoutKey = (key: keyof typeof CONFIG) => {
  const rest: Record<string, unknown> = { ...CONFIG };
  delete rest[key];
  return { 'release-safety.config.json': configText(rest) };
};

beforeAll(() => {
  repo = createRepo();
  repo.commit(SERVICE, { tag: '1.0.0' });
});
afterAll(() => repo.cleanup());

describe('a release that changes what is checked', () => {
  it('a quiet release with an unchanged config is still proven true', () => {
    const tag = release({ 'docs/CHANGELOG.md': 'quiet\n' });
    expect(generate(repo, '1.0.0', tag).artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('migrations: false with a DROP TABLE in the same release is not true', () => {
    const { artifact, report } = generate(repo, '1.0.0', release({ ...DROP, ...withConfig({ migrations: false }) }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('the release changed what is checked');
    expect(report).toMatch(/config changes \(what the from config checked is still compared\): migrations: .*db\/migrations.* → false/);
  });

  it('migrations unconfigured (key removed) with a DROP TABLE is not true', () => {
    const { artifact } = generate(repo, '1.0.0', release({ ...DROP, ...withoutKey('migrations') }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('a migrations folder removed from the list still has its added files classified', () => {
    const two = { ...CONFIG, migrations: [...CONFIG.migrations, { dir: 'ee/migrations', edition: 'ee' }] };
    repo.git('checkout', '-q', '--detach', '1.0.0');
    repo.commit({ 'release-safety.config.json': configText(two), 'ee/migrations/001_ee.sql': 'create table licences (id int);\n' }, { tag: '1.50.0' });
    repo.commit({ 'release-safety.config.json': configText(CONFIG), 'ee/migrations/002_drop.sql': 'drop table licences;\n' }, { tag: '1.51.0' });
    expect(generate(repo, '1.50.0', '1.51.0').artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('openapi: false with a removed operation is not true', () => {
    const { artifact } = generate(repo, '1.0.0', release({ 'api/openapi.yaml': OPENAPI_WITHOUT_DELETE, ...withConfig({ openapi: false }) }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(artifact.api.rest.breaking).toBe(true);
  });

  it('every surface false in a release that breaks all of them is not true', () => {
    const all = withConfig({ migrations: false, openapi: false, mcpTools: false, env: false });
    const { artifact } = generate(repo, '1.0.0', release({ ...DROP, ...all, 'api/openapi.yaml': OPENAPI_WITHOUT_DELETE, 'mcp/tools.json': '{"tools": []}\n' }));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(artifact.api.mcp.breaking).toBe(true);
  });

  it('an openapi path that moves while the old file stays is compared old path → new path', () => {
    const { artifact } = generate(repo, '1.0.0', release({ 'api/v2/openapi.yaml': OPENAPI_WITHOUT_DELETE, ...withConfig({ openapi: 'api/v2/openapi.yaml' }) }));
    expect(artifact.api.rest.breaking).toBe(true);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('an openapi file moved unchanged (old one deleted) is proven true', () => {
    const { artifact } = generate(
      repo,
      '1.0.0',
      release({ 'api/openapi.yaml': null, 'spec/openapi.yaml': OPENAPI, ...withConfig({ openapi: 'spec/openapi.yaml' }) }),
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('an mcpTools snapshot that moves while the old one stays is compared old path → new path', () => {
    const { artifact } = generate(repo, '1.0.0', release({ 'mcp/v2/tools.json': '{"tools": []}\n', ...withConfig({ mcpTools: 'mcp/v2/tools.json' }) }));
    expect(artifact.api.mcp.breaking).toBe(true);
  });

  it('env sources narrowed away from a file whose variable was renamed is not true', () => {
    const renamed = SETTINGS.replace('SESSION_SECRET ||', 'AUTH_SESSION_SECRET ||');
    const narrowed = withConfig({ env: { sources: ['src/config/other/**/*.ts'], envFiles: ['.env.example'] } });
    const { artifact } = generate(
      repo,
      '1.0.0',
      release({ 'src/config/settings.ts': renamed, 'src/config/other/x.ts': 'export const x = process.env.X;\n', ...narrowed }),
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(artifact.config.breaking).toBe(true);
  });

  it('env: false with a renamed variable is not true', () => {
    const renamed = SETTINGS.replace('SESSION_SECRET ||', 'AUTH_SESSION_SECRET ||');
    expect(
      generate(repo, '1.0.0', release({ 'src/config/settings.ts': renamed, ...withConfig({ env: false }) })).artifact.compatibility.rollingUpdateSafe,
    ).toBe(false);
  });

  it('a raised postgresVersion is judged with the from version too', () => {
    // Adding a column with a volatile default rewrites the table on every version; a constant default only before PostgreSQL 11.
    repo.git('checkout', '-q', '--detach', '1.0.0');
    repo.commit({ 'release-safety.config.json': configText({ ...CONFIG, postgresVersion: 10 }) }, { tag: '1.60.0' });
    repo.commit(
      {
        'release-safety.config.json': configText({ ...CONFIG, postgresVersion: 16 }),
        'db/migrations/002_add.sql': "alter table items add column kind text not null default 'plain';\n",
      },
      { tag: '1.61.0' },
    );
    expect(generate(repo, '1.60.0', '1.61.0').artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });

  it('a --config that switches a surface off is governed by the from tree config too', () => {
    const tag = release({ ...DROP });
    const folder = mkdtempSync(join(tmpdir(), 'rs-config-'));
    writeFileSync(join(folder, 'explicit.json'), configText({ ...CONFIG, migrations: false }));
    const { artifact } = generate(repo, '1.0.0', tag, ['--config', join(folder, 'explicit.json')]);
    rmSync(folder, { recursive: true, force: true });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('a config at from that is not valid was never in force: the to config governs, and the report says so', () => {
    repo.git('checkout', '-q', '--detach', '1.0.0');
    repo.commit({ 'release-safety.config.json': '{"migrations": "db"}\n' }, { tag: '1.70.0' });
    repo.commit({ 'release-safety.config.json': configText(CONFIG), 'docs/x.md': 'quiet\n' }, { tag: '1.71.0' });
    const { artifact, report } = generate(repo, '1.70.0', '1.71.0');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).toContain('release-safety.config.json at the from ref is not valid, so the to config alone governs');
  });
});
