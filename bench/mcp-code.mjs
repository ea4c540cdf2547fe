#!/usr/bin/env node
/**
 * MCP-tools-from-code benchmark (README "MCP tools from code"). Run after `npm run build`:
 *
 *   node bench/mcp-code.mjs
 *
 * A generated zod-based MCP server: 40 tool files × 5 tools (200 tools) importing shared helpers.
 * (a) one tool file changed: the whole stage (closure, parse, extract both refs, diff, rules),
 *     cold in a fresh process (parser loading included) and warm;
 * (b) the same files parsed (src/syntax/parse.ts) and nothing else: the floor of any extraction;
 * (c) a release that changed no code file: decided from the file list, nothing read.
 *
 *   node bench/mcp-code.mjs --surcharge [runs=7]
 *
 * What the surface adds to a whole `generate` (bench/lib/surcharge.mjs): the same release (the 1 MB
 * spec and one tool file edited) with `mcpTools` configured and without it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

const FILES = 40;
const TOOLS_PER_FILE = 5;

function blobId(text) {
  return createHash('sha1').update(text).digest('hex');
}

const helpers = `import { z } from 'zod';
export const optionalString = (description: string) => z.string().trim().optional().describe(description);
export function uuidArg(description = 'A UUID') { return z.string().uuid().describe(description); }
export const MAX = 100;
export const paging = { limit: z.coerce.number().int().min(1).max(MAX).optional(), offset: z.number().int().nonnegative().default(0) };
export enum Status { Draft = 'draft', Live = 'live' }
`;

function toolFile(index, variant = '') {
  let text = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nimport { optionalString, paging, Status, uuidArg } from '../helpers.js';\n\nexport function register${index}(server: McpServer) {\n`;
  for (let tool = 0; tool < TOOLS_PER_FILE; tool++) {
    text += `  server.registerTool('tool_${index}_${tool}', {
    title: 'Tool ${index}.${tool}',
    description: 'Does thing ${tool} of resource ${index}.',
    inputSchema: { id: uuidArg(), query: optionalString('Filter'), status: z.nativeEnum(Status).optional(), tags: z.array(z.string().min(1)).max(20).default([]), ...paging${tool === 0 ? variant : ''} },
    outputSchema: { items: z.array(z.object({ id: z.string(), name: z.string(), updatedAt: z.string().datetime().nullable() })) },
    annotations: { readOnlyHint: ${tool % 2 === 0} },
  }, async () => ({ content: [] }));\n`;
  }
  return `${text}}\n`;
}

function tree(changed) {
  const files = { 'src/mcp/helpers.ts': helpers };
  for (let index = 0; index < FILES; index++) files[`src/mcp/tools/t${index}.ts`] = toolFile(index, changed && index === 7 ? ", extra: z.string()" : '');
  return files;
}

function inputFor(base, head) {
  const toTree = (files) => new Map(Object.entries(files).map(([path, text]) => [path, blobId(text)]));
  const trees = { base: toTree(base), head: toTree(head) };
  const changes = [...trees.head.keys()].filter((path) => trees.base.get(path) !== trees.head.get(path)).map((path) => ({ status: 'modified', path }));
  return {
    config: { mcpTools: { sources: ['src/mcp/tools/*.ts'] } },
    postgresVersion: 16,
    changes,
    trees,
    read: async (side, path) => (side === 'base' ? base : head)[path],
  };
}

if (process.argv[2] === '--surcharge') {
  const { measureSurcharge, SPEC } = await import('./lib/surcharge.mjs');
  const config = (mcp) => ({ migrations: false, openapi: SPEC.path, env: false, mcpTools: mcp ? { sources: ['src/mcp/tools/*.ts'] } : false });
  const [base, head] = [tree(false), tree(true)];
  measureSurcharge({
    title: `repository: 1 MB OpenAPI document, an MCP server of ${FILES} tool files × ${TOOLS_PER_FILE} tools; the release edits the spec and one tool file (an input field added)`,
    surface: 'mcpTools',
    base: { ...base, [SPEC.path]: SPEC.base() },
    head: { ...Object.fromEntries(Object.entries(head).filter(([path, text]) => base[path] !== text)), [SPEC.path]: SPEC.head() },
    withSurface: config(true),
    withoutSurface: config(false),
    runs: Number(process.argv[3] ?? 7),
    describeOutput: (out) => `mcp: ${JSON.stringify(out.mcp)}`.slice(0, 300),
  });
  process.exit(0);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

if (process.argv[2] === '--cold-child') {
  const started = performance.now();
  const { mcpStage } = await import('../dist/stages/mcp/index.js');
  const result = await mcpStage.run(inputFor(tree(false), tree(true)));
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, changes: result.section.changes }));
  process.exit(0);
}

const cold = [];
let coldResult;
for (let run = 0; run < 3; run++) {
  const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--cold-child'], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  coldResult = JSON.parse(child.stdout);
  cold.push(coldResult.ms);
}

const { mcpStage } = await import('../dist/stages/mcp/index.js');
const warm = [];
for (let run = 0; run < 5; run++) {
  // A new blob for the changed file each run, so the extraction cache does not answer.
  const head = tree(true);
  head['src/mcp/tools/t3.ts'] += `// run ${run}\n`;
  const started = performance.now();
  await mcpStage.run(inputFor(tree(false), head));
  warm.push(performance.now() - started);
}

const { parseSource } = await import('../dist/syntax/parse.js');
const parse = [];
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  for (const side of [tree(false), tree(true)]) {
    for (const [path, text] of Object.entries(side)) parseSource(path, `${text}// ${run}\n`);
  }
  parse.push(performance.now() - started);
}

const quietStarted = performance.now();
const quiet = await mcpStage.run({ ...inputFor(tree(false), tree(false)), changes: [{ status: 'modified', path: 'README.md' }] });
const quietMs = performance.now() - quietStarted;

const tools = FILES * TOOLS_PER_FILE;
console.log(`MCP tools from code: ${FILES} files, ${tools} tools per ref, one file changed`);
console.log(`  cold stage (fresh process, parser load included): ${median(cold).toFixed(0)} ms; changes: ${JSON.stringify(coldResult.changes)}`);
console.log(`  warm stage (both refs extracted): ${median(warm).toFixed(0)} ms (${((median(warm) / (2 * tools)) * 1000).toFixed(0)} µs per tool)`);
console.log(`  floor, parsing the same ${2 * (FILES + 1)} files: ${median(parse).toFixed(0)} ms`);
console.log(`  no code file changed: ${quietMs.toFixed(2)} ms (${quiet.verdict.breaking === false ? 'not breaking' : 'UNEXPECTED'})`);
