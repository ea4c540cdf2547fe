#!/usr/bin/env node
// The README's first command: builds a throw-away git repository from fixtures/example/<release>/
// (one commit and tag per release), runs `release-safety generate` on each pair of neighbouring
// releases with the built CLI, prints the reports, and cleans up. Plain Node, no dependencies.
//
//   npm run build && node scripts/example.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli', 'main.js');
const examples = join(root, 'fixtures', 'example');

if (!existsSync(cli)) {
  console.error('release-safety example: dist/cli/main.js not found; run `npm run build` first');
  process.exit(2);
}

const versionKey = (name) => name.split('.').map(Number);
const byVersion = (a, b) => {
  const [x, y] = [versionKey(a), versionKey(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};
const releases = readdirSync(examples)
  .filter((name) => /^\d+\.\d+\.\d+$/.test(name) && statSync(join(examples, name)).isDirectory())
  .sort(byVersion);

const work = mkdtempSync(join(tmpdir(), 'release-safety-example-'));
const repo = join(work, 'orders-service');
const out = join(work, 'out');
const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
const git = (args, env = gitEnv) => execFileSync('git', args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });

let exitCode = 0;
/** Runs the built CLI, showing the command; an exit code outside `expected` fails the example. */
function run(args, expected = [0]) {
  const shown = args.map((arg) => arg.replace(repo, '<example repo>').replace(out, '<out>')).join(' ');
  console.log(`$ release-safety ${shown}`);
  const result = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  if (!expected.includes(result.status)) exitCode = result.status ?? 2;
  console.log('');
}

try {
  cpSync(join(examples, releases[0]), repo, { recursive: true });
  git(['init', '-q', '-b', 'main']);
  for (const [key, value] of [['user.email', 'example@example.com'], ['user.name', 'release-safety example'], ['commit.gpgsign', 'false'], ['tag.gpgsign', 'false']]) {
    git(['config', key, value]);
  }
  releases.forEach((release, i) => {
    for (const entry of readdirSync(repo)) if (entry !== '.git') rmSync(join(repo, entry), { recursive: true, force: true });
    cpSync(join(examples, release), repo, { recursive: true });
    git(['add', '-A']);
    // Fixed dates: the example's artifacts are the same on every run.
    const date = new Date(Date.UTC(2026, 0, 1 + i * 14, 12)).toISOString();
    git(['commit', '-q', '-m', `release ${release}`], { ...gitEnv, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    git(['tag', release]);
  });
  console.log(`Example repository with tags ${releases.join(', ')} (from fixtures/example/)\n`);

  for (let i = 1; i < releases.length; i++) {
    const [from, to] = [releases[i - 1], releases[i]];
    run(['generate', '--repo', repo, '--from', from, '--to', to, '--out', join(out, `${to}.json`)]);
  }

  // The operator's side: the index over the artifacts, then the span check across every release.
  const index = join(out, 'release-safety-index.json');
  run(['index', '--artifacts', out, '--repo', repo, '--floor', releases[0], '--out', index]);
  run(['upgrade-check', '--from', releases[0], '--to', releases[1], '--index', index], [0, 1]);
  run(['upgrade-check', '--from', releases[0], '--to', releases[releases.length - 1], '--index', index], [0, 1]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = exitCode;
