#!/usr/bin/env node
import { describeError } from '../core/errors.js';
import { main } from './program.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`release-safety: internal error: ${describeError(error)}\n`);
    process.exitCode = 2;
  },
);
