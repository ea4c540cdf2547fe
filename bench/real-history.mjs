#!/usr/bin/env node
/**
 * Speed on a real history (issue 36): `backfill --jobs 1` over a public repository's consecutive
 * release tags, and `generate` on real pairs of it beside their I/O floor, all in one run.
 *
 *   npm run build && node bench/real-history.mjs --repo <clone> --config <file> --from <tag> --to <tag>
 *       [--pairs <base>..<head>,…] [--surfaces] [--json]
 *       [--only-generate --pairs …] [--baseline <another build's dist/bin/release-safety.js>]
 *
 * The reference service: a clone of its public mirror (DEVELOPERS.md; `make-testbed.sh` makes one with
 * every tag), the config its maintainers would write (fixtures/lightdash/release-safety.config.json),
 * tags 0.1500.0 → 0.1652.2 (381 releases). Prints:
 *   - backfill CPU (user + system of the whole process and its git children), wall and peak RSS, with
 *     the derived cache cold (a fresh cache folder) and warm (the same folder again);
 *   - the verdicts and a digest of every artifact written, so a speed change that moves a verdict shows;
 *   - `--surfaces`: the warm backfill again without each surface, to say what each costs;
 *   - for each pair (default: the first spec-only pair and the first pair adding a migration, picked from
 *     the artifacts), `generate` CPU beside its floor (bench/lib/generate-floor.mjs: `git diff
 *     --name-status`, both specs read through one `cat-file --batch` and parsed, added migrations read).
 *   - `--only-generate` (with `--pairs`): only the `generate` rows, no backfill;
 *   - `--baseline <cli>`: `generate` of another build (main's) timed in the same rounds, interleaved, each
 *     build with its own derived cache, and its artifact compared byte for byte with this build's.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, measure, median } from './lib/measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'dist', 'bin', 'release-safety.js');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const repo = option('--repo');
const configFile = option('--config');
const from = option('--from');
const to = option('--to');
const runs = Number(option('--runs', '3'));
if (!repo || !configFile || !from || !to) {
  console.error('usage: node bench/real-history.mjs --repo <clone> --config <file> --from <tag> --to <tag> [--pairs a..b,…] [--surfaces] [--runs N] [--json]');
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error('bench/real-history.mjs: build first (npm run build)');
  process.exit(2);
}
const git = (...gitArgs) => {
  const result = spawnSync('git', gitArgs, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};
const work = mkdtempSync(join(tmpdir(), 'rs-real-history-'));
const config = JSON.parse(readFileSync(configFile, 'utf8'));
const env = (cacheDir) => ({ ...process.env, NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: cacheDir });
const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

function backfill(label, cacheDir, configPath = configFile) {
  const out = join(work, `artifacts-${label}`);
  rmSync(out, { recursive: true, force: true });
  const run = measure(process.execPath, [cli, 'backfill', '--repo', repo, '--from', from, '--to', to, '--out-dir', out, '--config', configPath, '--jobs', '1', '--json'], { env: env(cacheDir) });
  const summary = JSON.parse(run.stdout);
  const verdicts = { true: 0, false: 0, unknown: 0 };
  for (const result of summary.results) verdicts[String(result.rollingUpdateSafe)]++;
  const digest = createHash('sha256');
  for (const file of readdirSync(out).filter((name) => name.endsWith('.json')).sort()) digest.update(file).update(readFileSync(join(out, file)));
  return { label, cpuMs: run.cpuMs, wallMs: run.wallMs, maxRssMb: run.maxRssMb, releases: summary.results.length, verdicts, digest: digest.digest('hex').slice(0, 16), out };
}

const head = git('rev-parse', `${to}^{commit}`);
const onlyGenerate = args.includes('--only-generate');
if (onlyGenerate && !option('--pairs')) {
  console.error('bench/real-history.mjs: --only-generate needs --pairs (the pairs are otherwise picked from the backfill)');
  process.exit(2);
}
const baseline = option('--baseline');
const cold = onlyGenerate ? undefined : backfill('cold', join(work, 'cache'));
const warmRuns = onlyGenerate ? [] : Array.from({ length: runs }, () => backfill('warm', join(work, 'cache')));
const warm = onlyGenerate
  ? undefined
  : { ...warmRuns[0], cpuMs: median(warmRuns.map((run) => run.cpuMs)), wallMs: median(warmRuns.map((run) => run.wallMs)), maxRssMb: Math.max(...warmRuns.map((run) => run.maxRssMb)) };

const surfaceRows = [];
if (args.includes('--surfaces') && !onlyGenerate) {
  const without = { env: { env: false }, openapi: { openapi: false }, migrations: { migrations: [] } };
  for (const [surface, change] of Object.entries(without)) {
    if (!(surface in config)) continue;
    const path = join(work, `config-without-${surface}.json`);
    writeFileSync(path, JSON.stringify({ ...config, ...change }));
    backfill(`without-${surface}`, join(work, 'cache'), path); // warm its own entries
    const run = backfill(`without-${surface}`, join(work, 'cache'), path);
    surfaceRows.push({ surface, cpuMs: run.cpuMs, savedMs: warm.cpuMs - run.cpuMs });
  }
}

// Pairs for `generate`: given, or picked from the artifacts (first spec-only change, first added migration).
const artifacts = onlyGenerate
  ? []
  : readdirSync(warm.out)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(warm.out, name), 'utf8')));
const tagOf = new Map(git('tag', '--list').split('\n').map((tag) => [tag.replace(/^v/, ''), tag]));
const pairs = option('--pairs')
  ? option('--pairs').split(',').map((pair) => pair.split('..'))
  : [
      artifacts.find((artifact) => artifact.migrations.count === 0 && artifact.api.rest.breakingCount + artifact.api.rest.advisoryCount > 0),
      artifacts.find((artifact) => artifact.migrations.count > 0),
    ]
      .filter(Boolean)
      .map((artifact) => [tagOf.get(artifact.previousVersion), tagOf.get(artifact.version)]);
const spec = typeof config.openapi === 'string' ? config.openapi : undefined;
const generateRows = [];
for (const [base, target] of pairs) {
  const added = git('diff', '--name-only', '--diff-filter=A', base, target)
    .split('\n')
    .filter((path) => (config.migrations ?? []).some((folder) => path.startsWith(`${folder.dir}/`)));
  const floorArgs = [join(root, 'bench', 'lib', 'generate-floor.mjs'), repo, base, target, spec ?? 'package.json', ...added];
  const cache = join(work, 'cache');
  const generateArgs = (build, out) => [build, 'generate', '--repo', repo, '--from', base, '--to', target, '--config', configFile, '--out', out, '--quiet'];
  const thisRun = () => measure(process.execPath, generateArgs(cli, join(work, 'pair.json')), { env: env(cache), allowFailure: true });
  const baselineRun = () => measure(process.execPath, generateArgs(baseline, join(work, 'pair-baseline.json')), { env: env(join(work, 'cache-baseline')), allowFailure: true });
  thisRun(); // warm: code cache, derived cache
  if (baseline) {
    baselineRun();
    baselineRun();
  }
  const cpu = [];
  const baselineCpu = [];
  const floor = [];
  for (let round = 0; round < 5; round++) {
    cpu.push(thisRun().cpuMs);
    if (baseline) baselineCpu.push(baselineRun().cpuMs);
    floor.push(measure(process.execPath, floorArgs).cpuMs);
  }
  const row = { pair: `${base} → ${target}`, migrations: added.length, cpuMs: median(cpu), floorMs: median(floor), ratio: Number((median(cpu) / median(floor)).toFixed(2)) };
  if (baseline) {
    const same = readFileSync(join(work, 'pair.json')).equals(readFileSync(join(work, 'pair-baseline.json')));
    Object.assign(row, { baselineCpuMs: median(baselineCpu), baselineRatio: Number((median(baselineCpu) / median(floor)).toFixed(2)), sameArtifact: same });
  }
  generateRows.push(row);
}

const result = { repo, commit: head, from, to, loadAverage: loadAverage(), cold, warm, surfaces: surfaceRows, generate: generateRows };
rmSync(work, { recursive: true, force: true });
if (args.includes('--json')) {
  console.log(JSON.stringify(result, (key, value) => (key === 'out' ? undefined : value), 2));
} else {
  console.log(`real history: ${resolve(repo)} at ${head.slice(0, 12)}, ${from} → ${to}${warm ? `, ${warm.releases} releases` : ''}; load average ${result.loadAverage}\n`);
  if (warm) console.log('| backfill --jobs 1 | CPU | wall | peak RSS | true / false / unknown | artifacts digest |');
  if (warm) console.log('|---|---|---|---|---|---|');
  for (const row of warm ? [cold, warm] : []) {
    console.log(`| ${row === cold ? 'cache cold' : `cache warm (median of ${runs})`} | ${fmt(row.cpuMs)} | ${fmt(row.wallMs)} | ${Math.round(row.maxRssMb)} MB | ${row.verdicts.true} / ${row.verdicts.false} / ${row.verdicts.unknown} | ${row.digest} |`);
  }
  if (surfaceRows.length > 0) {
    console.log('\n| surface left out | backfill CPU | its cost |');
    console.log('|---|---|---|');
    for (const row of surfaceRows) console.log(`| ${row.surface} | ${fmt(row.cpuMs)} | ${fmt(row.savedMs)} |`);
  }
  const baselineColumns = baseline ? ' baseline CPU | baseline ratio | same artifact |' : '';
  console.log(`\n| generate, real pair | added migrations | CPU | I/O floor | ratio |${baselineColumns}`);
  console.log(`|---|---|---|---|---|${baseline ? '---|---|---|' : ''}`);
  for (const row of generateRows)
    console.log(
      `| ${row.pair} | ${row.migrations} | ${fmt(row.cpuMs)} | ${fmt(row.floorMs)} | ${row.ratio}× |${baseline ? ` ${fmt(row.baselineCpuMs)} | ${row.baselineRatio}× | ${row.sameArtifact ? 'yes' : 'NO'} |` : ''}`,
    );
}
