import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, configText, OPENAPI, OPENAPI_WITHOUT_DELETE } from '../generate/release-service.js';
import { hostileRepo, type HostileRepo } from './generate-harness.js';

/**
 * The adversarial guard for `generate` (issue 11): hostile refs, file names, config paths, corrupt,
 * binary, huge and deeply nested files, circular `$ref`s. Each case either is refused as bad input
 * (exit 2 in the CLI) or gives a verdict that is never `true` when the release hides a break.
 */
let hostile: HostileRepo;
beforeAll(async () => {
  hostile = await hostileRepo(3);
});
afterAll(() => hostile.close());

const DROP = 'drop table items;\n';
const withConfig = (change: Record<string, unknown>) => ({ 'release-safety.config.json': configText({ ...CONFIG, ...change }) });

describe('hostile refs are refused, never run', () => {
  it.each([
    '--upload-pack=touch pwned',
    '-h',
    '--output=pwned',
    'HEAD;touch pwned',
    '$(touch pwned)',
    '`touch pwned`',
    '1.0.0..HEAD',
    '1.0.0\ntouch pwned',
    'HEAD^{tree}',
    'refs/heads/../../config',
    'x'.repeat(5000),
    '',
  ])('%j', async (ref) => {
    const verdict = await hostile.verdictOf(ref, { version: '9.0.0', previousVersion: '1.0.0' });
    expect(verdict).toMatch(/^refused: /);
    expect(existsSync(join(hostile.repo.dir, 'pwned'))).toBe(false);
  });
});

describe('hostile file names carry their DROP TABLE into the verdict', () => {
  it.each([
    'db/migrations/002_$(touch pwned).sql',
    'db/migrations/002 "quoted" \\ back.sql',
    'db/migrations/002\nnewline.sql',
    'db/migrations/-rf.sql',
    'db/migrations/002_ünïcödé_😀.sql',
    `db/migrations/002_${'long_'.repeat(45)}.sql`,
  ])('%j', async (path) => {
    expect(await hostile.verdictOf(hostile.release({ [path]: DROP }))).toBe(false);
    expect(existsSync(join(hostile.repo.dir, 'pwned'))).toBe(false);
  });
});

describe('config paths outside the repository, absolute or globbed', () => {
  it.each([
    ['openapi with ..', { openapi: '../outside.yaml' }],
    ['openapi absolute', { openapi: '/etc/passwd' }],
    ['mcpTools with ..', { mcpTools: 'mcp/../../x.json' }],
    ['migrations dir with ..', { migrations: [{ dir: '../db', edition: 'core' }] }],
    ['migrations dir absolute', { migrations: [{ dir: '/var/lib', edition: 'core' }] }],
  ])('%s: refused', async (_name, change) => {
    expect(await hostile.verdictOf(hostile.release({ ...withConfig(change), 'db/migrations/002.sql': DROP }))).toMatch(/^refused: /);
  });

  it.each([
    ['migrations dir as a glob (switched in this release)', { migrations: [{ dir: 'db/*', edition: 'core' }] }],
    ['env sources reaching out of the repository', { env: { sources: ['../**/*.ts'] } }],
    ['openapi as a glob', { openapi: 'api/*.yaml' }],
  ])('%s: never true', async (_name, change) => {
    const tag = hostile.release({ ...withConfig(change), 'db/migrations/002.sql': DROP, 'api/openapi.yaml': OPENAPI_WITHOUT_DELETE });
    const verdict = await hostile.verdictOf(tag);
    expect(verdict === false || String(verdict).startsWith('refused: ')).toBe(true);
  });
});

describe('corrupt, binary, huge and deeply nested files', () => {
  const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0xfe, 0, 1, 2, 3]);
  it.each([
    ['openapi spec replaced by binary bytes', { 'api/openapi.yaml': binary }],
    ['openapi spec truncated mid-document', { 'api/openapi.yaml': OPENAPI.slice(0, OPENAPI.length / 2) }],
    ['openapi spec not an object', { 'api/openapi.yaml': '- just\n- a list\n' }],
    ['MCP snapshot truncated', { 'mcp/tools.json': '{"tools": [{"name": "search_docs"' }],
    ['MCP snapshot binary', { 'mcp/tools.json': binary }],
    ['MCP snapshot of the wrong shape', { 'mcp/tools.json': '{"tools": {"search_docs": true}}' }],
    ['a binary migration', { 'db/migrations/002_blob.sql': binary }],
    ['a migration that is not SQL', { 'db/migrations/002_text.sql': 'this is not ( SQL at all ;;\n' }],
    ['an env source that does not parse', { 'src/config/settings.ts': 'export const = process.env.PORT ((' }],
    ['the config itself binary', { 'release-safety.config.json': binary }],
    [
      'deeply nested MCP snapshot',
      { 'mcp/tools.json': `{"tools": [{"name": "search_docs", "inputSchema": ${'{"items":'.repeat(20_000)}{}${'}'.repeat(20_000)}}]}` },
    ],
    ['deeply nested OpenAPI (YAML flow)', { 'api/openapi.yaml': `${OPENAPI}x-deep: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n` }],
  ])('%s: never true', async (_name, files) => {
    const verdict = await hostile.verdictOf(hostile.release(files));
    expect(verdict).not.toBe(true);
  });

  it('a DROP TABLE after 1 MB of comments is still found', async () => {
    const huge = `${'-- padding padding padding padding padding padding padding padding\n'.repeat(16_000)}${DROP}`;
    expect(await hostile.verdictOf(hostile.release({ 'db/migrations/002_huge.sql': huge }))).toBe(false);
  });
});

describe('circular references', () => {
  const SELF = `openapi: 3.0.3
info: {title: items, version: '1'}
paths:
  /items:
    get:
      operationId: listItems
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Loop'}}}}}
components:
  schemas:
    Loop: {$ref: '#/components/schemas/Loop'}
`;
  const MUTUAL = SELF.replace(
    "Loop: {$ref: '#/components/schemas/Loop'}",
    "Loop: {$ref: '#/components/schemas/Pool'}\n    Pool: {$ref: '#/components/schemas/Loop'}",
  );
  it.each([
    ['a schema that is a reference to itself', SELF],
    ['two schemas referring to each other', MUTUAL],
  ])('%s, with an operation removed: never true, and it ends', async (_name, spec) => {
    expect(await hostile.verdictOf(hostile.release({ 'api/openapi.yaml': spec }))).not.toBe(true);
  });

  it('an MCP tool schema that refers to its own root', async () => {
    const tools = {
      tools: [{ name: 'search_docs', description: 'Search', inputSchema: { type: 'object', properties: { next: { $ref: '#' } }, required: ['next'] } }],
    };
    expect(await hostile.verdictOf(hostile.release({ 'mcp/tools.json': JSON.stringify(tools) }))).not.toBe(true);
  });
});
