// Bundles the CLI into dist/bin/ (the package's bin: dist/bin/release-safety.js), after tsc has built dist/.
// Why (issue 21): the unbundled CLI loads 36 ES modules for upgrade-check and 106 for lint-migrations,
// and Node resolves, reads and links each one (~0.3–0.5 ms apiece, tens of ms per run). Four builds:
//
//  - dist/bin/command-line.cjs: every command but a plain `upgrade-check` — the command line and all
//    that its commands load — in one CommonJS file, compiled with the tool's V8 code cache
//    (src/cli/bundled-command-line.ts, src/core/code-cache.ts). A `generate` run loaded ≈ 60 ES module
//    chunks before (≈ 25 ms compiling, ≈ 30 ms resolving and linking); the one file costs ≈ 15 ms from
//    the cache. Modules an `import()` reaches still run only when reached (esbuild wraps them), and
//    V8 compiles only the functions that run. `import()` is compiled to `require` (a script compiled
//    with `vm.Script` has no way to import ES modules); every package left outside has a CommonJS entry.
//  - dist/bin/release-safety.js, the bin: one file holding the entry, `--version` and a plain
//    `upgrade-check` whole (see BIN_LAZY_FILES), and the files it imports when another command runs
//    (bundled-command-line.js) or an index URL is cached (index-cache.js).
//  - the backfill workers' entry (dist/bin/backfill-worker.js), the PGlite worker and the library
//    entry (dist/bin/lib.js), with their ES module chunks.
//
// Small pure-JavaScript dependencies (commander, js-yaml, picomatch, ajv-formats' format checks) are
// bundled: each CommonJS file they require costs a resolution and a compile of its own. The heavy
// ones stay external, loaded from node_modules only when needed: the source parser (@babel/parser,
// external so that test/perf/laziness.test.ts can see when it loads; compiled with the code cache by
// src/syntax/parse.ts), libpg-query and PGlite (their WebAssembly sits beside them), and Ajv's
// compiler (tests only). knex is one file of its own, dist/bin/vendor/knex.cjs, loaded by `require`
// when a knex migration is read (see scripts/bundle/knex-postgres-only.mjs). The files sit two
// folders below the package root, like dist/cli/, so the code's `../../schemas` and
// `../../package.json` lookups hold.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { buildVendoredKnex, knexFromVendoredFile } from './bundle/knex-postgres-only.mjs';

/** Commander's `require('node:child_process')` → scripts/bundle/commander-child-process.mjs (see there). */
const commanderWithoutChildProcess = {
  name: 'commander-without-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: fileURLToPath(new URL('./bundle/commander-child-process.mjs', import.meta.url)) } : undefined,
    );
  },
};

/**
 * The bin, dist/bin/release-safety.js, is one file that holds a plain `upgrade-check` whole (issue 36):
 * the entry, the argument reading and the run (src/cli/upgrade-check-run.ts: index loading, validation,
 * span rules, output), with no chunk to resolve, read and link (~0.35 ms apiece, measured; the run
 * was the entry plus four shared chunks plus a file of its own, ≈ 4 ms of CPU over one file). Operators
 * run this command in scripts and gates (issue 21, target 1). What a plain upgrade-check never runs
 * stays in files of their own, loaded by `import()` when reached: the command line of every other
 * command (program.ts's `import('./command-line.js')` → ./bundled-command-line.js, which runs
 * command-line.cjs) and the cache of an index URL (load-index.ts's `import('./index-cache.js')`, with
 * node:crypto and node:os). The run's `import()` is bundled in place (no splitting: esbuild keeps its
 * module's code behind a lazy initializer, and V8 compiles a function only when it first runs).
 * Modules the bin shares with those files (errors, versions) are copies; nothing compares their
 * classes across files (the CLI reads an error's `exitCode`, not its class).
 */
const BIN_LAZY_FILES = {
  // import specifier → { who imports it, the file it becomes, its source }
  './command-line.js': { importer: /[\\/]src[\\/]cli[\\/]program\.ts$/, file: './bundled-command-line.js', source: 'src/cli/bundled-command-line.ts' },
  './index-cache.js': { importer: /[\\/]src[\\/]span[\\/]load-index\.ts$/, file: './index-cache.js', source: 'src/span/index-cache.ts' },
};
/** In the library bundle, program.ts's `import('./command-line.js')` is ./bundled-command-line.ts (which runs command-line.cjs). */
const commandLineFromItsBundle = {
  name: 'command-line-from-its-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\/command-line\.js$/ }, (args) =>
      /[\\/]src[\\/]cli[\\/]program\.ts$/.test(args.importer) ? { path: fileURLToPath(new URL('../src/cli/bundled-command-line.ts', import.meta.url)) } : undefined,
    );
  },
};
const binLazyFilesStayOutside = {
  name: 'bin-lazy-files-stay-outside',
  setup(build) {
    build.onResolve({ filter: /^\.\/(command-line|index-cache)\.js$/ }, (args) => {
      const lazy = BIN_LAZY_FILES[args.path];
      return lazy && lazy.importer.test(args.importer) ? { path: lazy.file, external: true } : undefined;
    });
  },
};

