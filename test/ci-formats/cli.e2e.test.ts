import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** `--format github|sarif|junit|markdown` through the built CLI on generate, diff and lint-migrations. */
let repo: TestRepo;
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-formats-'));
  repo = createRepo();
  const config = JSON.stringify({ migrations: [{ dir: 'db', edition: 'core' }], openapi: false, mcpTools: false, env: false });
  repo.commit(
    { 'release-safety.config.json': config, 'db/001_init.sql': 'CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint);\n' },
    { tag: '1.0.0' },
  );
  repo.commit({ 'db/002_index.sql': "SET lock_timeout = '2s';\nCREATE INDEX orders_customer ON orders (customer_id);\n" }, { tag: '1.1.0' });
});
afterAll(() => {
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

const generate = (...args: string[]) => runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', join(out, 'a.json'), ...args]);

describe('generate --format', () => {
  // Issue 32: the heavy CREATE INDEX makes the verdict false, so it is an error on every surface (it was a warning, a SARIF warning and a passing JUnit case).
  it('github: an error annotation on the migration line that makes the verdict false, then the verdict as an error', () => {
    const run = generate('--format', 'github');
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toContain(
      '::error file=db/002_index.sql,line=2,title=release-safety require-concurrent-index-creation::CREATE INDEX orders_customer on orders without CONCURRENTLY blocks writes while the whole table is read',
    );
    expect(lines.at(-1)).toBe('::error title=release-safety generate 1.1.0::1.1.0 is not proven rolling-safe (rollingUpdateSafe: false); strategy Recreate');
  });

  it('sarif: one result per finding, located, and the rules used with their help', () => {
    const run = generate('--format', 'sarif');
    expect(run.status).toBe(0);
    const log = JSON.parse(run.stdout) as {
      version: string;
      runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } }; results: { ruleId: string; level: string; locations?: unknown[] }[] }[];
    };
    expect(log.version).toBe('2.1.0');
    const result = log.runs[0]!.results.find((r) => r.ruleId === 'require-concurrent-index-creation');
    expect(result).toMatchObject({
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'db/002_index.sql' }, region: { startLine: 2 } } }],
    });
    expect(log.runs[0]!.results.some((r) => r.ruleId === 'rolling-update-not-proven' && r.level === 'error')).toBe(true);
    expect(log.runs[0]!.tool.driver.rules.find((rule) => rule.id === 'require-concurrent-index-creation')!.helpUri).toMatch(
      /^https:\/\/.+migration-rules\.md#require-concurrent-index-creation$/,
    );
  });

  it("junit: the verdict case and the heavy statement's case fail", () => {
    const run = generate('--format', 'junit');
    expect(run.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="release-safety" tests="\d+" failures="[1-9]\d*">/);
    expect(run.stdout).toContain('name="verdict: generate 1.1.0"');
    expect(run.stdout).toMatch(/<testcase [^>]*require-concurrent-index-creation[^>]*>\s*<failure /);
  });

  it('text and markdown: the heavy statement is shown as breaking', () => {
    const text = generate();
    expect(text.stdout).toMatch(/migrations breaking require-concurrent-index-creation: CREATE INDEX orders_customer/);
    const markdown = generate('--format', 'markdown');
    expect(markdown.stdout).toContain('- **breaking** `require-concurrent-index-creation` (migrations)');
  });

  it('--json with another --format is a usage error', () => {
    const run = generate('--json', '--format', 'sarif');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--json and --format sarif ask for two outputs');
  });
});

describe('lint-migrations and diff --format', () => {
  it('lint-migrations --format github annotates the statement line; exit 1', () => {
    const file = join(out, '003_update.sql');
    writeFileSync(file, 'UPDATE orders SET customer_id = 0;\n');
    const run = runCli(['lint-migrations', '--format', 'github', file]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::(error|warning) file=.*003_update\.sql,line=1,title=release-safety update-without-where::/m);
  });

  it('diff openapi --format markdown and junit', () => {
    const base = 'fixtures/diff/openapi/yaml/base.yaml';
    const revision = 'fixtures/diff/openapi/yaml/revision.yaml';
    const markdown = runCli(['diff', 'openapi', '--format', 'markdown', base, revision]);
    expect(markdown.status).toBe(1);
    expect(markdown.stdout).toContain('| breaking | `request-parameter-became-required` |');
    const junit = runCli(['diff', 'openapi', '--format', 'junit', base, revision]);
    expect(junit.status).toBe(1);
    expect(junit.stdout).toContain('classname="release-safety.rest" name="request-parameter-became-required');
  });
});
