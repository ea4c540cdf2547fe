import ajvFormats from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { PROVIDED_FORMATS } from '../scripts/build-validators.mjs';
import { fullFormats, isDateTime } from '../src/artifact/formats.js';

/**
 * src/artifact/formats.ts replaces ajv-formats' `date-time` in the precompiled validators with a
 * faster check (issue 21). It must accept exactly what ajv-formats' full `date-time` accepts: a text
 * it wrongly accepted would let a malformed index through, one it wrongly refused would break a good one.
 */
const reference = (ajvFormats.fullFormats['date-time'] as { validate: (text: string) => boolean }).validate;

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** Texts near the grammar: every part drawn from valid and invalid pieces, so both answers come up often. */
const nearDateTime = fc
  .tuple(
    fc.oneof(digits(4), pick('2024', '2000', '1900', '2023', '0000', '99999', '')),
    pick('-', '/', ''),
    fc.oneof(digits(2), pick('00', '01', '02', '12', '13', '1')),
    pick('-', ''),
    fc.oneof(digits(2), pick('00', '01', '28', '29', '30', '31', '32')),
    pick('T', 't', ' ', '\t', '\u00a0', '\u2028', 'TT', 'T ', '', 'x', '\n'),
    fc.oneof(digits(2), pick('00', '23', '24', '-1')),
    pick(':', ''),
    fc.oneof(digits(2), pick('00', '59', '60')),
    pick(':', ''),
    fc.oneof(digits(2), pick('00', '59', '60', '61')),
    pick('', '.5', '.123456', '.', '.x'),
    pick('Z', 'z', '', '+00:00', '-00:00', '+01:00', '-01:00', '+0100', '+01', '+23:59', '+24:00', '-00:60', '+1', 'ZZ', 'Z '),
  )
  .map((parts) => parts.join(''));

describe('schema formats (src/artifact/formats.ts)', () => {
  it('provides the formats scripts/build-validators.mjs lets the schemas use', () => {
    expect(Object.keys(fullFormats).sort()).toEqual([...(PROVIDED_FORMATS as string[])].sort());
  });

  it('date-time accepts exactly what ajv-formats accepts: hand-picked texts', () => {
    const texts = [
      '2024-02-29T12:00:00Z',
      '2023-02-29T12:00:00Z',
      '1900-02-29T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-12-31t23:59:59.999z',
      '2024-12-31 23:59:59+01:00',
      '2024-12-31T23:59:60Z',
      '2024-12-31T22:59:60-01:00',
      '2024-12-31T23:59:60+01:00',
      '2024-12-31T00:59:60+01:00',
      '2024-12-31T23:59:61Z',
      '2024-12-31T12:00:00',
      '2024-12-31T12:00:00+2400',
      '2024-12-31T12:00:00+0160',
      '2024-12-31T12:00:00+01',
      '2024-12-31\u00a012:00:00Z',
      '2024-12-31\n12:00:00Z',
      '2024-12-31TT12:00:00Z',
      '2024-12-31T12:00:00ZT',
      '2024-12-31',
      '12:00:00Z',
      '',
      '２０２４-12-31T12:00:00Z',
      '2024-12-31T12:00:00.Z',
      '2026-01-14T10:32:17.000Z',
    ];
    for (const text of texts) expect([text, isDateTime(text)]).toEqual([text, reference(text)]);
  });

  it('date-time accepts exactly what ajv-formats accepts: generated texts near the grammar and any text', () => {
    fc.assert(
      fc.property(fc.oneof(nearDateTime, fc.string(), fc.string({ unit: 'binary' })), (text) => isDateTime(text) === reference(text)),
      { numRuns: 5_000 },
    );
  });
});
