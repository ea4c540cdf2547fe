#!/usr/bin/env node
/**
 * Cost of refusing duplicate keys (src/core/json-duplicate-keys.ts) on the real 890 KB index.
 *
 *   npm run build && node bench/json-duplicate-keys.mjs [runs=15]
 *
 * A CLI run is always cold (the JIT has not warmed up), so each sample is a fresh process that
 * times `JSON.parse` alone and then the duplicate-key check on its result; medians are printed,
 * with the warm (in-process, 50 calls) figures for comparison.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const indexFile = `${root}fixtures/lightdash-index.json`;
const runs = Number(process.argv[2] ?? 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sample = `
  import { readFileSync } from 'node:fs';
  const { assertNoDuplicateKeys } = await import(${JSON.stringify(`${root}dist/core/json-duplicate-keys.js`)});
  const text = readFileSync(${JSON.stringify(indexFile)}, 'utf8');
  const a = performance.now(); const value = JSON.parse(text); const b = performance.now();
  assertNoDuplicateKeys(text, value); const c = performance.now();
  console.log(JSON.stringify({ parse: b - a, check: c - b }));`;

const cold = [];
for (let run = 0; run < runs; run += 1) {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', sample], { encoding: 'utf8' });
  cold.push(JSON.parse(result.stdout));
}
const { assertNoDuplicateKeys } = await import(`${root}dist/core/json-duplicate-keys.js`);
const { readFileSync } = await import('node:fs');
const text = readFileSync(indexFile, 'utf8');
const warm = { parse: [], check: [] };
for (let run = 0; run < 60; run += 1) {
  const a = performance.now();
  const value = JSON.parse(text);
  const b = performance.now();
  assertNoDuplicateKeys(text, value);
  const c = performance.now();
  if (run < 10) continue;
  warm.parse.push(b - a);
  warm.check.push(c - b);
}
const ms = (value) => `${value.toFixed(2)} ms`;
console.log(`duplicate-key check on the real index (${(text.length / 1024).toFixed(0)} KB), load average ${loadavg()[0].toFixed(1)}`);
console.log(`  cold (fresh process, median of ${runs}): JSON.parse ${ms(median(cold.map((s) => s.parse)))}, check ${ms(median(cold.map((s) => s.check)))}`);
console.log(`  warm (in process, median of 50):      JSON.parse ${ms(median(warm.parse))}, check ${ms(median(warm.check))}`);
