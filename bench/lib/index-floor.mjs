// A peer figure of `upgrade-check` (issue 21, target 1): node, reading and JSON-parsing the index.
// `node bench/lib/index-floor.mjs <index.json>`
import { readFileSync } from 'node:fs';

const index = JSON.parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(`${index.entries.length}\n`);
