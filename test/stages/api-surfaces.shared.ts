import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { TestRepo } from '../helpers/git-fixture.js';

/** Every file under a fixture folder, by its path relative to it. */
export function fixtureTree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
}

/** The file at `path` with each `[from, to]` replacement applied (each must match), kept in `tree`. */
export function edit(tree: Record<string, string>, path: string, ...replacements: Array<[string, string]>): Record<string, string> {
  let text = tree[path]!;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`fixture edit: ${JSON.stringify(from)} not in ${path}`);
    text = text.replace(from, to);
  }
  tree[path] = text;
  return { [path]: text };
}

export interface ApiArtifact {
  api: { rest: { checked: boolean; breaking: unknown; changes: string[]; breakingCount: number; advisories: string[]; advisoryCount: number } };
  compatibility: { rollingUpdateSafe: unknown };
}

/** `generate` by the built CLI between two tags: the artifact and the report. */
export function generate(repo: TestRepo, from: string, to: string): { artifact: ApiArtifact; report: string } {
  const out = join(repo.dir, `release-safety-${to}.json`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', out]);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return { artifact: JSON.parse(readFileSync(out, 'utf8')) as ApiArtifact, report: run.stdout };
}
