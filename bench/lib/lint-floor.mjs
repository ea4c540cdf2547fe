// The floor of `lint-migrations` (issue 21, target 2): node, loading libpg-query, one parse of the
// file. `node bench/lib/lint-floor.mjs <file.sql> [--liftoff-only]`: the flag applies the CLI's own
// WebAssembly setting (src/stages/migrations/sql.ts), to show what that technique is worth alone.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

const [file, flag] = process.argv.slice(2);
if (flag === '--liftoff-only') setFlagsFromString('--liftoff-only');
const text = readFileSync(file, 'utf8');
const parser = await import('libpg-query');
await parser.loadModule();
const statements = parser.parseSync(text).stmts?.length ?? 0;
process.stdout.write(`${statements}\n`);
