// Bundles the GitHub Action into action/dist/index.mjs for the node24 runtime.
// The bundle sits two folders below the repository root, so the code's `../../schemas` and
// `../../package.json` lookups resolve to the action repository's own files, as they do from dist/.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// `node scripts/build-action.mjs [outdir]`: the default is the committed bundle; tests build into
// another folder two levels below the root (the relative lookups above must still hold).
const outdir = process.argv[2] ?? 'action/dist';
mkdirSync(outdir, { recursive: true });

await build({
  entryPoints: ['src/action/main.ts'],
  outfile: join(outdir, 'index.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  minify: true,
  sourcemap: false,
  logLevel: 'warning',
  // CommonJS dependencies use require(), __filename and __dirname; give the ESM bundle real ones.
  banner: {
    js: [
      "import { createRequire as __rsCreateRequire } from 'node:module';",
      "import { fileURLToPath as __rsFileURLToPath } from 'node:url';",
      "import { dirname as __rsDirname } from 'node:path';",
      'const require = __rsCreateRequire(import.meta.url);',
      'const __filename = __rsFileURLToPath(import.meta.url);',
      'const __dirname = __rsDirname(__filename);',
    ].join(' '),
  },
  // Optional database drivers knex would load with a connection; we only compile SQL.
  // PGlite (the `trace` command, `generate --trace`) is not part of the Action: it traces nothing.
  external: ['@electric-sql/pglite', 'pg', 'pg-query-stream', 'pg-native', 'mysql', 'mysql2', 'mariadb', 'mariadb/*', 'oracledb', 'sqlite3', 'better-sqlite3', '@vscode/sqlite3', 'tedious'],
});

// libpg-query loads its WebAssembly beside its own module: new URL('libpg-query.wasm', import.meta.url).
const wasm = join(dirname(require.resolve('libpg-query/package.json')), 'wasm', 'libpg-query.wasm');
copyFileSync(wasm, join(outdir, 'libpg-query.wasm'));

const size = (file) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
console.log(`${outdir}/index.mjs ${size(join(outdir, 'index.mjs'))}, libpg-query.wasm ${size(join(outdir, 'libpg-query.wasm'))}`);
