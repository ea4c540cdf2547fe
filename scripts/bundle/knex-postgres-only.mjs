// knex in the bundled CLI: one CommonJS file, dist/bin/vendor/knex.cjs, with the PostgreSQL dialect only.
//
// release-safety runs knex for one thing: compiling schema-builder chains to the SQL they send to
// PostgreSQL (`knex({ client: 'pg' })`, no connection; src/stages/migrations/extract/knex-builder.ts).
// As published, knex is 330 CommonJS files (252 of them lodash's) that Node resolves, reads and
// compiles one by one: ≈ 80 ms of CPU in every process that reads a knex migration, against ≈ 27 ms
// for the one bundled file (issue 21, measured). It is loaded with `require` (knex-module.ts): an
// `import()` of a 560 KB CommonJS file costs ≈ 70 ms more for Node's scan of its exports.
//
// The other dialects would pull in their drivers (mysql, mssql, oracle, sqlite …), which are not
// installed; any other client name fails with knex's own error. The PostgreSQL drivers stay
// `require`s that knex makes only to connect, which release-safety never does.
import { build } from 'esbuild';
import { join } from 'node:path';

/** Where the bundled CLI finds knex, relative to its chunks in dist/bin. */
const VENDORED = './vendor/knex.cjs';

/** knex's dialect table (knex/lib/dialects/index.js), PostgreSQL only. */
const postgresDialectOnly = {
  name: 'knex-postgres-dialect-only',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]knex[\\/]lib[\\/]dialects[\\/]index\.js$/ }, () => ({
      loader: 'js',
      contents: [
        "'use strict';",
        "const { resolveClientNameWithAliases } = require('../util/helpers');",
        'exports.getDialectByNameOrAlias = function getDialectByNameOrAlias(clientName) {',
        "  if (resolveClientNameWithAliases(clientName) !== 'postgres') throw new Error(`Invalid clientName given: ${clientName}`);",
        "  return require('./postgres');",
        '};',
      ].join('\n'),
    }));
  },
};

/** In the CLI bundle, `require('knex')` (src/stages/migrations/extract/knex-module.ts) loads the vendored file. */
export const knexFromVendoredFile = {
  name: 'knex-from-vendored-file',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^knex$/ }, () => ({ path: VENDORED, external: true }));
  },
};

/** Writes `<outdir>/vendor/knex.cjs`. */
export async function buildVendoredKnex(outdir) {
  await build({
    entryPoints: ['knex'],
    outfile: join(outdir, VENDORED),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    external: ['pg', 'pg-query-stream', 'pg-native'],
    plugins: [postgresDialectOnly],
  });
}
