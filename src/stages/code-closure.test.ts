import { describe, expect, it } from 'vitest';
import { stageInput } from '../../test/helpers/stage-input.js';
import { runStage } from './contract.js';
import { mcpStage } from './mcp/index.js';
import { loadProgram } from './mcp/code/program.js';
import { trpcStage } from './trpc/index.js';

/**
 * The code surfaces (MCP tools, tRPC procedures) follow imports the way src/syntax/modules.ts
 * resolves them: tsconfig aliases (with `extends`) and workspace packages, as monorepos such as
 * rallly (`@/…` in apps/web, `@rallly/*` packages) write them. A helper reached that way is read, and
 * its change found.
 */

const Z = "import { z } from 'zod';\n";

describe('MCP tools whose helpers are imported through an alias', () => {
  // rallly apps/web/tsconfig.json: `"@/*": ["./src/*"]`, the base config extended from the root.
  const layout = {
    'tsconfig.base.json': '{ "compilerOptions": { "strict": true } }',
    'apps/web/tsconfig.json':
      '{\n  "extends": "../../tsconfig.base.json",\n  // as rallly writes it\n  "compilerOptions": { "paths": { "@/*": ["./src/*"], }, },\n}\n',
  };
  const tools = `${Z}import { limit } from '@/lib/helpers';\nserver.registerTool('list', { description: 'list', inputSchema: { limit: limit().optional() } }, async () => ({ content: [] }));\n`;
  const helpers = `${Z}export const limit = () => z.number().max(100);\n`;

  it('`@/lib/helpers` is read, and a tighter limit in it is breaking', async () => {
    const base = { ...layout, 'apps/web/src/tools/a.ts': tools, 'apps/web/src/lib/helpers.ts': helpers };
    const head = { ...base, 'apps/web/src/lib/helpers.ts': helpers.replace('100', '10') };
    const result = await runStage(mcpStage, stageInput({ base, head }, { mcpTools: { sources: ['apps/web/src/tools/*.ts'] } }));
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.findings).toMatchObject([
      { rule: 'tool-input-constraint-tightened', params: { tool: 'list', property: 'limit', before: '100', after: '10' } },
    ]);
  });
});

describe('tRPC procedures whose inputs come from a workspace package', () => {
  // rallly packages/*: `exports: { ".": "./src/index.ts" }`, a barrel with `export *`.
  const files = {
    'packages/schemas/package.json': JSON.stringify({ name: '@acme/schemas', exports: { '.': './src/index.ts' } }),
    'packages/schemas/src/index.ts': "export * from './poll';\n",
    'packages/schemas/src/poll.ts': `${Z}export const pollInput = z.object({ title: z.string().max(100) });\n`,
    'apps/web/src/trpc/routers/index.ts': `import { pollInput } from '@acme/schemas';\nimport { publicProcedure, router } from '../trpc';\nexport const appRouter = router({\n  create: publicProcedure.input(pollInput).output(pollInput).mutation(async () => null),\n});\n`,
    'apps/web/src/trpc/trpc.ts':
      "import { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\nexport const router = t.router;\nexport const publicProcedure = t.procedure;\n",
  };

  it('`@acme/schemas` is followed through its barrel, and a tighter input is breaking', async () => {
    const head = { ...files, 'packages/schemas/src/poll.ts': files['packages/schemas/src/poll.ts'].replace('100', '10') };
    const result = await runStage(trpcStage, stageInput({ base: files, head }, { trpc: { sources: ['apps/web/src/trpc/routers/*.ts'] } }));
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.notes).toEqual([]);
  });
});

describe('parsed files are shared per blob', () => {
  it('the same path and blob is parsed once for every program that reads it', () => {
    const texts = new Map([['src/a.ts', 'export const a = 1;\n']]);
    const blobs = new Map([['src/a.ts', 'blob-a']]);
    const first = loadProgram(['src/a.ts'], texts, undefined, blobs);
    const second = loadProgram(['src/a.ts'], texts, undefined, blobs);
    const third = loadProgram(['src/a.ts'], texts, undefined, new Map([['src/a.ts', 'blob-b']]));
    if (!('sources' in first) || !('sources' in second) || !('sources' in third)) throw new Error('does not parse');
    expect(second.sources[0]!.ast).toBe(first.sources[0]!.ast);
    expect(third.sources[0]!.ast).not.toBe(first.sources[0]!.ast);
    // Parents and files are known for a shared tree in every program.
    const declaration = second.sources[0]!.ast.program.body[0]!;
    expect(second.fileOf(declaration).path).toBe('src/a.ts');
    expect(first.parentOf(declaration)?.type).toBe('Program');
  });
});
