import { parseVersion } from '../core/version.js';
import { DEFAULT_MAX_INDEX_BYTES, DEFAULT_TIMEOUT_MS, type UpgradeCheckOptions } from './upgrade-check.js';

/**
 * The options of a plain, well-formed `upgrade-check` command line, read without commander; undefined
 * for anything else (help, an unknown or repeated option, a missing or odd value, a bad version or
 * number), which then goes through commander and gets its usual help or one-line error.
 *
 * Why (issue 21, target 1): operators run `upgrade-check` in scripts and gates, and commander
 * (≈ 3,400 lines to compile) and the command's definition cost ≈ 7 ms of CPU a run, about a tenth of
 * the command. For every command line this accepts, the options are exactly those commander's
 * definition in ./upgrade-check.ts gives (test/cli/upgrade-check-args.property.test.ts compares the
 * two on generated command lines), so both ways run the same check.
 */
export function simpleUpgradeCheckOptions(argv: readonly string[]): UpgradeCheckOptions | undefined {
  if (argv[0] !== 'upgrade-check') return undefined;
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i]!;
    const equals = token.indexOf('=');
    const name = equals === -1 ? token : token.slice(0, equals);
    if (FLAGS.has(name)) {
      if (equals !== -1 || flags.has(name)) return undefined;
      flags.add(name);
      continue;
    }
    if (!VALUE_OPTIONS.has(name) || values.has(name)) return undefined;
    const value = equals === -1 ? argv[++i] : token.slice(equals + 1);
    // A value that looks like an option (or none) is commander's to judge.
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    values.set(name, value);
  }
  const from = releaseVersion(values.get('--from'));
  const to = releaseVersion(values.get('--to'));
  const timeout = positiveInteger(values.get('--timeout'), DEFAULT_TIMEOUT_MS);
  const maxIndexBytes = positiveInteger(values.get('--max-index-bytes'), DEFAULT_MAX_INDEX_BYTES);
  if (from === undefined || to === undefined || timeout === undefined || maxIndexBytes === undefined) return undefined;
  const index = values.get('--index');
  return {
    from,
    to,
    timeout,
    maxIndexBytes,
    ...(index !== undefined ? { index } : {}),
    ...(flags.has('--json') ? { json: true } : {}),
    ...(flags.has('--offline') ? { offline: true } : {}),
  };
}

const FLAGS: ReadonlySet<string> = new Set(['--json', '--offline']);
const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--from', '--to', '--index', '--timeout', '--max-index-bytes']);

/** The canonical text of a release version, as the command's action makes it; undefined when not one. */
function releaseVersion(text: string | undefined): string | undefined {
  return text === undefined ? undefined : parseVersion(text)?.text;
}

/** The number commander's argument parsers in ./upgrade-check.ts accept; the default when absent. */
function positiveInteger(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined) return fallback;
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}
