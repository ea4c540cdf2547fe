/**
 * Errors the CLI shows to the user as one line, with the exit code they map to.
 * Anything else that escapes is a bug and is reported with its stack.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** 2: the input could not be read or evaluated. */
  readonly exitCode: number = 2;
}

/** An input (file, ref, index, URL) that could not be read or is malformed. */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly exitCode: number = 2;
}

/** Message of anything thrown, for reports that keep the cause of a fail-closed result. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
