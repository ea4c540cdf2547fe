#!/usr/bin/env node
/**
 * Benchmark of `release-safety bump-check` (issue 35), synthetic: a deployment repository with 50
 * services — 20 in a compose file, 20 Kubernetes manifests (a Service and a Deployment each), 10
 * images in Helm values — and a pull request that bumps 20 of them (10 compose, 5 manifests, 5 values).
 * Every image has its own copy of the real 890 KB lightdash index (3,111 entries), committed in the
 * repository and named by the config at the base; spans taken from the real index.
 *
 *   npm run build && node bench/bump-check.mjs [runs=5]
 *
 * Prints the whole bump-check run (one process) beside its peer: `upgrade-check` run 20 times, once
 * per bump, on the same spans and index (what an operator's script would do), plus the same bump-check
 * with one shared index for every image.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, measure, median } from './lib/measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'dist/bin/release-safety.js');
const indexFile = join(root, 'fixtures/lightdash-index.json');
const runs = Number(process.argv[2] ?? 5);
const versions = JSON.parse(readFileSync(indexFile, 'utf8')).entries.map((entry) => entry.version);

const dir = mkdtempSync(join(tmpdir(), 'rs-bench-bump-'));
const git = (...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
try {
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'bench@example.com');
  git('config', 'user.name', 'bench');
  git('config', 'commit.gpgsign', 'false');
  mkdirSync(join(dir, 'ops/indexes'), { recursive: true });
  mkdirSync(join(dir, 'k8s'), { recursive: true });
  mkdirSync(join(dir, 'chart'), { recursive: true });

  const services = Array.from({ length: 50 }, (_, n) => `svc-${String(n).padStart(2, '0')}`);
  // Bumps: compose services 0–9, manifests 20–24, values 40–44; each from an older release to a newer one.
  const bumped = [...services.slice(0, 10), ...services.slice(20, 25), ...services.slice(40, 45)];
  // Half the bumps inside the real index's proven-safe releases (1.121.0 onwards), half across its unknown and false ones.
  const spanOf = new Map(
    bumped.map((name, i) => [name, i % 2 === 0 ? { from: versions[versions.length - 23 + (i >> 1)], to: versions[versions.length - 12 + (i >> 1)] } : { from: versions[versions.length - 60 + i], to: versions[versions.length - 30 + i] }]),
  );
  const tagAt = (name, head) => (spanOf.has(name) ? spanOf.get(name)[head ? 'to' : 'from'] : versions[versions.length - 70]);
  const image = (name) => `registry.example/acme/${name}`;

  const files = (head) => {
    const compose = `services:\n${services.slice(0, 20).map((name) => `  ${name}:\n    image: ${image(name)}:${tagAt(name, head)}\n    environment:\n      LOG_LEVEL: info\n`).join('')}`;
    writeFileSync(join(dir, 'compose.yaml'), compose);
    for (const name of services.slice(20, 40)) {
      writeFileSync(
        join(dir, `k8s/${name}.yaml`),
        `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  ports: [{ port: 80 }]\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      containers:\n        - name: ${name}\n          image: ${image(name)}:${tagAt(name, head)}\n          env:\n            - name: LOG_LEVEL\n              value: info\n`,
      );
    }
    writeFileSync(join(dir, 'chart/values.yaml'), services.slice(40).map((name) => `${name}:\n  image:\n    repository: ${image(name)}\n    tag: "${tagAt(name, head)}"\n`).join(''));
  };

  const config = (shared) => ({ images: Object.fromEntries(services.map((name) => [image(name), { index: shared || !spanOf.has(name) ? 'ops/indexes/shared.json' : `ops/indexes/${name}.json` }])) });
  copyFileSync(indexFile, join(dir, 'ops/indexes/shared.json'));
  for (const name of bumped) copyFileSync(indexFile, join(dir, `ops/indexes/${name}.json`));
  writeFileSync(join(dir, 'release-safety.config.json'), JSON.stringify(config(false), null, 2));
  files(false);
  git('add', '-A');
  git('commit', '-qm', 'base');
  writeFileSync(join(dir, 'shared.config.json'), JSON.stringify(config(true)));
  files(true);
  git('add', '-A');
  git('commit', '-qm', 'bump 20 images');

  const env = { ...process.env, NO_COLOR: '1' };
  const bumpRun = () => measure(process.execPath, [cli, 'bump-check', '--repo', dir, '--base', 'HEAD~1', '--head', 'HEAD', '--json'], { env, allowFailure: true });
  const first = bumpRun();
  const result = JSON.parse(first.stdout);
  if (result.bumps.length !== 20) throw new Error(`expected 20 bumps, got ${result.bumps.length}: ${first.stderr}`);
  const whole = Array.from({ length: runs }, bumpRun);
  const shared = Array.from({ length: runs }, () =>
    measure(process.execPath, [cli, 'bump-check', '--repo', dir, '--base', 'HEAD~1', '--head', 'HEAD', '--json', '--config', join(dir, 'shared.config.json')], { env, allowFailure: true }),
  );
  const peer = Array.from({ length: Math.max(1, Math.ceil(runs / 2)) }, () => {
    let wallMs = 0;
    let cpuMs = 0;
    for (const [name, span] of spanOf) {
      const one = measure(process.execPath, [cli, 'upgrade-check', '--from', span.from, '--to', span.to, '--index', join(dir, `ops/indexes/${name}.json`)], { env, allowFailure: true });
      wallMs += one.wallMs;
      cpuMs += one.cpuMs;
    }
    return { wallMs, cpuMs };
  });
  const row = (label, samples) => `${label.padEnd(58)} wall ${median(samples.map((s) => s.wallMs)).toFixed(0).padStart(5)} ms   cpu ${median(samples.map((s) => s.cpuMs)).toFixed(0).padStart(5)} ms`;
  console.log(`bump-check, synthetic deployment repository: 50 services, 20 bumps (${result.bumps.filter((bump) => bump.safe).length} proven safe), real 890 KB index per image; load average ${loadAverage()}`);
  console.log(row(`bump-check, 20 distinct indexes (median of ${runs})`, whole));
  console.log(row(`bump-check, one shared index (median of ${runs})`, shared));
  console.log(row(`peer: upgrade-check × 20 processes (median of ${peer.length})`, peer));
  const ratio = median(whole.map((s) => s.wallMs)) / median(peer.map((s) => s.wallMs));
  console.log(`ratio bump-check / upgrade-check × 20 (wall): ${ratio.toFixed(2)}×`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
