import { describe, expect, it } from 'vitest';
import { matchingResponses, securityChanges } from './diff.js';
import type { SecurityAlternative } from './model.js';

const alternatives = (...requirements: Array<Record<string, string[]>>): SecurityAlternative[] =>
  requirements.map((requirement) => new Map(Object.entries(requirement)));

describe('response matching', () => {
  const revision = (...codes: string[]) => new Map(codes.map((code) => [code, {}]));
  it.each([
    ['200', ['200', 'default'], ['200']],
    ['200', ['2XX'], ['2XX']],
    ['2XX', ['200', '204'], ['200', '204']],
    ['404', ['200', 'default'], ['default']],
    ['200', ['201', 'default'], []],
    ['default', ['200'], []],
  ] as const)('%s against %j → %j', (status, codes, expected) => {
    expect(matchingResponses(status, revision(...codes))).toEqual(expected);
  });
});

describe('security changes', () => {
  it('none when the revision needs nothing, or keeps an alternative the client satisfies', () => {
    expect(securityChanges(alternatives({ key: [] }), [])).toEqual([]);
    expect(securityChanges(alternatives({ key: [] }), alternatives({ key: [] }, { oauth: ['read'] }))).toEqual([]);
    expect(securityChanges([], alternatives({}, { key: [] }))).toEqual([]);
  });

  it('a scheme now required from anonymous callers', () => {
    expect(securityChanges([], alternatives({ key: [] }))).toEqual([{ kind: 'scheme-added', scheme: 'key' }]);
  });

  it('a second scheme required together with the one held', () => {
    expect(securityChanges(alternatives({ key: [] }), alternatives({ key: [], mfa: [] }))).toEqual([{ kind: 'scheme-added', scheme: 'mfa' }]);
  });

  it('prefers reporting a missing scope over a missing scheme (closest alternative)', () => {
    expect(securityChanges(alternatives({ oauth: ['read'] }), alternatives({ oauth: ['read', 'admin'] }, { key: [] }))).toEqual([
      { kind: 'scope-added', scheme: 'oauth', scope: 'admin' },
    ]);
  });
});
