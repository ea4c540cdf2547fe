import { readdirSync, readFileSync, statSync } from 'node:fs';
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
        ...edit(tree, 'src/mcp/tools/documents.ts', ["collectionId: uuidArg('The collection to list'),", "collectionId: uuidArg('The collection to list').optional(),"]),
        ...edit(
          tree,
          'src/mcp/tools/collections.ts',
          ["'Delete a collection and its documents.'", "'Delete a collection; its documents move to the archive.'"],
          [
            '  server.tool(\'delete_collection\'',
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
        ...edit(tree, 'src/mcp/tools/search.ts', ["range: dateRange.optional(),", "range: dateRange.optional(),\n        language: z.enum(['en', 'de']),"]),
        ...edit(tree, 'src/mcp/tools/collections.ts', ["  server.tool('delete_collection', 'Delete a collection; its documents move to the archive.', { id: z.string().uuid() }, async ({ id }) => ({ content: [{ type: 'text', text: id }] }));\n", '']),
        ...edit(tree, 'src/mcp/schemas.ts', ['export const MAX_PAGE_SIZE = 100;', 'export const MAX_PAGE_SIZE = 50;']),
      },
      { tag: '1.2.0' },
    );
    // 1.3.0: a construct with no faithful JSON Schema (a recursive z.lazy) in one tool.
    repo.commit(
      edit(tree, 'src/mcp/tools/search.ts', [
        "range: dateRange.optional(),",
        'range: dateRange.optional(),\n        filter: z.lazy(() => z.object({ and: z.array(z.string()) })).optional(),',
      ]),
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
