/**
 * knex's factory, read through `require` (TypeScript compiles `import = require()` to `createRequire`),
 * loaded only when `loadKnex` (knex-builder.ts) first runs.
 *
 * Why `require` and not `import('knex')`: an ESM import of a CommonJS file makes Node scan it for
 * its exports first. In the bundled CLI, `scripts/build-cli.mjs` points this `require` at
 * `dist/bin/vendor/knex.cjs`, one file holding knex with its PostgreSQL dialect only
 * (scripts/bundle/knex-postgres-only.mjs): ≈ 27 ms of CPU to load against ≈ 80 ms for knex's 330
 * files from node_modules, and ≈ 70 ms more through `import()` of that one big file (issue 21,
 * measured). The unbundled build (the library entry) loads knex from node_modules as published.
 */
import { preloadResolvedWithCodeCache } from '../../../core/code-cache.js';

// The bundled file compiles from the tool's V8 code cache (≈ 12 ms of compiling saved a run); from
// node_modules (the unbundled build) nothing resolves here and knex loads as published.
preloadResolvedWithCodeCache(import.meta.url, './vendor/knex.cjs');

// eslint-disable-next-line @typescript-eslint/no-require-imports
import knexFactory = require('knex');

export default knexFactory;
