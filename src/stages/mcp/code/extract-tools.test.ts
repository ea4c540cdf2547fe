import { describe, expect, it } from 'vitest';
import { extractToolsFromTexts, type CodeTool } from './extract-tools.js';

/** Tools read from in-memory source files (the first file is the configured source). */
function extract(files: Record<string, string>, sources = [Object.keys(files)[0]!]) {
  return extractToolsFromTexts(sources, new Map(Object.entries(files)));
}

function tools(files: Record<string, string>, sources?: string[]): CodeTool[] {
  const extraction = extract(files, sources);
  if (!extraction.ok) throw new Error(extraction.reasons.join('; '));
  return extraction.tools;
}

const Z = "import { z } from 'zod';\n";
const handler = 'async () => ({ content: [] })';

describe('registrations', () => {
  it('registerTool: name, description, input and output schema, annotations, file and line', () => {
    const [tool] = tools({
      'src/tools.ts': `${Z}\nserver.registerTool('list_documents', {\n  title: 'List', description: 'Lists.',\n  inputSchema: { query: z.string().optional() },\n  outputSchema: { ids: z.array(z.string()) },\n  annotations: { readOnlyHint: true },\n}, ${handler});`,
    });
    expect(tool).toEqual({
      name: 'list_documents',
      file: 'src/tools.ts',
      line: 3,
      tool: {
        name: 'list_documents',
        description: 'Lists.',
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string' } },
          additionalProperties: false,
          $schema: 'http://json-schema.org/draft-07/schema#',
        },
        outputSchema: {
          type: 'object',
          properties: { ids: { type: 'array', items: { type: 'string' } } },
          required: ['ids'],
          additionalProperties: false,
          $schema: 'http://json-schema.org/draft-07/schema#',
        },
        annotations: { readOnlyHint: true },
      },
    });
  });

  it.each([
    ['name, handler', `server.tool('t', ${handler})`, { inputSchema: { type: 'object', properties: {} } }],
    ['name, description, handler', `server.tool('t', 'Does t.', ${handler})`, { description: 'Does t.', inputSchema: { type: 'object', properties: {} } }],
    ['name, shape, handler', `server.tool('t', { a: z.number() }, ${handler})`, { inputSchema: expect.objectContaining({ required: ['a'] }) }],
    [
      'name, description, shape, annotations, handler',
      `server.tool('t', 'Does t.', { a: z.number() }, { readOnlyHint: true }, ${handler})`,
      { description: 'Does t.', annotations: { readOnlyHint: true } },
    ],
    [
      'name, annotations, handler',
      `server.tool('t', { destructiveHint: true }, ${handler})`,
      { annotations: { destructiveHint: true }, inputSchema: { type: 'object', properties: {} } },
    ],
  ])('the older server.tool overload: %s', (_name, call, expected) => {
    const [tool] = tools({ 'tools.ts': `${Z}${call};` });
    expect(tool?.tool).toMatchObject({ name: 't', ...expected });
  });

  it('a tool registered behind a scope check is a tool; other `.tool(…)` calls without a handler are not', () => {
    const found = tools({
      'tools.ts': `${Z}if (scopes.includes('write')) {\n  server.registerTool('write', { inputSchema: { id: z.string() } }, ${handler});\n}\nagent.tool('x');\n`,
    });
    expect(found.map((tool) => tool.name)).toEqual(['write']);
  });

  it('a literal tools/list handler of the low-level Server, JSON Schema and zodToJsonSchema alike', () => {
    const found = tools({
      'server.ts': `${Z}import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\nconst Args = z.object({ q: z.string() });\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({\n  tools: [\n    { name: 'a', description: 'A', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } },\n    { name: 'b', inputSchema: zodToJsonSchema(Args) },\n  ],\n}));`,
    });
    expect(found.map((tool) => [tool.name, tool.line])).toEqual([
      ['a', 5],
      ['b', 5],
    ]);
    expect(found[1]?.tool?.inputSchema).toMatchObject({ properties: { q: { type: 'string' } }, required: ['q'] });
  });

  it('one name registered twice: identical definitions are one tool, different ones make it unknown', () => {
    const twice = (second: string) =>
      tools({
        'tools.ts': `${Z}if (a) server.registerTool('t', { inputSchema: { q: z.string() } }, ${handler});\nelse server.registerTool('t', { inputSchema: { q: ${second} } }, ${handler});`,
      });
    expect(twice('z.string()')[0]?.tool).toBeDefined();
    expect(twice('z.number()')[0]?.unknown).toBe('registered twice with different definitions (tools.ts:2 and tools.ts:3)');
  });
});

