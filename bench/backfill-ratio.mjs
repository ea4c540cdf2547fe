#!/usr/bin/env node
/**
 * `backfill` memory and time (issue 21, target 4): peak RSS stays ≤ 300 MB whatever the span
 * (381 and 1,000 releases), 381 releases in ≤ 6 s with `--jobs 1`, and `--jobs 2` beside `--jobs 1`.
 * Histories come from bench/gen-history.mjs (~1 MB OpenAPI document, SQL migrations, env config,
 * 300 source files; seed 7). The floor of the peak RSS is one `generate` of a spec-changing pair
 * of the same repository (what any backfill holds at once); memory that grew with the span would
 * show as a ratio far above 1.
 *
 *   npm run build && node bench/backfill-ratio.mjs [--runs 1] [--json]
 *
 * Also `import { backfillRatios } from './backfill-ratio.mjs'` (bench/ratios.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadAverage, measure, median } from './lib/measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
// The package's bin (the bundled CLI users run), as bench/ratios.mjs times it.
const cli = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin['release-safety']);
const RSS_TARGET_MB = 300;
const TIME_TARGET_MS = 6000;

function history(work, releases) {
  const dir = join(work, `history-${releases}`);
  const run = spawnSync(process.execPath, [join(root, 'bench', 'gen-history.mjs'), dir, '--releases', String(releases)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`gen-history: ${run.stderr}`);
  const summary = JSON.parse(run.stdout);
  const kinds = JSON.parse(readFileSync(`${dir}.releases.json`, 'utf8'));
  return { dir, first: summary.first, last: summary.last, specRelease: kinds.find((entry) => entry.kind === 'spec')?.version };
}

export function backfillRatios({ runs = 1 } = {}) {
  if (!existsSync(cli)) throw new Error(`bench/backfill-ratio.mjs: ${cli} is missing; run npm run build first`);
  const work = mkdtempSync(join(tmpdir(), 'rs-bench-backfill-ratio-'));
  try {
    const env = { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: join(work, 'cache') };
    const histories = { 381: history(work, 381), 1000: history(work, 1000) };
    const backfill = (releases, jobs) => () => {
      const { dir, first, last } = histories[releases];
      const out = join(work, `out-${releases}-${jobs}`);
      rmSync(out, { recursive: true, force: true });
      return measure(process.execPath, [cli, 'backfill', '--repo', dir, '--from', first, '--to', last, '--out-dir', out, '--jobs', String(jobs), '--json'], { env });
    };
    const onePair = () => {
      const { dir, specRelease } = histories[381];
      const tags = spawnSync('git', ['tag', '--sort=v:refname'], { cwd: dir, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
      const to = specRelease ?? tags[1];
      const from = tags[tags.indexOf(to) - 1];
      return measure(process.execPath, [cli, 'generate', '--repo', dir, '--from', from, '--to', to, '--out', join(work, 'one.json'), '--quiet'], { env, allowFailure: true });
    };
    const figures = { onePair, jobs1: backfill(381, 1), jobs2: backfill(381, 2), long: backfill(1000, 1) };
    const samples = Object.fromEntries(Object.keys(figures).map((name) => [name, { cpu: [], wall: [], rss: [] }]));
    for (let round = 0; round < runs; round++) {
      for (const [name, run] of Object.entries(figures)) {
        const result = run();
        samples[name].cpu.push(result.cpuMs);
        samples[name].wall.push(result.wallMs);
        samples[name].rss.push(result.maxRssMb);
      }
    }
    const figure = (name, what) => Math.round(median(samples[name][what]));
    const floorRss = figure('onePair', 'rss');
    return {
      runs,
      cores: availableParallelism(),
      loadAverage: loadAverage(),
      rows: [
        { what: 'peak RSS, backfill of 381 releases, --jobs 1', figure: figure('jobs1', 'rss'), unit: 'MB', floor: floorRss, floorWhat: 'one generate', ratio: Number((figure('jobs1', 'rss') / floorRss).toFixed(2)), target: RSS_TARGET_MB },
        { what: 'peak RSS, backfill of 1,000 releases, --jobs 1', figure: figure('long', 'rss'), unit: 'MB', floor: floorRss, floorWhat: 'one generate', ratio: Number((figure('long', 'rss') / floorRss).toFixed(2)), target: RSS_TARGET_MB },
        { what: 'wall time, backfill of 381 releases, --jobs 1', figure: figure('jobs1', 'wall'), unit: 'ms', cpu: figure('jobs1', 'cpu'), target: TIME_TARGET_MS, ratio: Number((figure('jobs1', 'wall') / TIME_TARGET_MS).toFixed(2)), floorWhat: 'target' },
        { what: 'wall time, backfill of 381 releases, --jobs 2', figure: figure('jobs2', 'wall'), unit: 'ms', cpu: figure('jobs2', 'cpu'), floor: figure('jobs1', 'wall'), floorWhat: '--jobs 1', ratio: Number((figure('jobs2', 'wall') / figure('jobs1', 'wall')).toFixed(2)), rss: figure('jobs2', 'rss') },
        { what: 'wall time, backfill of 1,000 releases, --jobs 1', figure: figure('long', 'wall'), unit: 'ms', cpu: figure('long', 'cpu') },
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatRows(result) {
  const lines = [
    `backfill: median of ${result.runs} interleaved run(s), ${result.cores} cores; load average ${result.loadAverage}`,
    '',
    '| figure | value | floor / peer | ratio | target |',
    '|---|---|---|---|---|',
  ];
  for (const row of result.rows) {
    const value = `${row.figure} ${row.unit}${row.cpu === undefined ? '' : ` (CPU ${row.cpu} ms)`}${row.rss === undefined ? '' : `, peak ${row.rss} MB`}`;
    const floor = row.floor === undefined ? (row.floorWhat === 'target' ? '—' : '—') : `${row.floor} ${row.unit} (${row.floorWhat})`;
    const target = row.target === undefined ? '—' : `≤ ${row.target} ${row.unit}`;
    lines.push(`| ${row.what} | ${value} | ${floor} | ${row.ratio === undefined ? '—' : `${row.ratio}×${row.floorWhat === 'target' ? ' of target' : ''}`} | ${target} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
  const result = backfillRatios({ runs });
  console.log(args.includes('--json') ? JSON.stringify(result, null, 2) : formatRows(result));
}