const outdir = process.argv[2] ?? 'dist/bin';
rmSync(outdir, { recursive: true, force: true });
await buildVendoredKnex(outdir);
/** What every build here shares. */
const common = {
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@babel/parser', 'libpg-query', '@electric-sql/pglite', 'ajv', 'ajv/*'],
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS (commander, js-yaml, picomatch) require Node's built-in modules, and
  // src/syntax/parse.ts and knex-module.ts read their packages through require(): every chunk gets a
  // require(). Built-ins come straight from process.getBuiltinModule; node:module (which loads Node's
  // source-map support with it) only when a package is required.
  banner: {
    js: "const require = (id) => process.getBuiltinModule(id) ?? process.getBuiltinModule('node:module').createRequire(import.meta.url)(id);",
  },
};
await build({
  ...common,
  entryPoints: {
    // `backfill --jobs N` starts its workers from this file, found beside the code that starts them.
    'backfill-worker': 'src/index/backfill-worker.ts',
    // The trace runs PGlite in a worker thread it can terminate past a time limit (src/trace/database.ts).
    'pglite-worker': 'src/trace/pglite-worker.ts',
    // The library entry (package.json `exports`): the package ships this bundle, not the tsc tree,
    // whose packages (commander, js-yaml, knex, …) are bundled here and not installed (issue 34).
    lib: 'src/lib.ts',
  },
  splitting: true,
  chunkNames: 'chunk-[hash]',
  plugins: [commanderWithoutChildProcess, knexFromVendoredFile, commandLineFromItsBundle],
});
await build({
  ...common,
  entryPoints: { 'command-line': 'src/cli/command-line.ts' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  // `import()` → `require` (see the top); `import.meta.url` → the bundle's own URL.
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [commanderWithoutChildProcess, knexFromVendoredFile],
});
await build({
  ...common,
  entryPoints: { 'release-safety': 'src/cli/main.ts' },
  splitting: false,
  plugins: [binLazyFilesStayOutside],
});
await build({
  ...common,
  entryPoints: Object.fromEntries(Object.values(BIN_LAZY_FILES).map(({ file, source }) => [file.replace(/^\.\/|\.js$/g, ''), source])),
  splitting: true,
  chunkNames: 'lazy-chunk-[hash]',
  plugins: [commanderWithoutChildProcess, knexFromVendoredFile],
});

/**
 * command-line.cjs in ASCII only (issue 36). esbuild escapes non-ASCII characters in strings but keeps
 * them in comments and regular expression literals (a dependency's `/^[A-ZÄÖÜß]+$/`, our comments'
 * dashes): one such character makes V8 hold the whole 8 MB source as a two-byte string, and every run
 * decodes it from UTF-8 that way (≈ 40 ms of CPU on the loaded 2-core machine, against ≈ 17 ms as one-byte
 * Latin-1). Each one becomes its `\uXXXX` escape, which means the same character in a string, a
 * regular expression (a surrogate pair's two escapes are one code point under the `u` flag) and an
 * identifier, and is plain text in a comment; an escaped character (`\é`, the identity escape) loses
 * its backslash. Two characters have no such reading: U+2028/U+2029 end a line comment, so the build
 * stops on them, as it does when the result no longer compiles.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  if (/[\u2028\u2029]/.test(text)) throw new Error(`${file}: holds U+2028/U+2029, which cannot be escaped everywhere; leave the file as it is`);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/[\u0080-\uffff]/g)) {
    let backslashes = 0;
    while (text[match.index - 1 - backslashes] === '\\') backslashes++;
    // An escaped character (`\é`): the escape replaces the backslash and the character.
    const start = backslashes % 2 === 1 ? match.index - 1 : match.index;
    out += text.slice(last, start) + `\\u${match[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
    last = match.index + 1;
  }
  out += text.slice(last);
  new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${out}\n});`, { filename: file });
  writeFileSync(file, out);
}
asciiOnly(`${outdir}/command-line.cjs`);
