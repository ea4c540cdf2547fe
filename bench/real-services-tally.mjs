#!/usr/bin/env node
/**
 * The README table and the tally of `unknown` causes from what bench/real-services.mjs saved, with
 * no re-run: several out folders merge (services run as separate `--only` invocations, a later folder
 * winning for a service found twice).
 *
 *   node bench/real-services-tally.mjs <out folder>… [--out tally.md]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadResults, tableMarkdown, tallyMarkdown } from './lib/real-services-table.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const outFile = outAt === -1 ? undefined : args[outAt + 1];
const folders = args.filter((arg, at) => arg !== '--out' && (outAt === -1 || at !== outAt + 1)).map((folder) => resolve(folder));
if (folders.length === 0) {
  console.log('node bench/real-services-tally.mjs <out folder of bench/real-services.mjs>… [--out file.md]');
  process.exit(0);
}
const results = loadResults(folders);
const table = tableMarkdown(results);
const text = [
  `# Zero-config corpus: ${results.length} services (${folders.join(', ')})`,
  '',
  table.markdown,
  '',
  `Targets (issue #30): ${table.targets.join('; ')}; no audited wrong \`true\` (bench/real-services-audit.md).`,
  '',
  '## Per service',
  '',
  tallyMarkdown(results),
].join('\n');
if (outFile) writeFileSync(outFile, `${text}\n`);
else console.log(text);
