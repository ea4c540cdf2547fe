import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { extractTools } from './extract-tools.js';
import { loadProgram } from './program.js';

/**
 * Differential test: each zod expression is both run by real zod 3 + zod-to-json-schema with the
 * options the MCP SDK uses for `tools/list`, and read statically by our extractor from source.
 * The two JSON Schemas must be equal (zod-to-json-schema's `$ref`s to earlier uses inlined).
 */

function sdkInputSchema(expression: string): unknown {
  const value = new Function('z', `return (${expression});`)(z) as z.ZodTypeAny;
  const json = zodToJsonSchema(z.object({ a: value }), { strictUnions: true, pipeStrategy: 'input' });
  return inlineRefs(json, json);
}

function inlineRefs(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, root));
  if (node && typeof node === 'object') {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const target = ref
        .split('/')
        .slice(1)
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], root);
      return inlineRefs(target, root);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, root)]));
  }
  return node;
}

function staticInputSchema(expression: string, prelude = ''): unknown {
  const text = `import { z } from 'zod';\n${prelude}\nserver.registerTool('t', { inputSchema: { a: ${expression} } }, async () => ({ content: [] }));\n`;
  const program = loadProgram(['tools.ts'], new Map([['tools.ts', text]]));
  if (!('sources' in program)) throw new Error(program.message);
  try {
    const extraction = extractTools(program);
    if (!extraction.ok) throw new Error(extraction.reasons.join('; '));
    const [tool] = extraction.tools;
    if (!tool?.tool) throw new Error(tool?.unknown ?? 'no tool');
    return tool.tool.inputSchema;
  } finally {
    program.release();
  }
}

const EXPRESSIONS = [
  'z.string()',
  'z.string().optional()',
  'z.string().min(1).max(200).describe("Search text")',
  'z.string().length(3)',
  'z.string().email()',
  'z.string().uuid().optional()',
  'z.string().url()',
  'z.string().regex(/^[a-z]+$/)',
  'z.string().regex(/^a/).regex(/b$/)',
  'z.string().email().url()',
  'z.string().datetime()',
  'z.string().startsWith("ab.c")',
  'z.string().trim().toLowerCase().nonempty()',
  'z.string().nullable()',
  'z.string().min(2).nullable()',
  'z.string().nullish()',
  'z.string().default("x")',
  'z.string().describe("d").optional()',
  'z.string().optional().describe("d")',
  'z.number()',
  'z.number().int().min(1).max(100).optional()',
  'z.number().positive()',
  'z.number().nonnegative().lt(10)',
  'z.number().gt(0).lte(5).multipleOf(0.5)',
  'z.coerce.number().int().min(1).max(100).optional()',
  'z.coerce.boolean().default(false)',
  'z.number().int().default(20)',
  'z.bigint()',
  'z.boolean()',
  'z.boolean().nullable().optional()',
  'z.date()',
  'z.coerce.date().optional()',
  'z.enum(["asc", "desc"])',
  'z.enum(["asc", "desc"]).default("asc")',
  'z.enum(["a", "b", "c"]).exclude(["b"])',
  'z.nativeEnum({ Draft: "draft", Published: "published" })',
  'z.nativeEnum({ Low: 0, High: 1, 0: "Low", 1: "High" })',
  'z.literal("fixed")',
  'z.literal(3)',
  'z.array(z.string())',
  'z.array(z.string()).min(1).max(10)',
  'z.string().array().nonempty()',
  'z.array(z.any())',
  'z.object({ id: z.string(), n: z.number().optional() })',
  'z.object({ id: z.string() }).strict()',
  'z.object({ id: z.string() }).passthrough()',
  'z.object({ id: z.string() }).catchall(z.number())',
  'z.object({ id: z.string(), x: z.number() }).partial()',
  'z.object({ id: z.string(), x: z.number() }).partial({ x: true })',
  'z.object({ id: z.string().optional(), x: z.number().default(1) }).required()',
  'z.object({ id: z.string() }).extend({ x: z.number() })',
  'z.object({ id: z.string() }).merge(z.object({ x: z.boolean() }).strict())',
  'z.object({ id: z.string(), x: z.number() }).pick({ x: true })',
  'z.object({ id: z.string(), x: z.number() }).omit({ x: true })',
  'z.object({ id: z.string(), x: z.number() }).keyof()',
  'z.record(z.number())',
  'z.record(z.string(), z.boolean())',
  'z.record(z.string().min(2), z.boolean())',
  'z.record(z.enum(["a", "b"]), z.string())',
  'z.union([z.string(), z.number()])',
  'z.union([z.string().min(1), z.number()])',
  'z.union([z.literal("a"), z.literal("b")])',
  'z.union([z.enum(["a"]), z.enum(["b", "a"])])',
  'z.string().or(z.number().int())',
  'z.union([z.object({ a: z.string() }), z.any()])',
  'z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), x: z.string() }), z.object({ kind: z.literal("b") })])',
  'z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))',
  'z.tuple([z.string(), z.number()])',
  'z.tuple([z.string()]).rest(z.number())'.replace('.rest(z.number())', ''),
  'z.string().refine((v) => v.length > 2)',
  'z.string().transform((v) => v.length)',
  'z.preprocess((v) => v, z.number())',
  'z.string().pipe(z.coerce.number())',
  'z.any()',
  'z.unknown().optional()',
  'z.string().brand("Id")',
  'z.string().catch("x")',
  'z.string().readonly()',
  'z.object({ tags: z.array(z.string()).default([]), filter: z.object({ q: z.string() }).optional() })',
];

describe('zod → JSON Schema, against zod-to-json-schema as the MCP SDK calls it', () => {
  it.each(EXPRESSIONS)('%s', (expression) => {
    expect(staticInputSchema(expression)).toEqual(sdkInputSchema(expression));
  });

  it('a shared constant used twice is inlined where zod-to-json-schema writes a $ref', () => {
    const prelude = 'const Id = z.string().uuid();';
    expect(staticInputSchema('z.object({ from: Id, to: Id })', prelude)).toEqual(
      sdkInputSchema('z.object({ from: z.string().uuid(), to: z.string().uuid() })'),
    );
  });
});
