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

import { commentsOnly } from './comments.js';
import { reasonProblem } from './reason.js';

export { MIN_REASON_LENGTH, MIN_REASON_WORDS, reasonProblem } from './reason.js';

// `@release-safety accept <rule-id>: <reason>` inside a `--`, `//` or `/* … */` comment.
const DIRECTIVE = /@release-safety\s+accept\b(.*)$/i;
const WELL_FORMED = /^\s+([a-z0-9]+(?:-[a-z0-9]+)*)\s*:\s*(.*?)\s*(?:\*\/\s*)?$/;

/** Whether a line holds nothing but a comment (or is blank): what may precede the first statement. */
function isCommentOrBlank(line: string, inBlock: boolean): boolean {
  const trimmed = line.trim();
  return inBlock || trimmed === '' || /^(--|\/\/|#|\/\*|\*)/.test(trimmed);
}

/**
 * The acknowledgements of one migration file. Only real comments count, read with the file's own
 * tokenizer (comments.ts: SQL or JavaScript/TypeScript by `file`'s extension); a file that cannot be
 * tokenized has none (a marker in it is a problem, never an acceptance).
 */
export function readDirectives(file: string, text: string): { directives: AcceptDirective[]; problems: DirectiveProblem[] } {
  const directives: AcceptDirective[] = [];
  const problems: DirectiveProblem[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const comments = commentsOnly(file, text);
  if (comments === undefined) {
    lines.forEach((line, index) => {
      if (DIRECTIVE.test(line))
        problems.push({ line: index + 1, problem: 'acceptance not read: the file could not be tokenized, so whether this is a comment is not known' });
    });
    return { directives, problems };
  }
  const commentLines = comments.split(/\r\n|\r|\n/);
  let beforeFirstStatement = true;
  let inBlock = false;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\u00a0/g, ' ');
    const fileLevel = beforeFirstStatement && isCommentOrBlank(line, inBlock);
    if (!fileLevel) beforeFirstStatement = false;
    if (line.includes('/*')) inBlock = true;
    if (line.includes('*/')) inBlock = false;
    // Only the comment text of the line: a marker in a string literal or code is not an acknowledgement.
    const match = DIRECTIVE.exec((commentLines[index] ?? '').replace(/\u00a0/g, ' '));
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
export function coveringDirectives(
  directives: readonly AcceptDirective[],
  rule: string,
  line: number | undefined,
  lines: readonly string[],
): AcceptDirective[] {
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
