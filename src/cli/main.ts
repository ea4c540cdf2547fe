#!/usr/bin/env node
import { describeError } from '../core/errors.js';
import { main } from './program.js';

// `release-safety … | head`: once the reader is gone, the rest of stdout has nowhere to go. That is
// not an error of the command: it finishes and keeps its own exit code (an UNSAFE verdict stays 1).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`release-safety: internal error: ${describeError(error)}\n`);
    process.exitCode = 2;
  },
);
