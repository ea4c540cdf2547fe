/**
 * Declared-break annotations in any text file, found line by line:
 *
 *   // @release-safety breaking: <reason>
 *   -- @release-safety breaking required-stop: <reason>
 *
 * after `//`, `#`, `--`, `/*` (or a ` * ` continuation line of a block comment). Pure: text in, annotations out.
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
/** A comment opener right before the marker: `//`, `#`, `--`, `/*` anywhere, or `*` starting a block-comment line. */
const IN_COMMENT = /(?:\/\/+|#+|-{2,}|\/\*+|^\s*\*+)[ \t]*@release-safety(?![\w-])(.*)$/;
const GRAMMAR = /^[ \t]+breaking(?:[ \t]+(required-stop))?[ \t]*:(.*)$/;
/** What an attempted annotation starts with; other mentions of the marker in a comment are prose. */
const ATTEMPT = /^[ \t]*(?::|break|required|stop)/i;

export function scanAnnotations(text: string): AnnotationScan {
  const scan: AnnotationScan = { annotations: [], malformed: [] };
  if (!text.includes(ANNOTATION_MARKER)) return scan;
  const lines = text.split(/\r?\n/);
  lines.forEach((lineText, index) => {
    if (!lineText.includes(ANNOTATION_MARKER)) return;
    const comment = IN_COMMENT.exec(lineText);
    if (!comment) return;
    const rest = comment[1] ?? '';
    const statement = evidenceText(lineText);
    const annotation = GRAMMAR.exec(rest);
    if (annotation) {
      scan.annotations.push({ kind: annotation[1] ? 'required-stop' : 'breaking', reason: cleanReason(annotation[2] ?? ''), line: index + 1, statement });
    } else if (ATTEMPT.test(rest)) {
      scan.malformed.push({ line: index + 1, statement });
    }
  });
  return scan;
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
