import { describe, expect, it } from 'vitest';
import { stageInput } from '../../../../test/helpers/stage-input.js';
import { runStage } from '../../contract.js';
import { mcpStage } from '../index.js';

/** The MCP stage with `mcpTools: { sources }`: which releases are read, and what an unreadable tool does to the verdict. */

const config = { mcpTools: { sources: ['src/tools/*.ts'] } };
const Z = "import { z } from 'zod';\n";
const tool = (name: string, shape: string) =>
  `server.registerTool('${name}', { description: '${name}', inputSchema: ${shape} }, async () => ({ content: [] }));\n`;

async function run(base: Record<string, string>, head: Record<string, string>) {
  const input = stageInput({ base, head }, config);
  return { result: await runStage(mcpStage, input), reads: input.reads };
}

describe('which releases are read', () => {
  const helpers = `${Z}export const limit = () => z.number().max(100);\n`;
  const tools = `${Z}import { limit } from '../lib/helpers.js';\n${tool('list', '{ limit: limit().optional() }')}`;

  it('a release that changed no code file reads nothing', async () => {
    const { result, reads } = await run(
      { 'src/tools/a.ts': tools, 'src/lib/helpers.ts': helpers },
      { 'src/tools/a.ts': tools, 'src/lib/helpers.ts': helpers, 'README.md': 'x' },
    );
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(reads.size).toBe(0);
  });

  it('a code file outside the closure changed: the closure is compared, nothing is parsed', async () => {
    const { result } = await run(
      { 'src/tools/a.ts': tools, 'src/lib/helpers.ts': helpers, 'src/other.ts': '1' },
      { 'src/tools/a.ts': tools, 'src/lib/helpers.ts': helpers, 'src/other.ts': '2' },
    );
    expect(result).toMatchObject({ verdict: { checked: true, breaking: false }, findings: [] });
  });

  it('only an imported helper changed: the tools are extracted again and the change found', async () => {
    const { result } = await run(
      { 'src/tools/a.ts': tools, 'src/lib/helpers.ts': helpers },
      { 'src/tools/a.ts': tools, 'src/lib/helpers.ts': helpers.replace('100', '10') },
    );
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.findings).toEqual([
      {
        rule: 'tool-input-constraint-tightened',
        params: { tool: 'list', property: 'limit', keyword: 'maximum', before: '100', after: '10' },
        evidence: { file: 'src/tools/a.ts', line: 3, pointer: '/inputSchema/properties/limit' },
      },
    ]);
  });
});

describe('what cannot be read', () => {
  // A recursive schema (z.lazy of itself) is not read; one that is not recursive is read as its schema.
  const lazy = `${Z}const Tree = z.lazy(() => z.array(Tree)); ${tool('tree', '{ node: Tree }')}`;
  const plain = `${Z}${tool('tree', '{ node: z.string() }')}`;

  it('a tool unreadable at one ref and present at both: the surface is unknown, the note names the tool and the expression', async () => {
    const { result } = await run({ 'src/tools/a.ts': plain }, { 'src/tools/a.ts': lazy });
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
    expect(result.notes).toEqual([
      'MCP tool "tree" (src/tools/a.ts:2) is unknown: its definition at the head (to) ref could not be read: z.lazy() is not supported for a schema that refers to itself (a recursive schema): `z.lazy(() => z.array(Tree))` (src/tools/a.ts:2)',
    ]);
  });

  it('proven otherwise: an unreadable tool that is new breaks nothing, one that is gone is removed', async () => {
    const other = tool('other', '{}');
    expect((await run({ 'src/tools/a.ts': `${Z}${other}` }, { 'src/tools/a.ts': `${lazy}${other}` })).result.verdict).toEqual({
      checked: true,
      breaking: false,
    });
    const removed = await run({ 'src/tools/a.ts': `${lazy}${other}` }, { 'src/tools/a.ts': `${Z}${other}` });
    expect(removed.result.verdict).toEqual({ checked: true, breaking: true });
    expect(removed.result.findings.map((finding) => finding.rule)).toEqual(['tool-removed']);
  });

  it('another breaking change decides the verdict although a tool is unknown', async () => {
    const before = `${plain}${tool('gone', '{}')}`;
    const { result } = await run({ 'src/tools/a.ts': before }, { 'src/tools/a.ts': lazy });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });

  it.each([
    [
      'sources match nothing at the head ref',
      { 'src/tools/a.ts': plain },
      { 'src/lib/a.ts': plain },
      'mcpTools.sources ["src/tools/*.ts"] match no TypeScript or JavaScript file at the head (to) ref',
    ],
    ['a source that does not parse', { 'src/tools/a.ts': plain }, { 'src/tools/a.ts': `${plain}server.registerTool(` }, 'src/tools/a.ts:3 does not parse'],
    ['sources new at head while code was deleted (a move)', { 'src/mcp.ts': plain }, { 'src/tools/a.ts': plain }, 'the tools may have moved'],
  ])('%s: unchecked, unknown', async (_name, base, head, reason) => {
    const { result } = await run(base, head);
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes.join('\n')).toContain(reason);
  });

  it('sources new at head with nothing deleted: every tool is added, nothing breaks', async () => {
    const { result } = await run({ 'README.md': 'x' }, { 'src/tools/a.ts': plain });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.findings.map((finding) => finding.rule)).toEqual(['tool-added']);
  });
});

