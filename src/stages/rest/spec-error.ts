/** A spec that cannot be diffed: the stage reports `checked: false` / `unknown` with this message. */
export class SpecError extends Error {
  override name = 'SpecError';
}
