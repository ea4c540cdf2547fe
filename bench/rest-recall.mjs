#!/usr/bin/env node
/**
 * Breaking-change recall of the REST engine on spec pairs modelled on oasdiff's checker tests
 * (docs/rest.md "Measured against oasdiff's checker tests"). Run after the build:
 *
 *   node bench/rest-recall.mjs [--json]
 *
 * Goals: recall ≥ 95 % on the cases oasdiff marks ERR, no false breaking on the cases it asserts
 * quiet, no unreadable document. The floor test is test/stages/rest-recall.test.ts.
 */
import { compareSpecs } from '../dist/stages/rest/engine.js';
import { restRules } from '../dist/stages/rest/rules/index.js';
import { measureRecall, mismatches } from './lib/rest-recall.mjs';

const levels = new Map(restRules.map((rule) => [rule.meta.id, rule.meta.level]));
const { rows, totals, byFamily } = await measureRecall({ compareSpecs, levelOf: (rule) => levels.get(rule) });

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ totals, byFamily, mismatches: mismatches(rows) }, null, 2)}\n`);
} else {
  const percent = (value) => `${(value * 100).toFixed(1)} %`;
  const line = (name, s) => `${name.padEnd(14)} ${String(s.cases).padStart(5)} ${`${s.caught}/${s.breakingCases}`.padStart(8)} ${percent(s.recall).padStart(8)} ${`${s.falseBreaking}/${s.quietCases}`.padStart(8)} ${String(s.unreadable).padStart(10)}`;
  console.log(`${'family'.padEnd(14)} ${'cases'.padStart(5)} ${'caught'.padStart(8)} ${'recall'.padStart(8)} ${'false'.padStart(8)} ${'unreadable'.padStart(10)}`);
  for (const [family, summary] of Object.entries(byFamily)) console.log(line(family, summary));
  console.log(line('all', totals));
  console.log('\ngoals: recall ≥ 95 %, false breaking 0, unreadable 0');
  const off = mismatches(rows);
  if (off.length > 0) {
    console.log(`\nnot as oasdiff (${off.length}):`);
    for (const row of off) console.log(`  ${row.name} [${row.family}${row.needs ? `, needs ${row.needs}` : ''}] expected ${row.expected}, got ${row.outcome}${row.rules.length ? ` (${row.rules.join(', ')})` : ''}${row.error ? `: ${row.error}` : ''}`);
  }
  for (const row of rows.filter((candidate) => candidate.deliberate)) console.log(`\ndeliberately not as oasdiff: ${row.name} → ${row.outcome}: ${row.deliberate}`);
  const warns = rows.filter((row) => row.expected === 'warn');
  console.log(`\noasdiff warnings (not scored): ${warns.map((row) => `${row.name} → ${row.outcome}`).join(', ')}`);
}
