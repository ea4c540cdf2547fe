#!/usr/bin/env node
/**
 * Old code against the new schema (issue 33) on a real history: for every release pair whose added
 * migrations drop, rename or constrain something, `generate` with this build and with a baseline
 * build (`--baseline <dist/bin/release-safety.js>` of the tool before the check), and what changed:
 * verdicts that flipped false → true (with the statements the old code provably does not reference),
 * findings that stay breaking with a cited reference, and old-code answers that are unknown (why).
 * Cost: the pair's `generate` wall time with the derived cache cold (fresh folder) and warm.
 *
 *   npm run build && node bench/old-code.mjs --repo <clone> --config <file> --pairs <base>..<head>,… [--baseline <cli>]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'dist', 'bin', 'release-safety.js');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const repo = option('--repo');
const config = option('--config');
const pairs = (option('--pairs') ?? '').split(',').filter(Boolean).map((pair) => pair.split('..'));
const baseline = option('--baseline');
if (!repo || !config || pairs.length === 0) {
  console.error('usage: node bench/old-code.mjs --repo <clone> --config <file> --pairs a..b,… [--baseline <cli>]');
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'rs-old-code-'));

function generate(binary, base, head, cacheDir) {
  const out = join(work, 'out.json');
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [binary, 'generate', '--repo', repo, '--from', base, '--to', head, '--config', config, '--out', out], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: cacheDir },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const artifact = JSON.parse(readFileSync(out, 'utf8'));
  return { verdict: artifact.compatibility.rollingUpdateSafe, report: run.stdout, ms };
}

const FAMILY = /^\s*migrations (?:breaking|info|advisory|unknown) (ban-drop-column|ban-drop-table|renaming-column|renaming-table|adding-required-field|constraint-rejects-old-code-writes|unreferenced-by-old-code|adding-required-field-fails-on-existing-rows|set-not-null-fails-on-existing-nulls|unique-index-fails-on-duplicates): (.*)$/;
const totals = { pairs: 0, flipped: 0, staysFalse: 0, cited: 0, unreferenced: 0, unknown: 0 };
for (const [base, head] of pairs) {
  const cache = mkdtempSync(join(tmpdir(), 'rs-old-code-cache-'));
  const cold = generate(cli, base, head, cache);
  const warm = generate(cli, base, head, cache);
  const before = baseline ? generate(baseline, base, head, mkdtempSync(join(tmpdir(), 'rs-old-code-base-'))) : undefined;
  rmSync(cache, { recursive: true, force: true });
  const lines = cold.report.split('\n').map((line) => FAMILY.exec(line)).filter(Boolean).map((match) => `${match[1]}: ${match[2]}`);
  totals.pairs++;
  if (before && before.verdict !== true && cold.verdict === true) totals.flipped++;
  if (cold.verdict !== true) totals.staysFalse++;
  totals.cited += lines.filter((line) => / at [^ ]+:\d+/.test(line) && !line.includes('unknown')).length;
  totals.unreferenced += lines.filter((line) => line.startsWith('unreferenced-by-old-code')).length;
  totals.unknown += lines.filter((line) => line.includes('whether it does is unknown')).length;
  console.log(`${base} → ${head}: ${before ? `before ${before.verdict}, ` : ''}now ${cold.verdict}; generate cold ${Math.round(cold.ms)} ms, warm ${Math.round(warm.ms)} ms${before ? `, baseline ${Math.round(before.ms)} ms` : ''}`);
  for (const line of lines) console.log(`    ${line}`);
  const note = cold.report.split('\n').find((line) => line.includes('old code: '));
  if (note) console.log(`    note: ${note.trim()}`);
}
console.log(JSON.stringify(totals));
rmSync(work, { recursive: true, force: true });
