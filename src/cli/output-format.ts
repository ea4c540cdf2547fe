import { Option } from 'commander';
import { UsageError } from '../core/errors.js';

/** Every output a reporting command can print; `--json` stays as the alias of `--format json`. */
export const OUTPUT_FORMATS = ['text', 'json', 'markdown', 'github', 'sarif', 'junit'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function formatOption(): Option {
  return new Option(
    '--format <format>',
    'output on stdout: text | json | markdown | github (workflow commands: annotations) | sarif (2.1.0, code scanning) | junit (XML)',
  ).choices(OUTPUT_FORMATS);
}

/** The one format asked for; `--json` with another `--format` is a usage error rather than a guess. */
export function chosenFormat(options: { format?: OutputFormat; json?: boolean }): OutputFormat {
  if (options.json && options.format !== undefined && options.format !== 'json') {
    throw new UsageError(`--json and --format ${options.format} ask for two outputs: use one`);
  }
  return options.json ? 'json' : (options.format ?? 'text');
}

/** How many workflow commands `--format github` prints at most (the rest are counted in one notice). */
export function maxAnnotationsOption(): Option {
  return new Option('--max-annotations <n>', 'with --format github: print at most this many annotations, most severe first').argParser((text: string) => {
    if (!/^\d+$/.test(text)) throw new UsageError(`--max-annotations "${text}" is not a whole number`);
    return Number(text);
  });
}
