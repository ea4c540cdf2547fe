import { InputError } from '../core/errors.js';
import { resolveIndexSource } from '../span/index-source.js';
import { loadIndex } from '../span/load-index.js';
import { coveredEntries, evaluateSpan } from '../span/evaluate.js';
import type { SpanVerdict } from '../span/types.js';
import { colorEnabled, createStyle, type Style } from './style.js';
import type { UpgradeCheckOptions } from './upgrade-check.js';
import { oneLine } from '../core/one-line.js';

/**
 * The run of `upgrade-check` (options parsed and versions checked in ./upgrade-check.ts): load and
 * check the index, evaluate the span, print the verdict. Sets exit code 1 when the span is not proven safe.
 */
export async function runUpgradeCheck(options: UpgradeCheckOptions): Promise<void> {
  // The index is parsed, checked for duplicate keys, validated and its structure checked once,
  // each a single pass: V8's optimizing compiler, which these hot loops would otherwise start on
  // background threads, costs more CPU than it wins back. Measured (bench/ratios.mjs): the real
  // 890 KB index 167 → 137 ms CPU for the whole run; a 9 MB index of 31,110 releases 393 → 375 ms.
  // No scavenge task either: V8 schedules one when the young generation fills up, to collect ahead
  // of need, and here it ran as the process was about to exit, copying the whole parsed index once
  // more for nothing (≈ 1.3 ms of CPU on the real index, issue 36); a scavenge still runs whenever an
  // allocation needs one. node:v8 is loaded here, not imported at the top: the bin holds this run in
  // its one file (scripts/build-cli.mjs), and `--version` must not load it.
  process.getBuiltinModule('node:v8').setFlagsFromString('--no-opt --no-minor-gc-task');
  const { from, to } = options;
  const source = resolveIndexSource({ index: options.index, env: process.env, cwd: process.cwd() });
  const loaded = await loadIndex(source, { offline: options.offline, timeoutMs: options.timeout, maxBytes: options.maxIndexBytes, span: { from, to } });
  for (const warning of loaded.warnings) process.stderr.write(`release-safety: warning: ${oneLine(warning)}\n`);
  const evaluation = evaluateSpan(loaded.index, from, to);
  if (!evaluation.evaluable) throw new InputError(`cannot evaluate ${from} → ${to}: ${evaluation.problem}`);
  const spanVerdict = evaluation.verdict;
  const backfilled = coveredEntries(loaded.index, spanVerdict)
    .filter((entry) => entry.backfilled)
    .map((entry) => entry.version);
  process.stdout.write(options.json ? `${JSON.stringify(spanVerdict, null, 2)}\n` : renderText(spanVerdict, createStyle(colorEnabled()), backfilled));
  if (!spanVerdict.safe) {
    process.stderr.write(`release-safety: ${oneLine(summaryLine(spanVerdict))}\n`);
    process.exitCode = 1;
  }
}

const list = (versions: readonly string[]) => (versions.length === 0 ? 'none' : versions.join(', '));

/**
 * The contract's lines, always, in this order; then required stops, missing coverage, strategy and
 * why; then, when the span crosses backfilled releases, what that means in plain words (a first
 * check after a backfill is all Recreate, by span rule 5) and what makes future releases count.
 */
export function renderText(spanVerdict: SpanVerdict, style: Style, backfilledVersions: readonly string[] = []): string {
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
    ...(backfilledVersions.length === 0
      ? []
      : [
          `Backfilled releases in this span: ${list([...backfilledVersions])}. Their verdicts were generated retroactively by \`release-safety backfill\`, not published with the releases, so by span rule 5 a span that crosses them needs Recreate whatever their verdicts say.`,
          'What makes future releases count: run `release-safety generate` at release time and publish its release-safety.json with each release (then `release-safety index`); a span made only of such releases, all `true`, is rolling-safe.',
        ]),
  ];
  return `${lines.join('\n')}\n`;
}

/** The one stderr line of a non-zero exit. */
function summaryLine(spanVerdict: SpanVerdict): string {
  const first = spanVerdict.reasons[0] ?? 'not every release in the span is proven rolling-safe';
  const more = spanVerdict.reasons.length - 1;
  return `${spanVerdict.fromVersion} → ${spanVerdict.toVersion} is not proven rolling-safe (${spanVerdict.recommendedStrategy} required): ${first}${more > 0 ? ` (+${more} more reason${more === 1 ? '' : 's'})` : ''}`;
}
