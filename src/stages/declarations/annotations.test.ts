import { describe, expect, it } from 'vitest';
import { scanAnnotations } from './annotations.js';

describe('scanAnnotations', () => {
  const cases = [
    { name: '// line comment', text: 'const a = 1;\n// @release-safety breaking: the session format changed incompatibly', expected: [{ kind: 'breaking', reason: 'the session format changed incompatibly', line: 2, statement: '// @release-safety breaking: the session format changed incompatibly' }] },
    { name: '# comment, required stop', text: '# @release-safety breaking required-stop: backfill must finish before 3.0', expected: [{ kind: 'required-stop', reason: 'backfill must finish before 3.0', line: 1, statement: '# @release-safety breaking required-stop: backfill must finish before 3.0' }] },
    { name: '-- SQL comment after a statement', text: 'ALTER TABLE t ADD c int; -- @release-safety breaking: old code writes rows without c', expected: [{ kind: 'breaking', reason: 'old code writes rows without c', line: 1, statement: 'ALTER TABLE t ADD c int; -- @release-safety breaking: old code writes rows without c' }] },
    { name: '/* */ on one line, closing stripped', text: '/* @release-safety breaking: queue payloads use the v2 schema */', expected: [{ kind: 'breaking', reason: 'queue payloads use the v2 schema', line: 1, statement: '/* @release-safety breaking: queue payloads use the v2 schema */' }] },
    { name: ' * continuation line of a block comment', text: '/**\n * Migrates jobs.\n * @release-safety breaking required-stop: jobs are re-keyed by tenant id\n */', expected: [{ kind: 'required-stop', reason: 'jobs are re-keyed by tenant id', line: 3, statement: '* @release-safety breaking required-stop: jobs are re-keyed by tenant id' }] },
    { name: 'CRLF line endings', text: '# @release-safety breaking: windows checkout keeps working\r\nx\r\n', expected: [{ kind: 'breaking', reason: 'windows checkout keeps working', line: 1, statement: '# @release-safety breaking: windows checkout keeps working' }] },
    { name: 'not in a comment (prose, strings)', text: 'Write `@release-safety breaking: <reason>` in a comment.\nconst s = "@release-safety breaking: not a comment at all";', expected: [] },
    { name: 'a mention of the marker in a comment that is no annotation', text: '// checked by @release-safety in CI', expected: [] },
  ];
  it.each(cases)('$name', ({ text, expected }) => {
    expect(scanAnnotations(text)).toEqual({ annotations: expected, malformed: [] });
  });

  it.each([
    '// @release-safety breaking the cache format changed, no colon',
    '# @release-safety breaking required stop: missing hyphen in required-stop',
    '-- @release-safety required-stop: forgot the breaking keyword',
    '// @release-safety: breaking colon in the wrong place',
  ])('flags an attempted but malformed annotation: %s', (line) => {
    expect(scanAnnotations(`x\n${line}`)).toEqual({ annotations: [], malformed: [{ line: 2, statement: line }] });
  });
});
