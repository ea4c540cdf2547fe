import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFilesAtomic } from '../../src/artifact/write.js';
import { runCli } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';
import { SERVICE } from '../generate/release-service.js';

/**
 * Output paths the repository's own tree controls (issue 28): a pull request that commits
 * `release-safety-report.md` or a release tree that commits `release-safety.json` as a symbolic link
 * must never get our output written through it to a file outside the work tree. A link outside any
 * work tree (one the user made and names) is still written through (io-special-files.test.ts).
 */
const folders: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), 'rs-links-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A work tree (a folder holding `.git`) beside a file outside it that must stay untouched. */
function workTreeWithVictim(): { tree: string; victim: string } {
  const root = scratch();
  const tree = join(root, 'checkout');
  mkdirSync(join(tree, '.git'), { recursive: true });
  const victim = join(root, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  return { tree, victim };
}

describe('links the repository controls are not followed out of its work tree', () => {
  it.each([
    ['a relative link to a file outside', (tree: string) => symlinkSync('../victim.txt', join(tree, 'release-safety-report.md'))],
    ['an absolute link to a file outside', (tree: string, victim: string) => symlinkSync(victim, join(tree, 'release-safety-report.md'))],
    [
      'a link to a link outside',
      (tree: string) => (symlinkSync('../victim.txt', join(tree, 'hop.md')), symlinkSync('hop.md', join(tree, 'release-safety-report.md'))),
    ],
    ['a folder link on the way', (tree: string, victim: string) => symlinkSync(join(victim, '..'), join(tree, 'reports'))],
  ])('%s: refused, nothing written', (_name, make) => {
    const { tree, victim } = workTreeWithVictim();
    make(tree, victim);
    const target = _name === 'a folder link on the way' ? join(tree, 'reports', 'victim.txt') : join(tree, 'release-safety-report.md');
    expect(() =>
      writeFilesAtomic([
        { path: join(tree, 'release-safety.json'), text: '{}\n' },
        { path: target, text: 'pwned\n' },
      ]),
    ).toThrow(/outside the repository work tree/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('a link that stays inside the work tree is still written through', () => {
    const { tree } = workTreeWithVictim();
    mkdirSync(join(tree, 'published'));
    symlinkSync('published/report.md', join(tree, 'release-safety-report.md'));
    writeFilesAtomic([{ path: join(tree, 'release-safety-report.md'), text: '# report\n' }]);
    expect(readFileSync(join(tree, 'published', 'report.md'), 'utf8')).toBe('# report\n');
  });

  it('generate in a checkout whose tree commits release-safety.json as a link outside: exit 2, one line, the outside file untouched (CLI)', () => {
    const repo = createRepo();
    folders.push(repo.dir);
    const victim = join(scratch(), 'victim.json');
    writeFileSync(victim, 'precious\n');
    repo.commit(SERVICE, { tag: '1.0.0' });
    symlinkSync(victim, join(repo.dir, 'release-safety.json'));
    repo.commit({}, { tag: '1.1.0' });
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--quiet'], { cwd: repo.dir });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/outside the repository work tree/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });
});
