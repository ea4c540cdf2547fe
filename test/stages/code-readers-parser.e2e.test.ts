import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * The routes surface and the MCP tools read from code parse with @babel/parser (src/syntax/parse.ts),
 * not with the TypeScript compiler (issue 21): a release that changes a router and a tool file is
 * judged by the built CLI without loading ts-morph or typescript (checked on `require.cache` at exit).
 */

const PROBE = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module';
const cache = createRequire(process.cwd() + '/').cache;
process.on('exit', () => {
  const names = new Set();
  for (const file of Object.keys(cache)) {
    const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file.replaceAll('\\\\', '/'));
    if (match) names.add(match[1]);
  }
  process.stderr.write('\\nloaded-packages=' + JSON.stringify([...names].sort()) + '\\n');
});`)}`;

const CONFIG = JSON.stringify({
  migrations: false,
  openapi: false,
  routes: { sources: ['src/**/*.ts'] },
  mcpTools: { sources: ['src/mcp/tools/*.ts'] },
  env: false,
});
const router = (routes: string) => `import express from 'express';\nexport const router = express.Router();\n${routes}`;
const tool = (shape: string) => `import { z } from 'zod';\nserver.registerTool('search', { inputSchema: { ${shape} } }, async () => ({ content: [] }));\n`;

describe('routes and MCP tools read from code', () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());

  it('are judged without loading the TypeScript compiler', () => {
    repo = createRepo();
    repo.commit(
      {
        'release-safety.config.json': CONFIG,
        'src/routers/items.ts': router("router.get('/a', h, h);\nrouter.get('/b', h, h);\n"),
        'src/mcp/tools/search.ts': tool('q: z.string()'),
      },
      { tag: '1.0.0' },
    );
    repo.commit(
      { 'src/routers/items.ts': router("router.get('/a', h, h);\n"), 'src/mcp/tools/search.ts': tool('q: z.string(), limit: z.number()') },
      { tag: '1.1.0' },
    );
    const out = join(repo.dir, 'release-safety.json');
    const run = spawnSync(
      process.execPath,
      ['--import', PROBE, cliPath, 'generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out, '--quiet'],
      {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(run.status).toBe(0);
    const api = (JSON.parse(readFileSync(out, 'utf8')) as { api: { rest: { changes: string[] }; mcp: { changes: string[] } } }).api;
    expect(api.rest.changes).toEqual(['GET …/b — route no longer served (code: src/routers/items.ts:4)']);
    expect(api.mcp.changes).toEqual(['tool "search" — new required input property "limit"']);
    const packages = JSON.parse(/loaded-packages=(.*)/.exec(run.stderr)?.[1] ?? 'null') as string[];
    expect(packages).toContain('@babel/parser');
    for (const heavy of ['ts-morph', '@ts-morph/common', 'typescript']) expect(packages).not.toContain(heavy);
  });
});