describe('following the repository', () => {
  it('helpers and constants imported from other files, re-exports, namespaces, enums and spreads', () => {
    const [tool] = tools({
      'src/tools/docs.ts': `${Z}import { optionalString, paging } from '../schemas/index.js';\nimport * as shared from '../schemas/status';\nserver.registerTool('docs', { inputSchema: { q: optionalString('Query'), status: z.nativeEnum(shared.Status), ...paging, sort: shared.sortArg() } }, ${handler});`,
      'src/schemas/index.ts': "export * from './strings';\nexport { pagingShape as paging } from './paging';\n",
      'src/schemas/strings.ts': `${Z}export function optionalString(description: string, max = LIMIT) {\n  const base = z.string().max(max);\n  return base.optional().describe(description);\n}\nconst LIMIT = 200;\n`,
      'src/schemas/paging.ts': `${Z}const MAX = 100 as const;\nexport const pagingShape = { limit: z.number().int().max(MAX).default(20) };\n`,
      'src/schemas/status.ts': `${Z}export enum Status { Draft = 'draft', Live = 'live' }\nexport const sortArg = () => z.enum(['asc', 'desc']).optional();\n`,
    });
    expect(tool?.tool?.inputSchema).toEqual({
      type: 'object',
      properties: {
        q: { type: 'string', maxLength: 200, description: 'Query' },
        status: { type: 'string', enum: ['draft', 'live'] },
        limit: { type: 'integer', maximum: 100, default: 20 },
        sort: { type: 'string', enum: ['asc', 'desc'] },
      },
      required: ['status'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
  });

  it('JavaScript sources (.js, .mjs) and values behind `as`, `satisfies`, `!` and parentheses', () => {
    const found = tools(
      {
        'src/tools.js': `${Z}import { shape } from './shape.mjs';\nserver.registerTool(('js'), { inputSchema: shape }, ${handler});\n`,
        'src/shape.mjs': `${Z}import { LIMITS } from './limits.js';\nexport const shape = { a: z.string().min(2), b: LIMITS.max, c: LIMITS.c };\n`,
        'src/limits.ts': `${Z}export const LIMITS = { max: (z.number() as z.ZodNumber)!.max(9), c: <const>(z.literal('x')) } satisfies object;\n`,
      },
      ['src/tools.js'],
    );
    expect(found).toEqual([
      {
        name: 'js',
        file: 'src/tools.js',
        line: 3,
        tool: {
          name: 'js',
          inputSchema: expect.objectContaining({
            properties: { a: { type: 'string', minLength: 2 }, b: { type: 'number', maximum: 9 }, c: { type: 'string', const: 'x' } },
          }),
        },
      },
    ]);
  });

  it('an input schema given as `Schema.shape` or a zod object', () => {
    const [a, b] = tools({
      'tools.ts': `${Z}const Args = z.object({ id: z.string() });\nserver.registerTool('a', { inputSchema: Args.shape }, ${handler});\nserver.registerTool('b', { inputSchema: Args.strict() }, ${handler});`,
    });
    expect(a?.tool?.inputSchema).toMatchObject({ required: ['id'], additionalProperties: false });
    expect(b?.tool?.inputSchema).toMatchObject({ required: ['id'], additionalProperties: false });
  });
});

describe('what cannot be read is unknown, with the expression and where', () => {
  it.each([
    [
      'a recursive z.lazy',
      'Tree',
      'z.lazy() is not supported for a schema that refers to itself (a recursive schema): `z.lazy(() => z.array(Tree))` (tools.ts:3)',
    ],
    ['a `let` constant', 'mutable', '`mutable` is declared with let: its value may change: `mutable = z.string()` (tools.ts:3)'],
    ['a value from a package', 'sharedSchemas.id', '`.id` of `sharedSchemas` from package @acme/schemas: `sharedSchemas.id` (tools.ts:4)'],
    ['a helper with a branch', 'branchy(true)', 'a helper with control flow or side effects: `if (flag) return z.string();` (tools.ts:3)'],
    ['a method zod has but we do not model', 'z.string().ip()', '`.ip()` on a zod string is not supported: `z.string().ip()` (tools.ts:4)'],
    [
      'a refinement over an optional value',
      'z.string().optional().refine((v) => v !== "")',
      'a refinement or transform over an optional value: whether the key is required depends on running it',
    ],
  ])('%s', (_name, expression, reason) => {
    const prelude =
      "import { sharedSchemas } from '@acme/schemas';\nlet mutable = z.string(); function branchy(flag: boolean) { if (flag) return z.string(); return z.number(); } const Tree = z.lazy(() => z.array(Tree));";
    const [tool] = tools({ 'tools.ts': `${Z}${prelude}\nserver.registerTool('t', { description: 'T', inputSchema: { a: ${expression} } }, ${handler});` });
    expect(tool?.tool).toBeUndefined();
    expect(tool?.unknown).toContain(reason);
  });

  it('a tool name that cannot be read, a loop over tools and a file that does not parse make the whole set unreadable', () => {
    expect(extract({ 'a.ts': `${Z}for (const t of TOOLS) server.registerTool(t.name, t.config, ${handler});` })).toEqual({
      ok: false,
      reasons: ['the name of the tool registered at a.ts:2 could not be read: `t` is a loop variable: tools built in a loop are not read: `t` (a.ts:2)'],
    });
    expect(extract({ 'a.ts': 'server.registerTool("x", {' })).toMatchObject({ ok: false, reasons: ['a.ts:1 does not parse: Unexpected token'] });
  });
});

describe('registration helpers (wrappers)', () => {
  const helper = `${Z}import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst READ_ONLY = { readOnlyHint: true };\nexport function registerReadOnlyTool(server: McpServer, name: string, description: string, inputSchema: Record<string, z.ZodTypeAny>) {\n  server.registerTool(name, { description, inputSchema, annotations: READ_ONLY }, async () => ({ content: [] }));\n}\n`;

  it('one tool per call of the helper, defined where it is called', () => {
    const found = tools(
      {
        'src/tools/docs.ts': `${Z}import { registerReadOnlyTool } from '../register.js';\nexport function register(server) {\n  registerReadOnlyTool(server, 'list_docs', 'List.', { q: z.string().optional() });\n  registerReadOnlyTool(server, 'get_doc', 'Get.', { id: z.string() });\n}\n`,
        'src/register.ts': helper,
      },
      ['src/tools/docs.ts'],
    );
    expect(found.map((tool) => [tool.name, tool.file, tool.line, tool.tool?.annotations])).toEqual([
      ['get_doc', 'src/tools/docs.ts', 5, { readOnlyHint: true }],
      ['list_docs', 'src/tools/docs.ts', 4, { readOnlyHint: true }],
    ]);
    expect(found[0]?.tool?.inputSchema).toMatchObject({ required: ['id'] });
  });

  it.each([
    ['never called in the files read', `${Z}import './register.js';\n`, 'which no file read calls'],
    ['passed as a value', `${Z}import { registerReadOnlyTool } from '../register.js';\n[['a']].forEach(registerReadOnlyTool);\n`, 'it is used as a value'],
    [
      'imported under another name',
      `${Z}import { registerReadOnlyTool as ro } from '../register.js';\nro(server, 'a', 'A', {});\n`,
      'imported or exported under another name',
    ],
  ])('a helper whose calls cannot all be seen (%s) makes the set unreadable', (_name, source, reason) => {
    const extraction = extract({ 'src/tools/docs.ts': source.replace("'./register.js'", "'../register.js'"), 'src/register.ts': helper }, [
      'src/tools/docs.ts',
    ]);
    expect(extraction.ok).toBe(false);
    expect(!extraction.ok && extraction.reasons.join('\n')).toContain(reason);
  });

  it('a loop over a table of tools is unreadable, with the reason', () => {
    const extraction = extract({
      'a.ts': `${Z}const TOOLS = [{ name: 'a' }];\nTOOLS.forEach((t) => server.registerTool(t.name, {}, async () => ({ content: [] })));\n`,
    });
    expect(!extraction.ok && extraction.reasons[0]).toContain('not a named helper whose calls can be followed');
  });
});

/**
 * A transform over an optional value that cannot fail on `undefined` (outline v1.9.2
 * server/tools/util.ts `optionalString()`: `.optional().transform((v) => (v === "" ? undefined : v))`;
 * rallly v4.12.3 `responseNoteInput`: `.optional().transform((value) => value || undefined)`): zod
 * parses `undefined` through it, so the key is optional. One that may throw stays unknown.
 */
describe('a transform over an optional value', () => {
  it.each([
    ['(v) => (v === "" ? undefined : v)'],
    ['(value) => value || undefined'],
    ['function (value: string | undefined) { return typeof value === "string" && value !== "" ? value : undefined; }'],
  ])('%s: the key is optional, the tool is read', (transform) => {
    const [tool] = tools({
      'tools.ts': `${Z}export function optionalString() {\n  return z.string().optional().transform(${transform});\n}\nserver.registerTool('t', { description: 'T', inputSchema: { id: z.string(), q: optionalString() } }, ${handler});`,
    });
    expect(tool?.unknown).toBeUndefined();
    expect(tool?.tool?.inputSchema).toMatchObject({ properties: { id: { type: 'string' }, q: { type: 'string' } }, required: ['id'] });
  });

  it.each([['(v) => v.trim()'], ['(v, ctx) => (v === "" ? ctx.addIssue({ code: "custom" }) : v)'], ['(v) => check(v)']])(
    '%s: may fail on undefined, unknown',
    (transform) => {
      const [tool] = tools({
        'tools.ts': `${Z}server.registerTool('t', { description: 'T', inputSchema: { q: z.string().optional().transform(${transform}) } }, ${handler});`,
      });
      expect(tool?.unknown).toContain('a refinement or transform over an optional value');
    },
  );
});

/**
 * Shapes of real tool definitions that were unknown in the corpus run: formbricks 5.1.4–5.2.2
 * apps/web/modules/mcp/tools/surveys.ts "patch_survey" (a description built with `[…].join(" ")`),
 * formbricks 5.3.2 packages/workflows/src/types/conditions/base.ts (`z.lazy` of a condition group
 * that holds groups: recursive) beside non-recursive ones.
 */
describe('shapes from real services', () => {
  it('a description joined from an array of sentences is text (formbricks patch_survey)', () => {
    const [tool] = tools({
      'surveys.ts': `${Z}const ZMcpPatchSurveyInput = z.object({ surveyId: z.string() });\nserver.registerTool(\n  "patch_survey",\n  {\n    title: "Patch survey",\n    description: [\n      "Update a Formbricks survey using the v3 Surveys API patch contract.",\n      "Provided top-level arrays and objects replace that whole subtree.",\n    ].join(" "),\n    inputSchema: ZMcpPatchSurveyInput.shape,\n  },\n  ${handler}\n);`,
    });
    expect(tool?.unknown).toBeUndefined();
    expect(tool?.tool?.description).toBe(
      'Update a Formbricks survey using the v3 Surveys API patch contract. Provided top-level arrays and objects replace that whole subtree.',
    );
  });

  it('string and array methods on constants: concat, map through a helper of the repository, toUpperCase', () => {
    const [tool] = tools({
      'tools.ts': `${Z}const KINDS = ['survey', 'workflow'];\nserver.registerTool('t', { description: 'Kinds: '.concat(KINDS.map((kind) => kind.toUpperCase()).join(', ')), inputSchema: { kind: z.enum(KINDS.concat(['contact']) as [string, ...string[]]) } }, ${handler});`,
    });
    expect(tool?.unknown).toBeUndefined();
    expect(tool?.tool?.description).toBe('Kinds: SURVEY, WORKFLOW');
    expect(tool?.tool?.inputSchema).toMatchObject({ properties: { kind: { type: 'string', enum: ['survey', 'workflow', 'contact'] } } });
  });

  it('z.lazy of a schema that does not refer to itself is that schema', () => {
    const [tool] = tools({
      'tools.ts': `${Z}const ZCondition = z.object({ id: z.string().min(1) });\nconst ZGroup = z.lazy(() =>\n  z.object({ id: z.string().min(1), connector: z.enum(["and", "or"]), conditions: z.array(ZCondition).min(1) })\n);\nserver.registerTool('create_workflow', { description: 'C', inputSchema: { condition: ZGroup } }, ${handler});`,
    });
    expect(tool?.unknown).toBeUndefined();
    expect(tool?.tool?.inputSchema).toMatchObject({
      properties: { condition: { type: 'object', required: ['id', 'connector', 'conditions'], properties: { connector: { enum: ['and', 'or'] } } } },
    });
  });

  it('z.lazy of a group that holds groups (recursive) stays unknown, naming it', () => {
    const [tool] = tools({
      'tools.ts': `${Z}const ZCondition = z.object({ id: z.string().min(1) });\nexport const ZWorkflowConditionGroup: z.ZodType<unknown> = z.lazy(() =>\n  z.object({\n    id: z.string().min(1),\n    connector: z.enum(["and", "or"]),\n    conditions: z.array(z.union([ZCondition, ZWorkflowConditionGroup])).min(1),\n  })\n);\nserver.registerTool('create_workflow', { description: 'C', inputSchema: { condition: ZWorkflowConditionGroup } }, ${handler});`,
    });
    expect(tool?.tool).toBeUndefined();
    expect(tool?.unknown).toContain('z.lazy() is not supported for a schema that refers to itself (a recursive schema): `z.lazy(() => z.object({ id:');
    expect(tool?.unknown).toContain('(tools.ts:3)');
  });

  /**
   * outline v1.9.0–v1.9.2 server/tools/fetch.ts: the resource enum is built from the caller's OAuth
   * scopes (`...(canReadDocuments ? ["document"] : [])`), known only at run time: unknown, naming the
   * conditional. A conditional on a constant is read.
   */
  it('an enum built from branches on run-time values stays unknown, naming the conditional; on a constant it is read', () => {
    const fetchTool = (test: string) =>
      `${Z}import AuthenticationHelper from './AuthenticationHelper';\nconst READ_ALL = true;\nexport function fetchTool(server, scopes: string[]) {\n  const canReadDocuments = ${test};\n  const allowedTypes = [\n    ...(canReadDocuments ? ["document"] : []),\n    ...(READ_ALL ? ["user"] : []),\n  ] as [string, ...string[]];\n  server.registerTool("fetch", { title: "Fetch", inputSchema: { resource: z.enum(allowedTypes) } }, ${handler});\n}\nfetchTool(server, []);\n`;
    const helper = 'export default class AuthenticationHelper { static canAccess(path: string, scopes: string[]) { return scopes.includes(path); } }\n';
    const [runTime] = tools({ 'fetch.ts': fetchTool('AuthenticationHelper.canAccess("documents.info", scopes)'), 'AuthenticationHelper.ts': helper });
    expect(runTime?.tool).toBeUndefined();
    expect(runTime?.unknown).toContain('an expression that is not evaluated statically: `canReadDocuments ? ["document"] : []` (fetch.ts:7)');
    const [constant] = tools({ 'fetch.ts': fetchTool('READ_ALL'), 'AuthenticationHelper.ts': helper });
    expect(constant?.unknown).toBeUndefined();
    expect(constant?.tool?.inputSchema).toMatchObject({ properties: { resource: { enum: ['document', 'user'] } } });
  });
});
