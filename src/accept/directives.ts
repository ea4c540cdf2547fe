/**
 * Acknowledgements written in the code, beside what they concern:
 *
 *   -- @release-safety accept require-concurrent-index-creation: orders holds 300 rows; the build takes ms
 *   // @release-safety accept adding-not-nullable-field: the column is filled by a trigger since 2.3
 *
 * on the line before the statement or call (or on its own line), or as the first comment of a
 * migration file to cover the whole file. Stricter than the linters' ignore comments: every
 * acceptance carries a reason, and a malformed one is an error, never silently ignored.
 */
export interface AcceptDirective {
  rule: string;
  reason: string;
  /** 1-based line of the comment. */
  line: number;
  /** The first comment of the file: covers every line of it. */
  fileLevel: boolean;
}

export interface DirectiveProblem {
  line: number;
  problem: string;
}

/** The shortest reason we take: a sentence, not a word (`ok`, `fine`, `safe`). */
export const MIN_REASON_LENGTH = 20;
const PLACEHOLDER = /^(todo|tbd|fixme|xxx+|n\/?a|none|reason|because|ok(ay)?|fine|safe|accepted?|ignore|lorem ipsum.*|\.+|-+)$/i;

// `@release-safety accept <rule-id>: <reason>` inside a `--`, `//`, `#` or `/* … */` comment.
const DIRECTIVE = /@release-safety\s+accept\b(.*)$/i;
const WELL_FORMED = /^\s+([a-z0-9]+(?:-[a-z0-9]+)*)\s*:\s*(.*?)\s*(?:\*\/\s*)?$/;

export function reasonProblem(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (PLACEHOLDER.test(trimmed)) return `the reason "${trimmed}" is a placeholder: say why the finding is safe for this service`;
  if (trimmed.length < MIN_REASON_LENGTH) return `the reason "${trimmed}" is shorter than ${MIN_REASON_LENGTH} characters: say why the finding is safe for this service`;
  return undefined;
}

/** Whether a line holds nothing but a comment (or is blank): what may precede the first statement. */
function isCommentOrBlank(line: string, inBlock: boolean): boolean {
  const trimmed = line.trim();
  return inBlock || trimmed === '' || /^(--|\/\/|#|\/\*|\*)/.test(trimmed);
}

export function readDirectives(text: string): { directives: AcceptDirective[]; problems: DirectiveProblem[] } {
  const directives: AcceptDirective[] = [];
  const problems: DirectiveProblem[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let beforeFirstStatement = true;
  let inBlock = false;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\u00a0/g, ' ');
    const fileLevel = beforeFirstStatement && isCommentOrBlank(line, inBlock);
    if (!fileLevel) beforeFirstStatement = false;
    if (line.includes('/*')) inBlock = true;
    if (line.includes('*/')) inBlock = false;
    const match = DIRECTIVE.exec(line);
    if (!match) return;
    const wellFormed = WELL_FORMED.exec(match[1]!);
    if (!wellFormed) {
      problems.push({ line: index + 1, problem: 'malformed acceptance: write "@release-safety accept <rule-id>: <reason>"' });
      return;
    }
    const [, rule, reason] = wellFormed as unknown as [string, string, string];
    const problem = reasonProblem(reason);
    if (problem) problems.push({ line: index + 1, problem: `accept ${rule}: ${problem}` });
    else directives.push({ rule, reason, line: index + 1, fileLevel });
  });
  return { directives, problems };
}

/**
 * The directives that cover a finding on `line`: a file-level one, one on the same line, or one on
 * the line just above (comment lines and blank lines between them and the statement allowed).
 */
export function coveringDirectives(directives: readonly AcceptDirective[], rule: string, line: number | undefined, lines: readonly string[]): AcceptDirective[] {
  return directives.filter((directive) => {
    if (directive.rule !== rule) return false;
    if (directive.fileLevel) return true;
    if (line === undefined) return false;
    if (directive.line === line) return true;
    if (directive.line > line) return false;
    // Only comments and blank lines between the directive and the statement's first line.
    for (let between = directive.line + 1; between < line; between++) {
      if (!/^\s*(--|\/\/|#|\/\*|\*|$)/.test(lines[between - 1] ?? '')) return false;
    }
    return true;
  });
}
