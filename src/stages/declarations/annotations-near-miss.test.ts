import { describe, expect, it } from 'vitest';
import { scanAnnotations } from './annotations.js';

/**
 * Issue 11.7: a near-miss of the annotation is read or reported as malformed, never skipped.
 * Read: another letter case, NBSP or other Unicode blanks, Unicode hyphens, CR-only line endings, a
 * bare line inside a block comment. Malformed: a marker spelt loosely (`@release_safety`, `@releasesafety`).
 */
const REASON = 'the session format changed incompatibly';

describe('scanAnnotations: near-misses are read', () => {
  it.each([
    ['upper-case marker and keyword', `// @Release-Safety BREAKING: ${REASON}`, 'breaking'],
    ['upper-case required stop', `# @RELEASE-SAFETY Breaking Required-Stop: ${REASON}`, 'required-stop'],
    ['NBSP after the opener', `//\u00a0@release-safety breaking: ${REASON}`, 'breaking'],
    ['NBSP between marker and keyword', `// @release-safety\u00a0breaking: ${REASON}`, 'breaking'],
    ['ideographic space and tab', `#\u3000@release-safety\tbreaking\u2003: ${REASON}`, 'breaking'],
    ['a bare line inside a block comment', `/*\n@release-safety breaking: ${REASON}\n*/`, 'breaking'],
    ['a bare line inside an HTML comment', `<!--\n  @release-safety breaking: ${REASON}\n-->`, 'breaking'],
    ['a line inside a Python docstring', `"""\n@release-safety breaking: ${REASON}\n"""`, 'breaking'],
    ['BOM before the comment', `\ufeff// @release-safety breaking: ${REASON}`, 'breaking'],
    ['fullwidth at sign', `// ＠release-safety breaking: ${REASON}`, 'breaking'],
    ['non-breaking hyphen in the marker', `// @release\u2011safety breaking: ${REASON}`, 'breaking'],
    ['zero-width space in the marker', `// @release-\u200bsafety breaking: ${REASON}`, 'breaking'],
    ['a capitalised keyword', `// @release-safety Breaking: ${REASON}`, 'breaking'],
  ])('%s', (_name, text, kind) => {
    const scan = scanAnnotations(text);
    expect(scan.malformed).toEqual([]);
    expect(scan.annotations.map((annotation) => [annotation.kind, annotation.reason])).toEqual([[kind, REASON]]);
  });

  it('CR-only line endings count lines like an editor', () => {
    const scan = scanAnnotations(`x = 1\r// @release-safety breaking: ${REASON}\ry = 2\r`);
    expect(scan.annotations).toMatchObject([{ line: 2, reason: REASON }]);
  });

  it('Unicode line and paragraph separators end a line', () => {
    expect(scanAnnotations(`x\u2028// @release-safety breaking: ${REASON}\u2029y`).annotations).toMatchObject([{ line: 2, reason: REASON }]);
  });
});

describe('scanAnnotations: a marker spelt loosely is malformed, not prose', () => {
  it.each([
    `// @release_safety breaking: ${REASON}`,
    `// @release safety breaking: ${REASON}`,
    `// @releasesafety breaking: ${REASON}`,
    `-- @Release_Safety Required-Stop: ${REASON}`,
  ])('%s', (line) => {
    const scan = scanAnnotations(line);
    expect(scan.annotations).toEqual([]);
    expect(scan.malformed).toHaveLength(1);
  });
});
