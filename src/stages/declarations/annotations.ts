/**
 * Declared-break annotations in any text file, found line by line:
 *
 *   // @release-safety breaking: <reason>
 *   -- @release-safety breaking required-stop: <reason>
 *
 * after `//`, `#`, `--`, `/*` (or a ` * ` continuation line of a block comment, or a bare line inside one),
 * in any letter case, whatever the line endings and Unicode blanks. Pure: text in, annotations out.
 */

export const ANNOTATION_MARKER = '@release-safety';

export type AnnotationKind = 'breaking' | 'required-stop';

export interface Annotation {
  kind: AnnotationKind;
  reason: string;
  line: number;
  /** The source line, trimmed, as evidence. */
  statement: string;
}

/** A comment that starts an annotation (`@release-safety break…`) but does not follow the grammar. */
export interface MalformedAnnotation {
  line: number;
  statement: string;
}

export interface AnnotationScan {
  annotations: Annotation[];
  malformed: MalformedAnnotation[];
}

const STATEMENT_MAX = 200;
/**
 * A comment opener right before the marker: `//`, `#`, `--` (`<!--` too), `/*` anywhere; `*`, `;` or
 * `%` starting a line; or nothing at all at the start of a line (a bare line inside a block comment,
 * an HTML comment or a docstring). A marker after code or inside a string is prose.
 */
const OPENER = String.raw`(?:\/\/+|#+|-{2,}|\/\*+|^\s*[*;%]+|^)\s*`;
const IN_COMMENT = new RegExp(`${OPENER}@release-safety(?![\\w-])(.*)$`, 'i');
/** The marker spelt loosely (`@release_safety`, `@Release Safety`, `@releasesafety`) where a comment would hold it. */
const LOOSE_IN_COMMENT = new RegExp(`${OPENER}@release[\\s_.-]?safety(?![\\w])(.*)$`, 'i');
const GRAMMAR = /^\s+breaking(?:\s+(required-stop))?\s*:(.*)$/i;
/** What an attempted annotation starts with; other mentions of the marker in a comment are prose. */
const ATTEMPT = /^\s*(?::|break|required|stop)/i;
/** Any line break an editor shows: CRLF, LF, a lone CR (classic Mac), NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/;
/** A cheap test before any line is looked at: both words, close together, in any case. */
const MENTION = /release[^a-z0-9\n]{0,3}safety/i;

/** "safety" in any case, NUL bytes allowed between its letters (UTF-16 and UTF-32 text). */
const SAFETY_BYTES = /s\0*a\0*f\0*e\0*t\0*y/i;

/**
 * Whether a file's bytes may hold what {@link mentionsMarker} looks for, tested before any decoding:
 * a superset of the text test (every letter of the marker is ASCII, so its bytes are the same in
 * UTF-8 and Latin-1, and UTF-16/32 only put NULs between them). A release's changed files are mostly
 * without the word, and decoding a generated megabyte-sized file (a changelog, a route table) as UTF-8
 * cost three times this test (a Latin-1 string is a plain copy of the bytes).
 */
export function mayMentionMarker(bytes: Buffer): boolean {
  // Without a NUL byte the pattern is "safety" in any ASCII case, found on the bytes themselves: the
  // native search for the middle pair `fe` (any case) and a look at its neighbours, no string made.
  // The regular expression over a Latin-1 copy took ≈ 5 ms on a 1 MB spec, this ≈ 0.2 ms (issue 36);
  // annotations.test.ts checks both answer alike on random bytes.
  if (bytes.indexOf(0) !== -1) return SAFETY_BYTES.test(bytes.toString('latin1'));
  for (const pivot of SAFETY_PIVOTS) {
    for (let at = bytes.indexOf(pivot, 2); at !== -1; at = bytes.indexOf(pivot, at + 1)) {
      if (isLetter(bytes[at - 2], 0x73) && isLetter(bytes[at - 1], 0x61) && isLetter(bytes[at + 2], 0x74) && isLetter(bytes[at + 3], 0x79)) return true;
    }
  }
  return false;
}

/** `fe` in its four ASCII spellings: the middle of "safety". */
const SAFETY_PIVOTS = ['fe', 'fE', 'Fe', 'FE'].map((pair) => Buffer.from(pair, 'latin1'));

/** Whether a byte is the lower-case ASCII letter `lower` in either case (`|0x20` maps only `A`–`Z`'s partner onto it here). */
function isLetter(byte: number | undefined, lower: number): boolean {
  return byte !== undefined && (byte | 0x20) === lower;
}

/** Whether a text may hold an annotation or a near-miss of one (the scanner's pre-filter). */
export function mentionsMarker(text: string): boolean {
  return MENTION.test(text);
}

export function scanAnnotations(text: string): AnnotationScan {
  const scan: AnnotationScan = { annotations: [], malformed: [] };
  if (!mentionsMarker(text)) return scan;
  const lines = text.split(LINE_BREAK);
  lines.forEach((rawLine, index) => {
    if (!mentionsMarker(rawLine)) return;
    const lineText = normalizeLine(rawLine);
    const statement = evidenceText(rawLine);
    const comment = IN_COMMENT.exec(lineText);
    if (!comment) {
      // Spelt loosely in a comment and followed by what an annotation says: an attempt that was not read.
      const loose = LOOSE_IN_COMMENT.exec(lineText);
      if (loose && ATTEMPT.test(loose[1] ?? '')) scan.malformed.push({ line: index + 1, statement });
      return;
    }
    const rest = comment[1] ?? '';
    const annotation = GRAMMAR.exec(rest);
    if (annotation) {
      scan.annotations.push({ kind: annotation[1] ? 'required-stop' : 'breaking', reason: cleanReason(annotation[2] ?? ''), line: index + 1, statement });
    } else if (ATTEMPT.test(rest)) {
      scan.malformed.push({ line: index + 1, statement });
    }
  });
  return scan;
}

/**
 * One line as the grammar reads it: compatibility forms folded (NFKC: a fullwidth `＠`, NBSP and the
 * other Unicode blanks become ASCII), Unicode dashes as `-`, zero-width characters and BOMs removed.
 */
function normalizeLine(line: string): string {
  return line
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/\s/g, ' ');
}

/** The reason without the comment's closing (`*\/`, `-->`) and surrounding blanks. */
function cleanReason(raw: string): string {
  return raw.replace(/\s*(?:\*+\/|-->)\s*$/, '').trim();
}

function evidenceText(lineText: string): string {
  const trimmed = lineText.trim();
  return trimmed.length > STATEMENT_MAX ? `${trimmed.slice(0, STATEMENT_MAX - 1)}…` : trimmed;
}

/** A reason shorter than this (trimmed) explains nothing to an operator: it is an error, not a silent pass. */
export const MIN_REASON_LENGTH = 20;

export function reasonIsTooShort(annotation: Pick<Annotation, 'reason'>): boolean {
  return annotation.reason.trim().length < MIN_REASON_LENGTH;
}
