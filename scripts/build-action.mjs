// Bundles the GitHub Action into action/dist/index.mjs for the node24 runtime.
// The bundle sits two folders below the repository root, so the code's `../../schemas` and
// `../../package.json` lookups resolve to the action repository's own files, as they do from dist/.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const outdir = 'action/dist';
mkdirSync(outdir, { recursive: true });

await build({
  entryPoints: ['src/action/main.ts'],
  outfile: join(outdir, 'index.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS dependencies call require() for Node built-ins; give the ESM bundle a real one.
  banner: { js: "import { createRequire as __rsCreateRequire } from 'node:module'; const require = __rsCreateRequire(import.meta.url);" },
  // Optional database drivers knex would load with a connection; we only compile SQL.
  external: ['pg', 'pg-query-stream', 'mysql', 'mysql2', 'oracledb', 'sqlite3', 'better-sqlite3', 'tedious', 'pg-native'],
});

// libpg-query loads its WebAssembly beside its own module: new URL('libpg-query.wasm', import.meta.url).
const wasm = join(dirname(require.resolve('libpg-query/package.json')), 'wasm', 'libpg-query.wasm');
copyFileSync(wasm, join(outdir, 'libpg-query.wasm'));

const size = (file) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
console.log(`action/dist/index.mjs ${size(join(outdir, 'index.mjs'))}, libpg-query.wasm ${size(join(outdir, 'libpg-query.wasm'))}`);
