/**
 * What an acknowledgement's reason must be (inline, a config rule setting, an API `x-release-safety`
 * acceptance): a sentence that says why, not a word (`ok`, `fine`, `safe`) and not one word repeated
 * to reach the length (`ok ok ok ok ok ok ok ok`, issue 28).
 */

/** The shortest reason we take, in characters. */
export const MIN_REASON_LENGTH = 20;
/** The fewest distinct words (letters or digits, two or more) a reason holds. */
export const MIN_REASON_WORDS = 4;
const PLACEHOLDER = /^(todo|tbd|fixme|xxx+|n\/?a|none|reason|because|ok(ay)?|fine|safe|accepted?|ignore|lorem ipsum.*|\.+|-+)$/i;

export function reasonProblem(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (PLACEHOLDER.test(trimmed)) return `the reason "${trimmed}" is a placeholder: say why the finding is safe for this service`;
  if (trimmed.length < MIN_REASON_LENGTH)
    return `the reason "${trimmed}" is shorter than ${MIN_REASON_LENGTH} characters: say why the finding is safe for this service`;
  const words = new Set(trimmed.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []);
  if (words.size < MIN_REASON_WORDS)
    return `the reason "${trimmed}" has ${words.size} distinct word${words.size === 1 ? '' : 's'} (at least ${MIN_REASON_WORDS}): say why the finding is safe for this service`;
  return undefined;
}