describe('registrations the reader once skipped in silence', () => {
  const wrapped = (name: string, handler: string) => `server.tool('${name}', 'Does ${name}.', { q: z.string() }, ${handler});\n`;

  it.each([
    ['a handler wrapped in a call', 'withErrors(async ({ q }) => ({ content: [{ type: "text", text: q }] }))'],
    ['a bound method', 'this.handle.bind(this)'],
    ['a parenthesized arrow', '(async () => ({ content: [] }))'],
    ['a handler picked by a condition', 'dev ? debugHandler : handler'],
  ])('server.tool with %s: removing the tool is a break', async (_name, handler) => {
    const { result } = await run(
      { 'src/tools/a.ts': `${Z}${wrapped('a', handler)}${wrapped('b', handler)}` },
      { 'src/tools/a.ts': `${Z}${wrapped('a', handler)}` },
    );
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.findings.map((finding) => `${finding.rule}:${String(finding.params.tool)}`)).toEqual(['tool-removed:b']);
  });

  it('registerTool called as server["registerTool"]: removing the tool is a break', async () => {
    const computed = (name: string) => `server['registerTool']('${name}', { inputSchema: {} }, async () => ({ content: [] }));\n`;
    const { result } = await run({ 'src/tools/a.ts': `${Z}${computed('a')}${computed('b')}` }, { 'src/tools/a.ts': `${Z}${computed('a')}` });
    expect(result.findings.map((finding) => `${finding.rule}:${String(finding.params.tool)}`)).toEqual(['tool-removed:b']);
  });

  it('a tools/list handler registered under an imported alias of ListToolsRequestSchema is read', async () => {
    const list = (tools: string) =>
      `${Z}import { ListToolsRequestSchema as ListTools } from '@modelcontextprotocol/sdk/types.js';\nserver.setRequestHandler(ListTools, async () => ({ tools: [${tools}] }));\n`;
    const a = "{ name: 'a', inputSchema: { type: 'object' } }";
    const b = "{ name: 'b', inputSchema: { type: 'object' } }";
    const { result } = await run({ 'src/tools/a.ts': list(`${a}, ${b}`) }, { 'src/tools/a.ts': list(a) });
    expect(result.findings.map((finding) => `${finding.rule}:${String(finding.params.tool)}`)).toEqual(['tool-removed:b']);
  });

  it('a registration whose arguments are spread cannot be read: the surface is unchecked', async () => {
    const spread = `${Z}import { defineTool } from '../lib/define.js';\nserver.registerTool(...defineTool('a'));\n`;
    const { result } = await run(
      { 'src/tools/a.ts': spread, 'src/lib/define.ts': 'export const defineTool = (name) => [name, {}, async () => ({ content: [] })];\n' },
      { 'src/tools/a.ts': `${spread}\n`, 'src/lib/define.ts': 'export const defineTool = (name) => [name, {}, async () => ({ content: [] })];\n' },
    );
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes.join('\n')).toContain('src/tools/a.ts:3');
  });

  it.each([
    ['removed after registration', "const b = server.registerTool('b', { inputSchema: {} }, async () => ({ content: [] }));\nb.remove();\n"],
    [
      'its schema updated after registration',
      "const b = server.registerTool('b', { inputSchema: {} }, async () => ({ content: [] }));\nb.update({ paramsSchema: { q: z.string() } });\n",
    ],
    ['kept in a map of handles', "export const handles = { b: server.registerTool('b', { inputSchema: {} }, async () => ({ content: [] })) };\n"],
  ])('a registered tool %s: that tool is unknown, not the plain registration it started as', async (_name, head) => {
    const plain = "server.registerTool('b', { inputSchema: {} }, async () => ({ content: [] }));\n";
    const { result } = await run({ 'src/tools/a.ts': `${Z}${plain}` }, { 'src/tools/a.ts': `${Z}${head}` });
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
    expect(result.notes.join('\n')).toMatch(/MCP tool "b" \(src\/tools\/a\.ts:2\) is unknown: .*update\(\), disable\(\) or remove\(\)/);
  });

  it('a handle kept but only awaited or never used after is the plain registration', async () => {
    const plain = "server.registerTool('b', { inputSchema: {} }, async () => ({ content: [] }));\n";
    const kept = "const b = server.registerTool('b', { inputSchema: {} }, async () => ({ content: [] }));\nlogger.info(`registered ${b.title}`);\n";
    const { result } = await run({ 'src/tools/a.ts': `${Z}${plain}` }, { 'src/tools/a.ts': `${Z}${kept}` });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
  });
});

