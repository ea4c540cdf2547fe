// Runs every benchmark script in bench/ (except generators) against the built CLI, one after another.
// Usage: npm run bench   (figures go to stdout; copy them into the README's Performance section)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const scripts = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.mjs') && name !== 'run-all.mjs' && !name.startsWith('gen-'))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n## bench/${script}`);
  const result = spawnSync(process.execPath, [`bench/${script}`], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.log(`bench/${script} exited ${result.status}`);
  }
}
process.exitCode = failed ? 1 : 0;
