import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { parseVersion } from '../core/version.js';

/**
 * `release-safety upgrade-check --from <v> --to <v>`: the operator's span check.
 * Exit 0 only when the span is proven rolling-safe; 1 when evaluated and not proven safe
 * (including a downgrade and from = to); 2 when it cannot be evaluated.
 * The run itself (./upgrade-check-run.ts) loads inside the action, so other commands never pay for it.
 */
export interface UpgradeCheckOptions {
  from: string;
  to: string;
  json?: boolean;
  index?: string;
  offline?: boolean;
  timeout: number;
  maxIndexBytes: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_INDEX_BYTES = 64 * 1024 * 1024;

export function registerUpgradeCheck(program: Command): void {
  program
    .command('upgrade-check')
    .description('Check whether upgrading from one release to another can be a rolling update, and where it must stop')
    .requiredOption('--from <version>', 'the version running now (X.Y.Z)')
    .requiredOption('--to <version>', 'the version to upgrade to (X.Y.Z)')
    .option('--json', 'print the verdict as one JSON object')
    .option('--index <file-or-URL>', 'the release-safety index (default: $RELEASE_SAFETY_INDEX_URL, else "indexUrl" in ./release-safety.config.json)')
    .option('--offline', 'use the cached copy of an index URL only; never fetch')
    .option('--timeout <ms>', 'give up fetching an index URL after this many milliseconds', parseTimeout, DEFAULT_TIMEOUT_MS)
    .option('--max-index-bytes <bytes>', 'refuse an index larger than this many bytes, decompressed (64 MiB)', parseMaxIndexBytes, DEFAULT_MAX_INDEX_BYTES)
    .action(async (options: UpgradeCheckOptions) => {
      const from = requireReleaseVersion(options.from, '--from');
      const to = requireReleaseVersion(options.to, '--to');
      await runUpgradeCheckCommand({ ...options, from, to });
    });
}

/**
 * The command's run, once its options are read (by commander above, or for a plain command line by
 * ./upgrade-check-args.ts): one module holds it (index loading, validation, span rules, output), one
 * import, so the bundle loads it in a few files rather than one per source module (issue 21).
 */
export async function runUpgradeCheckCommand(options: UpgradeCheckOptions): Promise<void> {
  const { runUpgradeCheck } = await import('./upgrade-check-run.js');
  await runUpgradeCheck(options);
}

function parseTimeout(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`--timeout "${text}" is not a positive number of milliseconds`);
  }
  return value;
}

function parseMaxIndexBytes(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`--max-index-bytes "${text}" is not a positive number of bytes`);
  }
  return value;
}

function requireReleaseVersion(text: string, option: string): string {
  const version = parseVersion(text);
  if (!version) throw new UsageError(`${option} "${text}" is not a release version (expected X.Y.Z)`);
  return version.text;
}
