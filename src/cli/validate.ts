import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { InputError, describeError } from '../core/errors.js';
import { parseJson } from '../core/structured-text.js';

/** Problems printed in text mode before the rest is counted. */
const SHOWN_PROBLEMS = 20;

/**
 * `release-safety validate <file>`: schema + structural checks of an artifact or an index.
 * Exit 0 valid (warnings allowed), 1 invalid, 2 unreadable or not JSON.
 */
export function registerValidateCommand(program: Command): void {
  program
    .command('validate')
    .description('Check a release-safety.json artifact or a release-safety-index.json against the schemas and the index rules')
    .argument('<file>', 'artifact or index file (the kind is detected)')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new InputError(`cannot read ${file}: ${describeError(error)}`);
      }
      let data: unknown;
      try {
        data = parseJson(text);
      } catch (error) {
        throw new InputError(`${file} is not JSON: ${describeError(error)}`);
      }
      const { validateDocument } = await import('../index/validate-document.js');
      const result = validateDocument(data);
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ file, ...result }, null, 2)}\n`);
      } else {
        const { colorEnabled, createStyle } = await import('./style.js');
        const style = createStyle(colorEnabled());
        const kind = result.kind === 'unknown' ? 'document' : result.kind;
        const lines = [
          result.valid
            ? `${file}: ${style.green('valid')} ${kind}${describeSize(data, result.kind)}`
            : `${file}: ${style.red('INVALID')} ${kind}: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}`,
          ...result.errors.slice(0, SHOWN_PROBLEMS).map((error) => `  error: ${error}`),
          ...(result.errors.length > SHOWN_PROBLEMS ? [`  … and ${result.errors.length - SHOWN_PROBLEMS} more errors`] : []),
          ...result.warnings.slice(0, SHOWN_PROBLEMS).map((warning) => `  ${style.yellow('warning')}: ${warning}`),
          ...(result.warnings.length > SHOWN_PROBLEMS ? [`  … and ${result.warnings.length - SHOWN_PROBLEMS} more warnings`] : []),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (!result.valid) process.exitCode = 1;
    });
}

function describeSize(data: unknown, kind: string): string {
  if (kind !== 'index') return '';
  const index = data as { entries: unknown[]; backfillFloorVersion: string };
  return ` (${index.entries.length} entries, floor ${index.backfillFloorVersion})`;
}
