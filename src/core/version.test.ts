import { describe, expect, it } from 'vitest';
import { compareVersionTexts, parsePrereleaseVersion, parseVersion } from './version.js';

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
