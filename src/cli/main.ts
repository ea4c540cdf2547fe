#!/usr/bin/env node
import { describeError } from '../core/errors.js';
import { main } from './program.js';
import { guardStdout } from './stdout-guard.js';
import { oneLine } from '../core/one-line.js';

// A stdout that cannot take the output ends the run with exit 2 and one line (see stdout-guard.ts);
// `… | head` keeps the command's own exit code (an UNSAFE verdict stays 1).
const stdoutGuard = guardStdout();

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = stdoutGuard.exitCode(code);
  },
  (error: unknown) => {
    process.stderr.write(`release-safety: internal error: ${oneLine(describeError(error))}\n`);
    process.exitCode = 2;
  },
);
