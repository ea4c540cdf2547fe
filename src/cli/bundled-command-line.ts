import { fileURLToPath } from 'node:url';
import { defaultCodeCacheOptions, runBundleWithCodeCache } from '../core/code-cache.js';
import type * as CommandLine from './command-line.js';

/**
 * The bundled CLI's way to ./command-line.ts (scripts/build-cli.mjs points program.ts's import of it
 * here): every command but a plain `upgrade-check` runs from dist/bin/command-line.cjs, one CommonJS
 * file holding the command line and everything its commands load, compiled with the tool's V8 code
 * cache (src/core/code-cache.ts). Loaded as ES modules, the same code spread over ≈ 60 chunks that
 * Node resolves, links and compiles one by one: ≈ 70 ms of CPU of a `generate` run (issue 21).
 */
export async function runCommandLine(argv: readonly string[]): Promise<number | undefined> {
  const bundle = fileURLToPath(new URL('./command-line.cjs', import.meta.url));
  const { runCommandLine: run } = runBundleWithCodeCache(bundle, { ...defaultCodeCacheOptions(), variant: commandWord(argv) }) as typeof CommandLine;
  return run(argv);
}

/** The command a command line names (each keeps a code cache of its own), or `other`. */
function commandWord(argv: readonly string[]): string {
  const first = argv[0];
  return first !== undefined && /^[a-z][a-z-]{0,39}$/.test(first) ? first : 'other';
}
