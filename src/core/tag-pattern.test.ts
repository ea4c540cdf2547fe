import { describe, expect, it } from 'vitest';
import { tagPatterns, versionOfTag } from './tag-pattern.js';

describe('release tag patterns', () => {
  it.each([
    ['1.2.3', undefined, '1.2.3'],
    ['v1.2.3', undefined, '1.2.3'],
    ['refs/tags/v1.2.3', undefined, '1.2.3'],
    ['server-v1.2.3', 'server-v{version}', '1.2.3'],
    ['@acme/server@2.0.1', '@acme/server@{version}', '2.0.1'],
    ['release-1.2.3-final', 'release-{version}-final', '1.2.3'],
  ])('reads %s under %s as %s', (tag, pattern, version) => {
    expect(versionOfTag(tag, tagPatterns(pattern))?.text).toBe(version);
  });

  it.each([
    ['1.3.0-rc.1', undefined],
    ['v1.9.2-0', undefined],
    ['vv1.2.3', undefined],
    ['1.2.3', 'server-v{version}'],
    ['server-v1.2.3-rc.1', 'server-v{version}'],
    ['server-vv1.2.3', 'server-v{version}'],
    ['@acme/web@2.0.1', '@acme/server@{version}'],
    ['server-v', 'server-v{version}'],
  ])('is no release: %s under %s', (tag, pattern) => {
    expect(versionOfTag(tag, tagPatterns(pattern))).toBeUndefined();
  });

  it('takes a list: a monorepo package picks its own tags', () => {
    const patterns = tagPatterns(['server-v{version}', 'v{version}']);
    expect(versionOfTag('v1.0.0', patterns)?.text).toBe('1.0.0');
    expect(versionOfTag('server-v1.1.0', patterns)?.text).toBe('1.1.0');
    expect(versionOfTag('web-v1.1.0', patterns)).toBeUndefined();
  });
});
