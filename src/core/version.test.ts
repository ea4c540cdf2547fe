import { describe, expect, it } from 'vitest';
import { compareVersionTexts, parseVersion } from './version.js';

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
});
