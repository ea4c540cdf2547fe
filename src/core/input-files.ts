import { readFile } from 'node:fs/promises';
import { describeError, InputError } from '../core/errors.js';

/** Reading the files named on the command line: a failure is an input error (exit 2) naming the file. */

/** Parser messages may quote the source over several lines; the CLI prints one line per error. */
export function firstLine(message: string): string {
  return message.split('\n', 1)[0]?.trimEnd() ?? message;
}

export async function readInput(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${describeError(error)}`);
  }
}
