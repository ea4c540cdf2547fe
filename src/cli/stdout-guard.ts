import { describeError } from '../core/errors.js';
import { oneLine } from '../core/one-line.js';

/**
 * What a failed stdout write means. The output is the answer the caller asked for: when it cannot be
 * delivered (a full disk, `> /dev/full`, a reader that was gone before anything reached it) the run
 * failed, and exits 2 with one line, never a stack trace and never 1 (which reads as "unsafe").
 * A reader that took some output and left (`| head`, `| grep -q`) got what it wanted: the command
 * keeps its own exit code.
 */
export interface StdoutGuard {
  /** The exit code after the command ended with `code`: 2 when the output could not be delivered. */
  exitCode(code: number): number;
}

export function guardStdout(stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): StdoutGuard {
  let delivered = false;
  let failed = false;
  const write = stdout.write.bind(stdout) as (chunk: unknown, encoding?: BufferEncoding, callback?: (error?: Error | null) => void) => boolean;
  // Every write reports back, so "some output reached the reader" is known when a later write fails.
  stdout.write = ((chunk: unknown, encodingOrCallback?: unknown, maybeCallback?: unknown) => {
    const encoding = typeof encodingOrCallback === 'string' ? (encodingOrCallback as BufferEncoding) : undefined;
    const callback = [encodingOrCallback, maybeCallback].find((value) => typeof value === 'function') as ((error?: Error | null) => void) | undefined;
    return write(chunk, encoding, (error) => {
      if (!error) delivered = true;
      callback?.(error);
    });
  }) as typeof stdout.write;

  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (failed) return;
    // Writes after the stream failed report that the stream is gone: the first error already told.
    if (error.code === 'ERR_STREAM_DESTROYED') return;
    if (error.code === 'EPIPE' && delivered) return;
    failed = true;
    stderr.write(`release-safety: cannot write the output to stdout: ${oneLine(describeError(error))}\n`);
    process.exitCode = 2;
  });

  return { exitCode: (code) => (failed ? 2 : code) };
}
