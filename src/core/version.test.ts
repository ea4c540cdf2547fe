import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareReleaseTexts, compareVersions, compareVersionTexts, parsePrereleaseVersion, parseVersion } from './version.js';

describe('versions', () => {
  it.each([
    ['1.2.3', '1.2.3'],
    ['v1.2.3', '1.2.3'],
    ['0.1893.0', '0.1893.0'],
  ])('parses %s as %s', (text, canonical) => expect(parseVersion(text)?.text).toBe(canonical));

  it.each(['1.2', '1.2.3-rc.1', '01.2.3', 'latest', '', 'v', '1.2.3.4', '1.2.3 ; rm -rf /'])('rejects %j', (text) =>
    expect(parseVersion(text)).toBeUndefined(),
  );

  it('orders numerically, not lexically', () => {
    const sorted = ['1.0.0', '0.3487.0', '0.1893.0', '0.10.0', '0.9.0'].sort(compareVersionTexts);
    expect(sorted).toEqual(['0.9.0', '0.10.0', '0.1893.0', '0.3487.0', '1.0.0']);
  });

  it.each([
    ['1.3.0-rc.1', '1.3.0-rc.1', '1.3.0'],
    ['v1.2.1-pr.42', '1.2.1-pr.42', '1.2.1'],
    ['1.9.2-0', '1.9.2-0', '1.9.2'],
  ])('reads the dry-run version %s as %s (leading to %s)', (text, canonical, release) => {
    expect(parsePrereleaseVersion(text)).toMatchObject({ text: canonical, release: { text: release } });
    expect(parseVersion(text)).toBeUndefined();
  });

  it.each(['1.2.3', '1.2.3-', '1.2.3-01', '1.2.3-rc..1', '1.2.3-rc.1+build', '1.2.3-a b'])('is no dry-run version: %j', (text) =>
    expect(parsePrereleaseVersion(text)).toBeUndefined(),
  );
});

describe('compareReleaseTexts: the order of canonical version texts without parsing them', () => {
  const part = fc.oneof(fc.nat(12), fc.nat(2000), fc.constantFrom(0, 9, 10, 99, 100, 999_999_999_999_999));
  const version = fc.tuple(part, part, part).map((parts) => parts.join('.'));
  it('agrees in sign with compareVersions on random versions (parts of equal and of different lengths)', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(Math.sign(compareReleaseTexts(a, b))).toBe(Math.sign(compareVersions(parseVersion(a)!, parseVersion(b)!)));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['0.1893.0', '0.1894.0', -1],
    ['1.9.0', '1.10.0', -1],
    ['1.10.5', '1.1.55', 1],
    ['10.0.0', '9.99.99', 1],
    ['2.0.10', '2.0.9', 1],
    ['3.2.1', '3.2.1', 0],
  ])('%s vs %s: %i', (a, b, sign) => {
    expect(Math.sign(compareReleaseTexts(a, b))).toBe(sign);
  });
});
