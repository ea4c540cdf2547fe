import { describe, expect, it } from 'vitest';
import { detectSurfaces, type RepositoryView } from './detect.js';

/** `false` ("the service has none") only on evidence of absence: anything that looks like the thing keeps the surface open. */
function view(files: Record<string, string>): RepositoryView {
  return { files: Object.keys(files).sort(), read: (file) => files[file] };
}
const decided = (files: Record<string, string>) => Object.fromEntries(detectSurfaces(view(files)).map((proposal) => [proposal.key, proposal.value]));

describe('init detection: absence needs evidence', () => {
  it('a bare repository with no dependency of any kind: every surface false', () => {
    expect(decided({ 'package.json': JSON.stringify({ dependencies: { lodash: '^4' } }), 'src/index.ts': 'export const x = 1;\n' })).toEqual({
      migrations: false,
      openapi: false,
      routes: false,
      mcpTools: false,
      env: false,
      graphql: false,
      trpc: false,
    });
  });

  it.each([
    ['an MCP library other than the SDK', { fastmcp: '^1' }, 'mcpTools'],
    ['a vendor MCP package', { '@acme/server-mcp': '^1' }, 'mcpTools'],
    ['a database client not in the named list', { slonik: '^46' }, 'migrations'],
    ['an ORM-looking package', { 'acme-orm': '^1' }, 'migrations'],
    ['tRPC', { '@trpc/server': '^11' }, 'routes'],
    ['an Apollo server', { '@apollo/server': '^4' }, 'openapi'],
  ])('%s leaves its surface out, never false', (_name, dependencies, key) => {
    expect(decided({ 'package.json': JSON.stringify({ dependencies }), 'src/index.ts': 'export {};\n' })[key]).toBeUndefined();
  });

  it('MCP tools registered with the split SDK packages (formbricks: `@modelcontextprotocol/server`) are configured from code', () => {
    const surfaces = decided({
      'apps/web/package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/server': '^2' } }),
      'apps/web/modules/mcp/tools/feedback-records.ts':
        'import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";\nexport const register = (server: McpServer) => {\n  server.registerTool("list_feedback", { description: "d" }, async () => ({ content: [] }));\n};\n',
    });
    expect(surfaces.mcpTools).toEqual({ sources: ['apps/web/modules/mcp/tools/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] });
  });

  it('MCP tools in a private submodule (docmost: apps/server/src/ee): the submodule is configured, so its commit decides', () => {
    const files = {
      '.gitmodules': '[submodule "apps/server/src/ee"]\n\tpath = apps/server/src/ee\n\turl = https://github.com/docmost/ee\n',
      'apps/server/package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/sdk': '1.30.0', '@nestjs/core': '^11' } }),
      'apps/server/src/main.ts': 'export {};\n',
      // git ls-files lists the gitlink itself; it has no text here.
      'apps/server/src/ee': undefined as unknown as string,
    };
    const proposal = detectSurfaces(view(files)).find((item) => item.key === 'mcpTools')!;
    expect(proposal.value).toEqual({ sources: ['apps/server/src/ee/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] });
    expect(proposal.evidence).toContain('apps/server/src/ee is a git submodule');
  });

  it('env: a command-line client published beside the server (hoppscotch-cli: a `bin`, no web framework) is not the service', () => {
    const surfaces = decided({
      'packages/hoppscotch-backend/package.json': JSON.stringify({ dependencies: { '@nestjs/core': '^11' } }),
      'packages/hoppscotch-backend/src/main.ts': 'export const port = process.env.PORT;\n',
      'packages/hoppscotch-cli/package.json': JSON.stringify({
        name: '@hoppscotch/cli',
        bin: { hopp: 'bin/hopp.js' },
        dependencies: { commander: '^11', axios: '^1' },
      }),
      'packages/hoppscotch-cli/src/utils/request.ts': 'export const read = (variable: { key: string }) => process.env[variable.key];\n',
      // A server started from a `bin` stays the service.
      'packages/server-bin/package.json': JSON.stringify({ bin: { serve: 'dist/main.js' }, dependencies: { express: '^4' } }),
      'packages/server-bin/src/main.ts': 'export const host = process.env.HOST;\n',
    });
    expect((surfaces.env as { sources: string[] }).sources).toEqual([
      'packages/hoppscotch-backend/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
      'packages/server-bin/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
    ]);
  });

  it('a source that starts an HTTP server keeps the API surfaces open', () => {
    const surfaces = decided({ 'package.json': '{}', 'src/main.ts': "import { createServer } from 'node:http';\ncreateServer(handler).listen(8080);\n" });
    expect(surfaces.openapi).toBeUndefined();
    expect(surfaces.routes).toBeUndefined();
  });
});
