import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docsUrl, REPOSITORY_URL } from './links.js';

describe('docs links', () => {
  it('point into the repository named in package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository?: { url?: string } };
    expect(pkg.repository?.url?.replace(/^git\+/, '').replace(/\.git$/, '')).toBe(REPOSITORY_URL);
    expect(docsUrl('docs/rest.md#endpoint-added')).toBe(`${REPOSITORY_URL}/blob/main/docs/rest.md#endpoint-added`);
  });
});
