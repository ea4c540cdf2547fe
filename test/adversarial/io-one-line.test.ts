import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';
import { CONFIG, configText, SERVICE } from '../generate/release-service.js';

/**
 * Repository-controlled text printed on stdout or stderr stays on its line (issue 28): a config
 * member name, a file name or a document member holding line breaks must never start a line of its
 * own, where a GitHub runner reads `::add-mask::…` / `::error::…` as a workflow command.
 */
const INJECTED = 'x\n::add-mask::secret\r\n::error::pwned\u2028::warning::more';
const noWorkflowCommand = (run: { stdout: string; stderr: string }) => {
  for (const line of `${run.stdout}\n${run.stderr}`.split(/\r\n|[\r\n\u2028\u2029\u0085]/)) expect(line, line).not.toMatch(/^\s*::/);
};
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('repository text printed by the CLI stays on one line', () => {
  const repo = createRepo();
  folders.push(repo.dir);
  repo.commit(SERVICE, { tag: '1.0.0' });

  it('a config member name with line breaks: exit 2, one line on stderr', () => {
    repo.git('checkout', '-q', '--detach', '1.0.0');
    repo.commit({ 'release-safety.config.json': configText({ ...CONFIG, [INJECTED]: true }) }, { tag: '1.1.0' });
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', join(repo.dir, 'a.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('\\n::add-mask::secret');
    noWorkflowCommand(run);
  });

  it('a config member name nested in a surface', () => {
    repo.git('checkout', '-q', '--detach', '1.0.0');
    repo.commit({ 'release-safety.config.json': configText({ ...CONFIG, env: { ...CONFIG.env, [INJECTED]: 1 } }) }, { tag: '1.2.0' });
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.2.0', '--out', join(repo.dir, 'a.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    noWorkflowCommand(run);
  });

  it.each(['text', 'markdown', 'json'])('a migration file name with line breaks, --format %s', (format) => {
    repo.git('checkout', '-q', '--detach', '1.0.0');
    const tag = `1.3.${['text', 'markdown', 'json'].indexOf(format)}`;
    repo.commit({ [`db/migrations/002_${INJECTED}.sql`]: 'drop table items;\n' }, { tag });
    const out = mkdtempSync(join(tmpdir(), 'rs-oneline-'));
    folders.push(out);
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', tag, '--out', join(out, 'a.json'), '--format', format]);
    expect([0, 1], run.stderr).toContain(run.status);
    noWorkflowCommand(run);
  });

  it('validate: an artifact member name with line breaks', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rs-oneline-')), 'a.json');
    folders.push(file.slice(0, file.lastIndexOf('/')));
    writeFileSync(file, JSON.stringify({ [INJECTED]: 1 }));
    const run = runCli(['validate', file]);
    expect(run.status).not.toBe(0);
    noWorkflowCommand(run);
  });
});
