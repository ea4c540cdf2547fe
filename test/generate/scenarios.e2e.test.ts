import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { runCli } from '../helpers/cli.js';
import { buildFixtureRepo, type TestRepo } from '../helpers/git-fixture.js';
import { isPlaceholder } from './pending-stages.js';

/**
 * The "done when" scenarios through the built CLI. Each surface is asserted for its final
 * behaviour once its stage has landed, and as honestly `unknown` while it is still a placeholder.
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

function generateScenario(name: string): { artifact: ReleaseSafetyArtifact; report: string; status: number } {
  const repo = buildFixtureRepo(`fixtures/generate/${name}`);
  repos.push(repo);
  const target = join(out, `${name}.json`);
  const reportFile = join(out, `${name}.md`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target, '--report', reportFile, '--quiet']);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact, report: readFileSync(reportFile, 'utf8'), status: run.status };
}

describe('generate scenarios (built CLI)', () => {
  it('a removed MCP tool, a changed default, a renamed variable and a declared required stop make the release false', async () => {
    const { artifact, status } = generateScenario('breaking');
    expect(status).toBe(0);
    const [mcpPending, configPending, declarationsPending] = await Promise.all([isPlaceholder('mcp'), isPlaceholder('config'), isPlaceholder('declarations')]);

    if (mcpPending) expect(artifact.api.mcp).toMatchObject({ checked: false, breaking: 'unknown' });
    else {
      expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: true, breakingCount: 1 });
      expect(artifact.api.mcp.changes.join('\n')).toContain('delete_item');
    }

    if (configPending) expect(artifact.config).toMatchObject({ checked: false, breaking: 'unknown' });
    else {
      expect(artifact.config).toMatchObject({ checked: true, breaking: true });
      expect(artifact.config.changes).toEqual(
        expect.arrayContaining([
          { type: 'renamed', name: 'AUTH_SESSION_SECRET', previousName: 'SESSION_SECRET', defaultValue: 'change-me' },
          { type: 'defaultChanged', name: 'CACHE_TTL_SECONDS', previousDefault: '60', defaultValue: '300' },
        ]),
      );
    }

    if (declarationsPending) expect(artifact.declaredBreaks).toEqual([]);
    else {
      expect(artifact.declaredBreaks).toEqual([
        { file: 'src/auth/session.ts', line: 1, reason: 'sessions move to a new table that old servers cannot read', requiredStop: true },
      ]);
      expect(artifact.upgrade.requiredStops).toEqual(['1.1.0']);
    }

    const allPending = mcpPending && configPending && declarationsPending;
    expect(artifact.compatibility.rollingUpdateSafe).toBe(allPending ? 'unknown' : false);
    expect(artifact.compatibility.recommendedStrategy).toBe('Recreate');
  });

  it('an unreadable configured surface makes the release unknown, with the cause in the report', async () => {
    const { artifact, report, status } = generateScenario('unreadable');
    expect(status).toBe(0);
    expect(artifact.api.mcp).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('## Why not proven safe');
    expect(report).toMatch(/- \*\*mcp\*\*: not checked \(.+\)/);
  });
});
