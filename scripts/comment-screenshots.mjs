// Renders the pull-request comment of two example pull requests (one not safe, one that changes
// nothing the verdict depends on) the way GitHub shows it — markdown → HTML (micromark with GFM) →
// headless Chromium — into docs/comment-*.png, with the markdown source in docs/comment.md, so a
// change to the comment is reviewed as pictures. Needs `npm run build` (it reads dist/) and a
// Chromium (`apt-get install -y chromium`, or CHROMIUM=/path/to/chrome).
//
//   npm run docs:comment
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

const root = fileURLToPath(new URL('..', import.meta.url));
const { openRepository } = await import(join(root, 'dist/git/repository.js'));
const { generateRelease } = await import(join(root, 'dist/generate/generate.js'));
const { renderPullRequestComment, renderQuietComment, affectsNothing } = await import(join(root, 'dist/action/comment.js'));

const work = mkdtempSync(join(tmpdir(), 'rs-comment-shots-'));
const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
let clock = Date.parse('2026-05-01T10:00:00Z');
function commit(dir, files, tag) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, 'add', '-A');
  const date = new Date((clock += 3_600_000)).toISOString();
  execFileSync('git', ['commit', '-q', '-m', tag ?? 'change'], { cwd: dir, env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  if (tag) git(dir, 'tag', tag);
  return git(dir, 'rev-parse', 'HEAD');
}

/** A small service: users table, an OpenAPI document; the pull request's files on a branch. */
async function example(name, pullRequestFiles) {
  const dir = join(work, name);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'dev@example.com');
  git(dir, 'config', 'user.name', 'Dev');
  git(dir, 'config', 'commit.gpgsign', 'false');
  const config = { migrations: [{ dir: 'db/migrations', edition: 'core' }], openapi: 'api/openapi.yaml', mcpTools: false, env: false };
  const spec = (paths) => `openapi: 3.0.3\ninfo: {title: shop, version: "1"}\npaths:\n${paths}`;
  const base = commit(
    dir,
    {
      'release-safety.config.json': JSON.stringify(config, null, 2),
      'db/migrations/001_init.sql': 'CREATE TABLE users (id bigint PRIMARY KEY, email text, name text);\nCREATE TABLE orders (id bigint PRIMARY KEY, user_id bigint, total numeric);\n',
      'api/openapi.yaml': spec("  /api/v1/orders/{id}:\n    get:\n      parameters: [{in: path, name: id, required: true, schema: {type: string}}]\n      responses: {'200': {description: ok}}\n"),
    },
    'v1.4.0',
  );
  const head = commit(dir, pullRequestFiles(spec));
  const repo = await openRepository(dir);
  try {
    const outcome = await generateRelease(repo, { from: base, to: head, version: '1.4.1-pr.42', previousVersion: '1.4.0' });
    const context = { serverUrl: 'https://github.com', repository: 'acme/shop', pullRequest: 42, headSha: head, baseSha: base };
    return affectsNothing(outcome) ? renderQuietComment(outcome, context) : renderPullRequestComment(outcome, context);
  } finally {
    await repo.close();
  }
}

const unsafe = await example('unsafe', (spec) => ({
  'db/migrations/002_orders_status.sql':
    "SET lock_timeout = '2s';\n" +
    'ALTER TABLE orders ADD COLUMN status text NOT NULL DEFAULT \'new\';\n' +
    '-- @release-safety accept require-concurrent-index-creation: users holds a few hundred rows; the build takes milliseconds\n' +
    'CREATE INDEX users_email ON users (email);\n' +
    'ALTER TABLE orders ALTER COLUMN total TYPE bigint;\n',
  'api/openapi.yaml': spec(
    "  /api/v1/orders/{id}:\n    get:\n      parameters: [{in: path, name: id, required: true, schema: {type: string}}, {in: query, name: expand, required: true, schema: {type: string}}]\n      responses: {'200': {description: ok}}\n" +
      "  /api/v1/orders:\n    get: {responses: {'200': {description: ok}}}\n",
  ),
}));
const safe = await example('safe', (spec) => ({
  'api/openapi.yaml': spec(
    "  /api/v1/orders/{id}:\n    get:\n      parameters: [{in: path, name: id, required: true, schema: {type: string}}]\n      responses: {'200': {description: ok}}\n" +
      "  /api/v1/orders:\n    get: {responses: {'200': {description: ok}}}\n",
  ),
}));

/** A page styled like a GitHub comment (system fonts, GitHub's markdown colours and spacing). */
function page(markdown) {
  const body = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  return `<!doctype html><meta charset="utf-8"><style>
  body { margin: 0; background: #fff; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Noto Color Emoji"; color: #1f2328; }
  .comment { width: 820px; margin: 16px; border: 1px solid #d1d9e0; border-radius: 6px; }
  .head { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; color: #59636e; border-radius: 6px 6px 0 0; }
  .body { padding: 16px; } h3 { font-size: 1.25em; margin: 0 0 8px; } h4 { margin: 16px 0 8px; }
  code { font: 85% ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; background: #818b981f; padding: .2em .4em; border-radius: 6px; }
  a { color: #0969da; text-decoration: none; } table { border-collapse: collapse; margin: 8px 0; }
  th, td { border: 1px solid #d1d9e0; padding: 6px 13px; } tr:nth-child(2n) { background: #f6f8fa; }
  ul { padding-left: 2em; margin: 8px 0; } li + li { margin-top: .25em; } sub { color: #59636e; }
  details summary { cursor: pointer; margin: 8px 0; }
</style><div class="comment"><div class="head"><b>github-actions</b> bot commented</div><div class="body">${body}</div></div>`;
}

const chromium = process.env.CHROMIUM ?? ['chromium', 'chromium-browser', 'google-chrome'].find((name) => spawnSync('which', [name]).status === 0);
if (!chromium) throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM');
const docs = join(root, 'docs');
for (const [name, markdown, height] of [['comment-unsafe', unsafe, 1400], ['comment-safe', safe, 140]]) {
  const html = join(work, `${name}.html`);
  writeFileSync(html, page(markdown));
  execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--screenshot=${join(docs, `${name}.png`)}`, `--window-size=860,${height}`, `file://${html}`], { stdio: 'pipe' });
}
writeFileSync(
  join(docs, 'comment.md'),
  `# The pull-request comment\n\nWhat \`command: pr\` posts (one sticky comment, updated on every push), rendered as GitHub shows it. Regenerated by \`npm run docs:comment\` (scripts/comment-screenshots.mjs: markdown → HTML → headless Chromium), so a change to the comment is reviewed as pictures.\n\n## A pull request that is not rolling-safe\n\n![comment on a pull request that is not rolling-safe](comment-unsafe.png)\n\n## A pull request that changes nothing the verdict depends on\n\nOne line (\`comment: relevant\` posts nothing then):\n\n![one-line comment](comment-safe.png)\n\n## The markdown\n\n\`\`\`\`markdown\n${unsafe}\`\`\`\`\n\n\`\`\`\`markdown\n${safe}\`\`\`\`\n`,
);
rmSync(work, { recursive: true, force: true });
console.log('docs/comment.md, docs/comment-unsafe.png, docs/comment-safe.png');