describe('a registration function the release stops calling', () => {
  const users = `${Z}import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function registerUserTools(server: McpServer) {\n  ${tool('list_users', '{ limit: z.number().optional() }')}}\n`;
  const index = (calls: string) =>
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { registerUserTools } from './users.js';\nconst server = new McpServer({ name: 's', version: '1' });\n${calls}\nexport default server;\n`;

  it('called by a file read at the base, by none at the head: its tools are unknown, naming the function', async () => {
    const { result } = await run(
      { 'src/tools/users.ts': users, 'src/tools/index.ts': index('registerUserTools(server);') },
      { 'src/tools/users.ts': users, 'src/tools/index.ts': index('') },
    );
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
    expect(result.notes).toEqual([
      expect.stringContaining(
        'MCP tool "list_users" (src/tools/users.ts:4) is unknown: it is registered in registerUserTools, which a file read called at the base (from) ref and none calls at the head (to) ref',
      ),
    ]);
  });

  it('still called, or called from outside the files read at both refs: the tools are compared as before', async () => {
    for (const [base, head] of [
      [index('registerUserTools(server);'), index('registerUserTools(server);\n// touched')],
      [index(''), index('// touched')],
    ] as const) {
      const { result } = await run({ 'src/tools/users.ts': users, 'src/tools/index.ts': base }, { 'src/tools/users.ts': users, 'src/tools/index.ts': head });
      expect(result).toMatchObject({ verdict: { checked: true, breaking: false }, findings: [], notes: [] });
    }
  });
});

describe('differential soundness: what cannot be read but is identical at both refs', () => {
  const lazy = `${Z}const Tree = z.lazy(() => z.array(Tree)); ${tool('tree', '{ node: Tree }')}`;
  const plain = (name: string, extra = '') => `${Z}${tool(name, `{ id: z.string()${extra} }`)}`;

  it('a tool unreadable at both refs in an unchanged file, another tool file changed: no change for it, said in the notes', async () => {
    const { result } = await run(
      { 'src/tools/a.ts': lazy, 'src/tools/b.ts': plain('b') },
      { 'src/tools/a.ts': lazy, 'src/tools/b.ts': plain('b', ', note: z.string().optional()') },
    );
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes).toEqual([
      expect.stringMatching(
        /^MCP tool "tree" \(src\/tools\/a\.ts:2\) is not read \(z\.lazy\(\) is not supported.*\) but its file is unchanged with everything it depends on \(1 file\): no change$/,
      ),
    ]);
  });

  it('the same tool, when a helper its file imports changed: unknown', async () => {
    const withHelper = `${Z}import { label } from '../lib/label.js';\nconst Tree = z.lazy(() => z.array(Tree)); ${tool('tree', '{ node: Tree.describe(label) }')}`;
    const { result } = await run(
      { 'src/tools/a.ts': withHelper, 'src/lib/label.ts': "export const label = 'a';\n" },
      { 'src/tools/a.ts': withHelper, 'src/lib/label.ts': "export const label = 'b';\n" },
    );
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
  });

  it('a file that does not parse, identical at both refs and reached by no changed file: its tools are no change; changed: unreadable', async () => {
    const broken = `${Z}server.registerTool('x', {;\n`;
    const unchanged = await run(
      { 'src/tools/a.ts': broken, 'src/tools/b.ts': plain('b') },
      { 'src/tools/a.ts': broken, 'src/tools/b.ts': plain('b', ', note: z.string().optional()') },
    );
    expect(unchanged.result.verdict).toEqual({ checked: true, breaking: false });
    expect(unchanged.result.notes).toEqual([
      expect.stringContaining('src/tools/a.ts does not parse at either ref, and is unchanged with everything it depends on'),
    ]);
    const changed = await run({ 'src/tools/a.ts': broken, 'src/tools/b.ts': plain('b') }, { 'src/tools/a.ts': `${broken}\n`, 'src/tools/b.ts': plain('b') });
    expect(changed.result.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });
});

/**
 * formbricks 5.3.2 (apps/web/modules/mcp/tools/schemas.ts): ids are `ZId` imported from the workspace
 * package `@formbricks/types` (`"./*": "./*.ts"` in its exports), which is `z.cuid2()` — zod 4's
 * string format as a constructor — and `z.cuid2()` written in the tool file.
 */
describe('zod 4 string formats from a workspace package (formbricks)', () => {
  const files = {
    'packages/types/package.json': JSON.stringify({ name: '@formbricks/types', main: 'index.ts', exports: { '.': './index.ts', './*': './*.ts' } }),
    'packages/types/common.ts': 'import { z } from "zod";\n\nexport const ZId = z.cuid2();\n',
    'apps/web/package.json': JSON.stringify({ name: '@formbricks/web', dependencies: { '@formbricks/types': 'workspace:*' } }),
  };
  const tools = (extra: string) =>
    [
      'import { z } from "zod";',
      'import { ZId } from "@formbricks/types/common";',
      `server.registerTool('get_survey', { description: 'Fetch.', inputSchema: { workspaceId: ZId.describe('Workspace ID.'), surveyId: z.cuid2()${extra}.describe('Survey ID.') } }, async () => ({ content: [] }));`,
      '',
    ].join('\n');
  const mcp = { mcpTools: { sources: ['apps/web/modules/mcp/tools/*.ts'] } };

  it('read at both refs: a tool whose id becomes optional is compared (not unknown)', async () => {
    const input = stageInput(
      {
        base: { ...files, 'apps/web/modules/mcp/tools/surveys.ts': tools('') },
        head: { ...files, 'apps/web/modules/mcp/tools/surveys.ts': tools('.optional()') },
      },
      mcp,
    );
    const result = await runStage(mcpStage, input);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes.join('\n')).not.toContain('cuid2');
  });

  it('the id pattern narrowed: breaking', async () => {
    const head = tools('').replace('ZId.describe', 'z.uuid().describe');
    const input = stageInput(
      { base: { ...files, 'apps/web/modules/mcp/tools/surveys.ts': tools('') }, head: { ...files, 'apps/web/modules/mcp/tools/surveys.ts': head } },
      mcp,
    );
    expect((await runStage(mcpStage, input)).verdict).toEqual({ checked: true, breaking: true });
  });
});
