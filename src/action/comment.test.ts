import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRelease, type GenerateOutcome } from '../generate/generate.js';
import { openRepository } from '../git/repository.js';
import { createRepo, type TestRepo } from '../../test/helpers/git-fixture.js';
import { affectsNothing, blobUrl, renderPullRequestComment, renderQuietComment, type CommentContext } from './comment.js';

/** Real outcomes (real git, the real stages): a safe pull request and one with an acceptance, a heavy migration and 60 info findings. */
let repo: TestRepo;
let safe: GenerateOutcome;
let padded: GenerateOutcome;
let context: CommentContext;

beforeAll(async () => {
  repo = createRepo();
  const config = { migrations: [{ dir: 'db', edition: 'core' }], openapi: 'api.yaml', mcpTools: false, env: false };
  const spec = (paths: string) => `openapi: 3.0.3\ninfo: {title: s, version: "1"}\npaths:\n${paths}`;
  const base = repo.commit({ 'release-safety.config.json': JSON.stringify(config), 'db/001.sql': 'create table users (id int, email text);\n', 'api.yaml': spec('  {}\n') }, { tag: 'v1.0.0' });
  const safeHead = repo.commit({ 'api.yaml': spec("  /a:\n    get: {responses: {'200': {description: ok}}}\n") });
  const paths = Array.from({ length: 60 }, (_, i) => `  /pad/${i}:\n    get: {responses: {'200': {description: ok}}}\n`).join('');
  const paddedHead = repo.commit({
    'db/002.sql': "SET lock_timeout = '2s';\n-- @release-safety accept require-concurrent-index-creation: users holds a few hundred rows, the build takes milliseconds\ncreate index users_email on users (email);\nalter table users alter column id type bigint;\n",
    'api.yaml': spec(paths),
  });
  const git = await openRepository(repo.dir);
  try {
    safe = await generateRelease(git, { from: base, to: safeHead, version: '1.0.1-pr.3', previousVersion: '1.0.0' });
    padded = await generateRelease(git, { from: base, to: paddedHead, version: '1.0.1-pr.4', previousVersion: '1.0.0' });
  } finally {
    await git.close();
  }
  context = { serverUrl: 'https://github.com', repository: 'acme/service', pullRequest: 4, headSha: paddedHead, baseSha: base };
}, 60_000);
afterAll(() => repo.cleanup());

describe('pull-request comment', () => {
  it('a pull request that affects nothing gets one line', () => {
    expect(affectsNothing(safe)).toBe(true);
    const line = renderQuietComment(safe, context);
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    expect(line).toMatch(/^✅ `1\.0\.1-pr\.3` is rolling-safe: nothing in this pull request affects the verdict \(1 advisory or info finding\(s\) in the job summary\)\. <sub>`[0-9a-f]{7}` → `[0-9a-f]{7}`<\/sub>\n$/);
  });

  it('first line: the verdict, the version and why', () => {
    expect(affectsNothing(padded)).toBe(false);
    const comment = renderPullRequestComment(padded, context);
    expect(comment.split('\n')[0]).toBe('### ❌ `1.0.1-pr.4` is not rolling-safe — migrations: heavy migration(s): 002.sql');
    expect(comment).toContain('| migrations | ❌ breaking |');
    // Sixty info findings of one surface fold; the migrations group (deciding findings) is open.
    expect(comment).toMatch(/<details><summary><b>rest<\/b> \(60\)<\/summary>/);
  });

  it('under a small limit keeps the verdict, the acceptance and the deciding findings, and counts what it cut', () => {
    const whole = renderPullRequestComment(padded, context);
    const limit = 3_000;
    expect(whole.length).toBeGreaterThan(limit);
    const cut = renderPullRequestComment(padded, { ...context, limit });
    expect(cut.length).toBeLessThanOrEqual(limit);
    expect(cut.split('\n')[0]).toBe(whole.split('\n')[0]);
    expect(cut).toContain('Accepted (1)');
    expect(cut).toContain('accepted at `db/002.sql:2`: users holds a few hundred rows, the build takes milliseconds');
    // The table rewrite (an advisory) is what makes the migration heavy: it decides the verdict, so it stays.
    expect(cut).toContain('changing-column-type');
    expect(cut).toMatch(/_60 lower-level finding\(s\) \(advisory or info, none that decides the verdict\) not shown here/);
    // Tighter still: the head, the acceptance and the deciding finding (one line each) fit; the rest is counted.
    const tight = renderPullRequestComment(padded, { ...context, limit: 1_800 });
    expect(tight.length).toBeLessThanOrEqual(1_800);
    expect(tight).toContain('Accepted (1)');
    expect(tight).toContain('changing-column-type');
  });

  it('links locations at the head commit, percent-encoded, and never a path that could climb out', () => {
    expect(blobUrl(context, 'db/a b#1.sql', 2)).toBe(`https://github.com/acme/service/blob/${context.headSha}/db/a%20b%231.sql#L2`);
    expect(blobUrl(context, '../../other/repo/x.sql')).toBeUndefined();
    expect(blobUrl(context, 'db//x.sql')).toBeUndefined();
    expect(blobUrl({ ...context, repository: 'acme/service/../x' }, 'db/x.sql')).toBeUndefined();
    expect(blobUrl({ ...context, serverUrl: 'javascript:alert(1)//' }, 'db/x.sql')).toBeUndefined();
  });
});
