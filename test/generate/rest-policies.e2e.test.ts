import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { CONFIG, configText, generate, OPENAPI, SERVICE } from './release-service.js';

/**
 * Issue 17.4 through the built CLI and real git: a sunset (`x-sunset`) is compared with the `--to`
 * commit's date, never the clock, and the config names the team's own extensions.
 */
let repo: TestRepo;

const DEPRECATED = OPENAPI.replace(
  '      operationId: deleteItem\n',
  "      operationId: deleteItem\n      deprecated: true\n      x-removal-date: '2026-06-01'\n      x-sunset: '2026-03-01'\n",
);
const WITHOUT_DELETE = OPENAPI.slice(0, OPENAPI.indexOf('  /items/{id}:'));

beforeAll(() => {
  repo = createRepo();
  repo.commit({ ...SERVICE, 'api/openapi.yaml': DEPRECATED }, { tag: '1.0.0', date: '2026-01-01T12:00:00Z' });
});
afterAll(() => repo.cleanup());

function releaseOn(date: string, tag: string, files: Record<string, string> = {}): string {
  repo.git('checkout', '-q', '--detach', '1.0.0');
  repo.commit({ 'api/openapi.yaml': WITHOUT_DELETE, ...files }, { tag, date });
  return tag;
}

describe('REST policies in generate', () => {
  it('removing a deprecated operation in a release committed before its sunset is breaking, after it an advisory', () => {
    const before = generate(repo, '1.0.0', releaseOn('2026-02-28T23:00:00Z', '1.1.0'));
    expect(before.artifact.api.rest.breaking).toBe(true);
    expect(before.report).toContain('api-removed-before-sunset');
    expect(before.report).toContain('DELETE /items/{id} — deprecated operation removed before its sunset 2026-03-01');

    const after = generate(repo, '1.0.0', releaseOn('2026-03-01T08:00:00Z', '1.2.0'));
    expect(after.artifact.api.rest.breaking).toBe(false);
    expect(after.artifact.api.rest.advisories).toEqual(['DELETE /items/{id} — deprecated operation removed']);
  });

  it('the config names the sunset extension (rest.sunsetExtension)', () => {
    const config = { 'release-safety.config.json': configText({ ...CONFIG, rest: { sunsetExtension: 'x-removal-date' } }) };
    // Past x-sunset (2026-03-01) but before x-removal-date (2026-06-01).
    const between = generate(repo, '1.0.0', releaseOn('2026-04-01T00:00:00Z', '1.3.0', config));
    expect(between.report).toContain('DELETE /items/{id} — deprecated operation removed before its sunset 2026-06-01');
    expect(between.artifact.api.rest.breaking).toBe(true);
  });
});
