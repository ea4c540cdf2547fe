import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanAnnotations } from '../../src/stages/declarations/annotations.js';
import { runCli } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';
import { generate, SERVICE } from '../generate/release-service.js';
import { runDeclarationsStage } from '../stages/declarations/run-declarations-stage.js';

/**
 * The tool's own outputs are never read back as input (issue 28): `backfill` reports and artifacts
 * quote a declared break's comment; once a maintainer commits the artifacts folder, the next
 * `generate` read those quotes as declarations, declared the release's own break again and listed
 * it as a required stop. Outputs print no marker the scanner matches, and the scanner skips them.
 */
const DECLARED = '// @release-safety breaking required-stop: the queue format changes, drain the workers first\n';
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('backfill outputs committed to the repository', () => {
  it('the next generate reads no declaration from them (CLI)', () => {
    const repo = createRepo();
    folders.push(repo.dir);
    repo.commit(SERVICE, { tag: '1.0.0' });
    repo.commit({ 'src/config/queue.ts': `${DECLARED}export const queue = 'v2';\n` }, { tag: '1.1.0' });
    const out = mkdtempSync(join(tmpdir(), 'rs-own-'));
    folders.push(out);
    const backfill = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out-dir', out]);
    expect(backfill.status, backfill.stderr).toBe(0);
    const written = readdirSync(out).sort();
    expect(written).toEqual(['1.1.0.backfill.md', '1.1.0.json']);
    // Nothing the tool wrote matches the scanner, yet the artifact still says what was declared.
    for (const name of written) expect(scanAnnotations(readFileSync(join(out, name), 'utf8'))).toMatchObject({ annotations: [], malformed: [] });
    expect(JSON.parse(readFileSync(join(out, '1.1.0.json'), 'utf8')).declaredBreaks).toEqual([expect.objectContaining({ requiredStop: true })]);

    // The adoption flow: the artifacts folder is committed; the next release changes nothing else.
    cpSync(out, join(repo.dir, 'release-safety', 'artifacts'), { recursive: true });
    repo.commit({}, { tag: '1.2.0' });
    const next = generate(repo, '1.1.0', '1.2.0');
    expect(next.artifact.declaredBreaks).toEqual([]);
    expect(next.artifact.upgrade.requiredStops).toEqual([]);
    expect(next.artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('reports and artifacts of an earlier version (markers printed raw) are skipped by the scanner, with a note', async () => {
    const report = `# Release safety: 1.1.0 (generated retroactively)\n\n- **breaking** \`declared-required-stop\` — a.ts:2 \`${DECLARED.trim()}\`\n`;
    const artifact = `{\n  "compatibility": { "rollingUpdateSafe": false },\n  "evidence": "${DECLARED.trim()}"\n}\n`;
    const result = await runDeclarationsStage(
      {},
      { 'artifacts/1.1.0.backfill.md': report, 'artifacts/1.1.0.json': artifact, 'docs/release-safety-report.md': report },
    );
    expect(result.section).toEqual([]);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes).toContainEqual(expect.stringMatching(/^artifacts\/1\.1\.0\.json: ignored \(a report, artifact or index release-safety wrote/));
  });

  it('a declaration in an ordinary Markdown or JSON file still counts', async () => {
    const result = await runDeclarationsStage({}, { 'docs/UPGRADING.md': `# Upgrading\n\n<!-- ${DECLARED.slice(3).trim()} -->\n` });
    expect(result.section).toHaveLength(1);
  });
});
