import type { Command } from 'commander';
import { setFlagsFromString } from 'node:v8';
import { InputError, UsageError } from '../core/errors.js';
import { parseVersion } from '../core/version.js';
import type { SpanVerdict } from '../span/types.js';
import { colorEnabled, createStyle, type Style } from './style.js';

/**
 * `release-safety upgrade-check --from <v> --to <v>`: the operator's span check.
 * Exit 0 only when the span is proven rolling-safe; 1 when evaluated and not proven safe
 * (including a downgrade and from = to); 2 when it cannot be evaluated.
 * The span and index modules (and Ajv with them) load inside the action, so other commands never pay for them.
 */
interface UpgradeCheckOptions {
  from: string;
  to: string;
  json?: boolean;
  index?: string;
  offline?: boolean;
  timeout: number;
  maxIndexBytes: number;
}

export function registerUpgradeCheck(program: Command): void {
  program
    .command('upgrade-check')
    .description('Check whether upgrading from one release to another can be a rolling update, and where it must stop')
    .requiredOption('--from <version>', 'the version running now (X.Y.Z)')
    .requiredOption('--to <version>', 'the version to upgrade to (X.Y.Z)')
    .option('--json', 'print the verdict as one JSON object')
    .option('--index <file-or-URL>', 'the release-safety index (default: $RELEASE_SAFETY_INDEX_URL, else "indexUrl" in ./release-safety.config.json)')
    .option('--offline', 'use the cached copy of an index URL only; never fetch')
    .option('--timeout <ms>', 'give up fetching an index URL after this many milliseconds', parseTimeout, 15_000)
    .option('--max-index-bytes <bytes>', 'refuse an index larger than this many bytes, decompressed (64 MiB)', parseMaxIndexBytes, 64 * 1024 * 1024)
    .action(async (options: UpgradeCheckOptions) => {
      // The index is parsed, checked for duplicate keys, validated and its structure checked once,
      // each a single pass: V8's optimizing compiler, which these hot loops would otherwise start on
      // background threads, costs more CPU than it wins back. Measured (bench/ratios.mjs): the real
      // 890 KB index 167 → 137 ms CPU for the whole run; a 9 MB index of 31,110 releases 393 → 375 ms.
      setFlagsFromString('--no-opt');
      const from = requireReleaseVersion(options.from, '--from');
      const to = requireReleaseVersion(options.to, '--to');
      const [{ resolveIndexSource }, { loadIndex }, { evaluateSpan }] = await Promise.all([
        import('../span/index-source.js'),
        import('../span/load-index.js'),
        import('../span/evaluate.js'),
      ]);
      const source = resolveIndexSource({ index: options.index, env: process.env, cwd: process.cwd() });
      const loaded = await loadIndex(source, { offline: options.offline, timeoutMs: options.timeout, maxBytes: options.maxIndexBytes });
      for (const warning of loaded.warnings) process.stderr.write(`release-safety: warning: ${warning}\n`);
      const evaluation = evaluateSpan(loaded.index, from, to);
      if (!evaluation.evaluable) throw new InputError(`cannot evaluate ${from} → ${to}: ${evaluation.problem}`);
      const spanVerdict = evaluation.verdict;
      process.stdout.write(options.json ? `${JSON.stringify(spanVerdict, null, 2)}\n` : renderText(spanVerdict, createStyle(colorEnabled())));
      if (!spanVerdict.safe) {
        process.stderr.write(`release-safety: ${summaryLine(spanVerdict)}\n`);
        process.exitCode = 1;
      }
    });
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

const list = (versions: readonly string[]) => (versions.length === 0 ? 'none' : versions.join(', '));

/** The contract's lines, always, in this order; then required stops, missing coverage, strategy and why. */
export function renderText(spanVerdict: SpanVerdict, style: Style): string {
  const verdictWord = spanVerdict.safe ? style.green(spanVerdict.verdict) : style.red(spanVerdict.verdict);
  const missing = spanVerdict.missingRanges.map(
    (range) => `between ${range.after} and ${range.before} (${range.before} names ${range.previousVersionOfBefore ?? 'no release'} as its previous release)`,
  );
  const lines = [
    style.bold(`Upgrade check: ${spanVerdict.fromVersion} → ${spanVerdict.toVersion}`),
    `Direction: ${spanVerdict.direction}`,
    `Verdict: ${verdictWord}`,
    `Unsafe rolling-update safety: ${list(spanVerdict.unsafeVersions)}`,
    `Unknown rolling-update safety: ${list(spanVerdict.unknownVersions)}`,
    `Minimum previous version: ${spanVerdict.minPreviousVersion ?? 'none'}`,
    `Covered releases: ${list(spanVerdict.coveredVersions)}`,
    `Required stops: ${list(spanVerdict.requiredStops)}`,
    `Missing coverage: ${missing.length === 0 ? 'none' : missing.join('; ')}`,
    `Recommended strategy: ${spanVerdict.recommendedStrategy}`,
    ...spanVerdict.reasons.map((reason) => `Why: ${reason}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The one stderr line of a non-zero exit. */
function summaryLine(spanVerdict: SpanVerdict): string {
  const first = spanVerdict.reasons[0] ?? 'not every release in the span is proven rolling-safe';
  const more = spanVerdict.reasons.length - 1;
  return `${spanVerdict.fromVersion} → ${spanVerdict.toVersion} is not proven rolling-safe (${spanVerdict.recommendedStrategy} required): ${first}${more > 0 ? ` (+${more} more reason${more === 1 ? '' : 's'})` : ''}`;
}
