import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayMentionMarker, mentionsMarker, scanAnnotations } from './annotations.js';

describe('scanAnnotations', () => {
  const cases = [
    {
      name: '// line comment',
      text: 'const a = 1;\n// @release-safety breaking: the session format changed incompatibly',
      expected: [
        {
          kind: 'breaking',
          reason: 'the session format changed incompatibly',
          line: 2,
          statement: '// @release-safety breaking: the session format changed incompatibly',
        },
      ],
    },
    {
      name: '# comment, required stop',
      text: '# @release-safety breaking required-stop: backfill must finish before 3.0',
      expected: [
        {
          kind: 'required-stop',
          reason: 'backfill must finish before 3.0',
          line: 1,
          statement: '# @release-safety breaking required-stop: backfill must finish before 3.0',
        },
      ],
    },
    {
      name: '-- SQL comment after a statement',
      text: 'ALTER TABLE t ADD c int; -- @release-safety breaking: old code writes rows without c',
      expected: [
        {
          kind: 'breaking',
          reason: 'old code writes rows without c',
          line: 1,
          statement: 'ALTER TABLE t ADD c int; -- @release-safety breaking: old code writes rows without c',
        },
      ],
    },
    {
      name: '/* */ on one line, closing stripped',
      text: '/* @release-safety breaking: queue payloads use the v2 schema */',
      expected: [
        {
          kind: 'breaking',
          reason: 'queue payloads use the v2 schema',
          line: 1,
          statement: '/* @release-safety breaking: queue payloads use the v2 schema */',
        },
      ],
    },
    {
      name: ' * continuation line of a block comment',
      text: '/**\n * Migrates jobs.\n * @release-safety breaking required-stop: jobs are re-keyed by tenant id\n */',
      expected: [
        {
          kind: 'required-stop',
          reason: 'jobs are re-keyed by tenant id',
          line: 3,
          statement: '* @release-safety breaking required-stop: jobs are re-keyed by tenant id',
        },
      ],
    },
    {
      name: 'CRLF line endings',
      text: '# @release-safety breaking: windows checkout keeps working\r\nx\r\n',
      expected: [
        { kind: 'breaking', reason: 'windows checkout keeps working', line: 1, statement: '# @release-safety breaking: windows checkout keeps working' },
      ],
    },
    {
      name: 'not in a comment (prose, strings)',
      text: 'Write `@release-safety breaking: <reason>` in a comment.\nconst s = "@release-safety breaking: not a comment at all";',
      expected: [],
    },
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

describe('mayMentionMarker (the byte-level pre-filter)', () => {
  it('passes the marker in UTF-8, UTF-16 and any case, and a file without the word does not pass', () => {
    expect(mayMentionMarker(Buffer.from('// @release-safety breaking: x'))).toBe(true);
    expect(mayMentionMarker(Buffer.from('// @Release-SAFETY breaking: x', 'utf16le'))).toBe(true);
    expect(mayMentionMarker(Buffer.from('\ufeff# @release_safety breaking', 'utf16le').swap16())).toBe(true);
    expect(mayMentionMarker(Buffer.from('ssafety'))).toBe(true);
    expect(mayMentionMarker(Buffer.from('# Changelog\n\n## 1.2.0 — safe by default, the safe way'))).toBe(false);
    expect(mayMentionMarker(Buffer.from('safet'))).toBe(false);
  });

  it('answers as the regular expression over a Latin-1 copy does, on random bytes with and without NULs', () => {
    const reference = (bytes: Buffer) => /s\0*a\0*f\0*e\0*t\0*y/i.test(bytes.toString('latin1'));
    // Letters of the word in both cases, their neighbours in the byte table (`|0x20` partners, `@`, `` ` ``, 0x80+), NUL.
    const byte = fc.constantFrom(...Buffer.from('safetySAFETYsafetyxyz@`[{ \n'), 0x00, 0x53 ^ 0x80, 0x73 | 0x80, 0xe6, 0xc6, 0x13, 0x33, 0x41, 0x21);
    const word = fc.constantFrom('safety', 'SAFETY', 'SaFeTy', 'sAfEtY', 'safet', 'afety', 'Fe', 'fe');
    const piece = fc.oneof(
      byte.map((value) => Buffer.from([value])),
      word.map((text) => Buffer.from(text, 'latin1')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const bytes = Buffer.concat(pieces);
        expect(mayMentionMarker(bytes)).toBe(reference(bytes));
      }),
      { numRuns: 5000 },
    );
    for (const text of ['safety', 'xsafety', 'safetyx', 'fety', 'sAfe', 'safe\u00d4y', 'S\u00c1FETY']) {
      const bytes = Buffer.from(text, 'latin1');
      expect(mayMentionMarker(bytes)).toBe(reference(bytes));
    }
  });

  it('is a superset of the text test: whatever mentionsMarker finds, the bytes pass (UTF-8 and UTF-16)', () => {
    const piece = fc.constantFrom('release', 'safety', 'RELEASE', 'Safety', '-', ' ', '\n', '—', 'é', 'sa', 'fety', 's', '\0', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        if (!mentionsMarker(text)) return;
        expect(mayMentionMarker(Buffer.from(text, 'utf8'))).toBe(true);
        expect(mayMentionMarker(Buffer.from(text, 'utf16le'))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
