import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compareVersions, parseVersion } from '../../src/core/version.js';

/**
 * Real git repositories for tests (STYLE.md 11): no mocks, no network.
 *
 *   const repo = createRepo();
 *   repo.commit({ 'db/001.sql': 'create table a (id int);' }, { tag: '1.0.0' });
 *   repo.commit({ 'db/001.sql': null }, { tag: '1.1.0' }); // null deletes
 *
 * or from plain trees: `fixtures/<scenario>/<release>/` → one commit + tag per release folder,
 * in numeric version order (`buildFixtureRepo('fixtures/quiet')`). A folder named `_worktree`
 * is laid over the last release without committing (for `--to WORKTREE`).
 */
export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  write(files: Record<string, string | null>): void;
  commit(files: Record<string, string | null>, options?: { tag?: string; message?: string; date?: string }): string;
  cleanup(): void;
}

const BASE_DATE = Date.parse('2026-01-01T00:00:00Z');
let commitCounter = 0;

export function createRepo(dir = mkdtempSync(join(tmpdir(), 'rs-repo-'))): TestRepo {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' },
    }).trim();
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Release Safety Test');
  git('config', 'commit.gpgsign', 'false');
  git('config', 'tag.gpgsign', 'false');

  const write = (files: Record<string, string | null>) => {
    for (const [path, content] of Object.entries(files)) {
      const full = join(dir, path);
      if (content === null) {
        rmSync(full, { force: true });
      } else {
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
    }
  };

  const commit: TestRepo['commit'] = (files, options = {}) => {
    write(files);
    git('add', '-A');
    const date = options.date ?? new Date(BASE_DATE + ++commitCounter * 3_600_000).toISOString();
    execFileSync('git', ['commit', '-q', '--allow-empty', '-m', options.message ?? options.tag ?? 'change'], {
      cwd: dir,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
    if (options.tag) git('tag', options.tag);
    return git('rev-parse', 'HEAD');
  };

  return { dir, git, write, commit, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Turns `scenarioDir/<release>/` trees into a repository with one tagged commit per release. */
export function buildFixtureRepo(scenarioDir: string): TestRepo & { tags: string[] } {
  const repo = createRepo();
  const releases = readdirSync(scenarioDir)
    .filter((name) => statSync(join(scenarioDir, name)).isDirectory() && parseVersion(name))
    .sort((a, b) => compareVersions(parseVersion(a)!, parseVersion(b)!));
  releases.forEach((release, i) => {
    for (const entry of readdirSync(repo.dir)) {
      if (entry !== '.git') rmSync(join(repo.dir, entry), { recursive: true, force: true });
    }
    cpSync(join(scenarioDir, release), repo.dir, { recursive: true });
    repo.commit({}, { tag: release, date: new Date(BASE_DATE + (i + 1) * 86_400_000).toISOString() });
  });
  const worktree = join(scenarioDir, '_worktree');
  if (existsSync(worktree)) cpSync(worktree, repo.dir, { recursive: true });
  return { ...repo, tags: releases };
}
