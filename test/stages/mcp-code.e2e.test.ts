import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * MCP tools read from code, end to end: a zod-based MCP server split over several files
 * (fixtures/mcp-code/server) committed as 1.0.0, edited release by release, `generate` run by the
 * built CLI between consecutive tags, and the artifact's `api.mcp` and verdict checked.
 */

const SERVER = 'fixtures/mcp-code/server';
const CONFIG = JSON.stringify({ migrations: false, openapi: false, mcpTools: { sources: ['src/mcp/tools/**/*.ts'] }, env: false });

function serverTree(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(SERVER, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(SERVER);
  return files;
}

/** The file at `path` in 1.0.0 with each `[from, to]` replacement applied (each must match). */
function edit(tree: Record<string, string>, path: string, ...replacements: Array<[string, string]>): Record<string, string> {
  let text = tree[path]!;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`fixture edit: ${JSON.stringify(from)} not in ${path}`);
    text = text.replace(from, to);
  }
  tree[path] = text;
  return { [path]: text };
}

interface Artifact {
  api: { mcp: { checked: boolean; breaking: unknown; changes: string[]; advisories: string[] } };
  compatibility: { rollingUpdateSafe: unknown };
}

describe('generate with MCP tools read from a zod-based server', () => {
  let repo: TestRepo;
  const tree = serverTree();

  beforeAll(() => {
    repo = createRepo();
    repo.commit({ ...tree, 'release-safety.config.json': CONFIG }, { tag: '1.0.0' });
    // 1.1.0: a field becomes optional, a tool is added, a description changes, the README too.
    repo.commit(
      {
        ...edit(tree, 'src/mcp/tools/documents.ts', [
          "collectionId: uuidArg('The collection to list'),",
          "collectionId: uuidArg('The collection to list').optional(),",
        ]),
        ...edit(
          tree,
          'src/mcp/tools/collections.ts',
          ["'Delete a collection and its documents.'", "'Delete a collection; its documents move to the archive.'"],
          [
            "  server.tool('delete_collection'",
            "  server.registerTool('archive_collection', { description: 'Archive a collection.', inputSchema: { id: z.string().uuid() } }, async () => ({ content: [] }));\n\n  server.tool('delete_collection'",
          ],
        ),
        'README.md': 'docs\n',
      },
      { tag: '1.1.0' },
    );
    // 1.2.0: a new required field, a tool removed, and a tighter limit in the shared helper file only.
    repo.commit(
      {
        ...edit(tree, 'src/mcp/tools/search.ts', ['range: dateRange.optional(),', "range: dateRange.optional(),\n        language: z.enum(['en', 'de']),"]),
        ...edit(tree, 'src/mcp/tools/collections.ts', [
          "  server.tool('delete_collection', 'Delete a collection; its documents move to the archive.', { id: z.string().uuid() }, async ({ id }) => ({ content: [{ type: 'text', text: id }] }));\n",
          '',
        ]),
        ...edit(tree, 'src/mcp/schemas.ts', ['export const MAX_PAGE_SIZE = 100;', 'export const MAX_PAGE_SIZE = 50;']),
      },
      { tag: '1.2.0' },
    );
    // 1.3.0: a construct with no faithful JSON Schema (a recursive z.lazy) in one tool.
    repo.commit(
      edit(
        tree,
        'src/mcp/tools/search.ts',
        ['const dateRange =', 'const filter = z.lazy(() => z.object({ and: z.array(filter) }));\nconst dateRange ='],
        ['range: dateRange.optional(),', 'range: dateRange.optional(),\n        filter: filter.optional(),'],
      ),
      { tag: '1.3.0' },
    );
    // 1.4.0: only an unrelated file changes.
    repo.commit({ 'src/other.ts': 'export const unrelated = 1;\n' }, { tag: '1.4.0' });
  });
  afterAll(() => repo.cleanup());

  function generate(from: string, to: string): { artifact: Artifact; report: string } {
    const out = join(repo.dir, `release-safety-${to}.json`);
    const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return { artifact: JSON.parse(readFileSync(out, 'utf8')) as Artifact, report: run.stdout };
  }

  it('1.0.0 → 1.1.0: a field becoming optional and a new tool break nothing; the description change is an advisory', () => {
    const { artifact } = generate('1.0.0', '1.1.0');
    expect(artifact.api.mcp).toEqual({
      checked: true,
      breaking: false,
      changes: [],
      breakingCount: 0,
      advisories: ['tool "delete_collection" — description of the tool changed'],
      advisoryCount: 1,
    });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('1.1.0 → 1.2.0: a new required field, a removed tool and a tighter limit in a helper file (also through a registration helper) are breaking, with file and line', () => {
    const { artifact, report } = generate('1.1.0', '1.2.0');
    expect(artifact.api.mcp.breaking).toBe(true);
    expect(artifact.api.mcp.changes).toEqual([
      'tool "delete_collection" — removed',
      'tool "list_collections" — input property "limit" maximum tightened (100 → 50)',
      'tool "list_documents" — input property "limit" maximum tightened (100 → 50)',
      'tool "list_users" — input property "limit" maximum tightened (100 → 50)',
      'tool "search" — new required input property "language"',
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('src/mcp/tools/search.ts:');
  });

  it('1.2.0 → 1.3.0: an unconvertible construct makes that tool unknown, naming the expression', () => {
    const { artifact, report } = generate('1.2.0', '1.3.0');
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: 'unknown', changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('MCP tool "search" (src/mcp/tools/search.ts:');
    expect(report).toContain('z.lazy() is not supported');
  });

  it('1.3.0 → 1.4.0: no file of the tools changed, nothing is read', () => {
    const { artifact } = generate('1.3.0', '1.4.0');
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: false, changes: [] });
  });
});

/**
 * docmost's layout: the MCP server lives in a private submodule (`apps/server/src/ee`, a gitlink to
 * docmost/ee) inside the package that depends on the SDK; its files are never in this repository.
 */
describe('MCP tools in a git submodule', () => {
  let repo: TestRepo;
  const config = JSON.stringify({
    migrations: false,
    openapi: false,
    routes: false,
    env: false,
    graphql: false,
    trpc: false,
    mcpTools: { sources: ['apps/server/src/ee/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
  });
  const gitlink = (commit: string) => {
    repo.git('update-index', '--add', '--cacheinfo', `160000,${commit},apps/server/src/ee`);
  };
  const generateJson = (from: string, to: string) => {
    const out = join(repo.dir, `release-safety-${to}.json`);
    const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', out]);
    expect(run.status).toBe(0);
    return {
      artifact: JSON.parse(readFileSync(out, 'utf8')) as {
        api: { mcp: { checked: boolean; breaking: unknown } };
        compatibility: { rollingUpdateSafe: unknown };
      },
      report: run.stdout,
    };
  };

  beforeAll(() => {
    repo = createRepo();
    // An uninitialised submodule is an empty folder beside its gitlink, as in a fresh clone (`git add -A` then keeps the gitlink).
    repo.write({ 'apps/server/src/ee/.keep': '' });
    repo.write({ 'apps/server/src/ee/.keep': null });
    gitlink('1111111111111111111111111111111111111111');
    repo.commit(
      {
        '.gitmodules': '[submodule "apps/server/src/ee"]\n\tpath = apps/server/src/ee\n\turl = https://github.com/docmost/ee\n',
        'apps/server/package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/sdk': '1.30.0' } }),
        'apps/server/src/main.ts': 'export const port = 3000;\n',
        'release-safety.config.json': config,
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'apps/server/src/main.ts': 'export const port = 3001;\n' }, { tag: '1.1.0' });
    // The bump alone, committed from the index (`git add -A` would put back the gitlink of HEAD).
    gitlink('2222222222222222222222222222222222222222');
    repo.git('commit', '-q', '-m', 'bump ee');
    repo.git('tag', '1.2.0');
  });
  afterAll(() => repo.cleanup());

  it('the submodule at the same commit at both refs: its tools did not change', () => {
    const { artifact, report } = generateJson('1.0.0', '1.1.0');
    expect(repo.git('ls-tree', '1.1.0', 'apps/server/src/ee')).toMatch(/^160000 commit 1{40}/);
    expect(artifact.api.mcp).toMatchObject({ checked: true, breaking: false });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
    expect(report).not.toContain('MCP tools could not be read');
  });

  it('the submodule bumped under an env glob too: env is unknown, naming it (a bumped gitlink is not among the changed files, so it was once taken for unchanged)', () => {
    const envConfig = join(repo.dir, '..', `env-config-${process.pid}.json`);
    writeFileSync(envConfig, JSON.stringify({ ...JSON.parse(config), mcpTools: false, env: { sources: ['apps/server/src/**/*.ts'] } }));
    const read = (from: string, to: string) => {
      const out = join(repo.dir, `release-safety-env-${to}.json`);
      const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', out, '--config', envConfig]);
      expect(run.status).toBe(0);
      return { artifact: JSON.parse(readFileSync(out, 'utf8')) as { config: { checked: boolean; breaking: unknown } }, report: run.stdout };
    };
    try {
      expect(read('1.0.0', '1.1.0').artifact.config).toMatchObject({ checked: true, breaking: false });
      const bumped = read('1.1.0', '1.2.0');
      expect(bumped.artifact.config).toMatchObject({ checked: false, breaking: 'unknown' });
      expect(bumped.report).toContain('reaches a submodule (apps/server/src/ee)');
    } finally {
      rmSync(envConfig, { force: true });
    }
  });

  it('the submodule bumped: unknown, naming it', () => {
    const { artifact, report } = generateJson('1.1.0', '1.2.0');
    expect(repo.git('diff', '--name-only', '1.1.0', '1.2.0')).toBe('apps/server/src/ee');
    expect(artifact.api.mcp).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('apps/server/src/ee');
  });
});
