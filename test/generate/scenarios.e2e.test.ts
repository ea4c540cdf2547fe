import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { projectRoot, runCli } from '../helpers/cli.js';
import { buildFixtureRepo, createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * The "done when" scenarios through the built CLI, on real repositories. One history where
 * each release makes exactly one change, so each change is shown to turn the verdict `false` on its
 * own, with the right members; then a quiet release on the same, fully configured, service is `true`.
 */
const repos: TestRepo[] = [];
let out: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-scenarios-'));
});
afterAll(() => {
  for (const repo of repos) repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

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

function generate(repo: TestRepo, from: string, to: string): { artifact: ReleaseSafetyArtifact; report: string; status: number } {
  const target = join(out, `${repos.indexOf(repo)}-${to}.json`);
  const reportFile = join(out, `${repos.indexOf(repo)}-${to}.md`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', target, '--report', reportFile, '--quiet']);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact, report: readFileSync(reportFile, 'utf8'), status: run.status };
}

describe('generate: each change alone turns the verdict false (built CLI)', () => {
  let repo: TestRepo;
  const base = filesOf(join(projectRoot, 'fixtures/generate/breaking/1.0.0'));
  const settings = base['src/config/settings.ts']!;
  const tools = JSON.parse(base['mcp/tools.json']!) as { tools: Array<{ name: string }> };

  beforeAll(() => {
    repo = createRepo();
    repos.push(repo);
    repo.commit(base, { tag: '1.0.0' });
    const withoutDelete = { tools: tools.tools.filter((tool) => tool.name !== 'delete_item') };
    repo.commit({ 'mcp/tools.json': `${JSON.stringify(withoutDelete, null, 2)}\n` }, { tag: '1.1.0' });
    repo.commit({ 'src/config/settings.ts': settings.replace("CACHE_TTL_SECONDS || '60'", "CACHE_TTL_SECONDS || '300'") }, { tag: '1.2.0' });
    repo.commit(
      {
        'src/config/settings.ts': settings
          .replace("CACHE_TTL_SECONDS || '60'", "CACHE_TTL_SECONDS || '300'")
          .replace('SESSION_SECRET ||', 'AUTH_SESSION_SECRET ||'),
      },
      { tag: '1.3.0' },
    );
    repo.commit(
      {
        'src/auth/session.ts':
          "// @release-safety breaking required-stop: sessions move to a new table that old servers cannot read\nexport const SESSION_TABLE = 'auth_sessions';\n",
      },
      { tag: '1.4.0' },
    );
    repo.commit({ 'docs/CHANGELOG.md': '# 1.5.0\n\nDocumentation only.\n' }, { tag: '1.5.0' });
  });

  it('a removed MCP tool', () => {
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: true, breakingCount: 1 });
    expect(artifact.api.mcp.changes).toEqual(['tool "delete_item" — removed']);
    expect(artifact.config).toEqual({ checked: true, breaking: false, changes: [] });
    expect(artifact.compatibility).toEqual({ rollingUpdateSafe: false, recommendedStrategy: 'Recreate' });
  });

  it('a changed env default', () => {
    const { artifact } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.config).toEqual({
      checked: true,
      breaking: true,
      changes: [{ type: 'defaultChanged', name: 'CACHE_TTL_SECONDS', previousDefault: '60', defaultValue: '300' }],
    });
    expect(artifact.api.mcp.breaking).toBe(false);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('a renamed env variable', () => {
    const { artifact } = generate(repo, '1.2.0', '1.3.0');
    expect(artifact.config.changes).toEqual([{ type: 'renamed', name: 'AUTH_SESSION_SECRET', previousName: 'SESSION_SECRET', defaultValue: 'change-me' }]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('a declared required stop', () => {
    const { artifact, report } = generate(repo, '1.3.0', '1.4.0');
    expect(artifact.declaredBreaks).toEqual([
      { file: 'src/auth/session.ts', line: 1, reason: 'sessions move to a new table that old servers cannot read', requiredStop: true },
    ]);
    expect(artifact.upgrade.requiredStops).toEqual(['1.4.0']);
    expect(artifact.config.changes).toEqual([]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('declared-required-stop');
  });

  it('and a quiet release of the same fully configured service is proven true', () => {
    const { artifact } = generate(repo, '1.4.0', '1.5.0');
    expect(artifact.migrations).toEqual({ present: false, count: 0, coreCount: 0, eeCount: 0, files: [] });
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: false });
    expect(artifact.config).toEqual({ checked: true, breaking: false, changes: [] });
    expect(artifact.declaredBreaks).toEqual([]);
    expect(artifact.compatibility).toEqual({ rollingUpdateSafe: true, recommendedStrategy: 'RollingUpdate' });
  });
});

describe('generate: all four changes in one release (fixtures/generate/breaking)', () => {
  it('lists every member', () => {
    const repo = buildFixtureRepo('fixtures/generate/breaking');
    repos.push(repo);
    const { artifact, status } = generate(repo, '1.0.0', '1.1.0');
    expect(status).toBe(0);
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: true, breakingCount: 1 });
    expect(artifact.config.changes).toEqual([
      { type: 'renamed', name: 'AUTH_SESSION_SECRET', previousName: 'SESSION_SECRET', defaultValue: 'change-me' },
      { type: 'defaultChanged', name: 'CACHE_TTL_SECONDS', previousDefault: '60', defaultValue: '300' },
    ]);
    expect(artifact.upgrade.requiredStops).toEqual(['1.1.0']);
    expect(artifact.compatibility).toEqual({ rollingUpdateSafe: false, recommendedStrategy: 'Recreate' });
  });
});

describe('generate: an unreadable configured surface', () => {
  it('makes the release unknown, with the cause in the report', () => {
    const repo = buildFixtureRepo('fixtures/generate/unreadable');
    repos.push(repo);
    const { artifact, report, status } = generate(repo, '1.0.0', '1.1.0');
    expect(status).toBe(0);
    expect(artifact.api.mcp).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('## Why not proven safe');
    expect(report).toMatch(/- \*\*mcp\*\*: not checked \(.+\)/);
  });
});
