import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { runCli } from '../helpers/cli.js';
import type { TestRepo } from '../helpers/git-fixture.js';

/**
 * A small, fully configured service (every surface) for end-to-end generate tests: a quiet release
 * of it is proven `true`, so any other answer comes from the change under test.
 */

export const OPENAPI = `openapi: 3.0.3
info: {title: items, version: '1'}
paths:
  /items:
    get:
      operationId: listItems
      responses: {'200': {description: ok}}
  /items/{id}:
    delete:
      operationId: deleteItem
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {'204': {description: gone}}
`;

/** The same spec without `DELETE /items/{id}`: a removed operation, breaking. */
export const OPENAPI_WITHOUT_DELETE = OPENAPI.slice(0, OPENAPI.indexOf('  /items/{id}:'));

export const TOOLS = `${JSON.stringify({ tools: [{ name: 'search_docs', description: 'Search', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } }] }, null, 2)}\n`;

export const SETTINGS = `export const settings = {
  port: Number(process.env.PORT || '8080'),
  sessionSecret: process.env.SESSION_SECRET || 'change-me',
};
`;

export const CONFIG = {
  migrations: [{ dir: 'db/migrations', edition: 'core' }],
  openapi: 'api/openapi.yaml',
  mcpTools: 'mcp/tools.json',
  env: { sources: ['src/config/**/*.ts'], envFiles: ['.env.example'] },
};

export function configText(config: Record<string, unknown>): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

export const SERVICE: Record<string, string> = {
  'release-safety.config.json': configText(CONFIG),
  'db/migrations/001_init.sql': 'create table items (id text primary key, name text not null);\n',
  'api/openapi.yaml': OPENAPI,
  'mcp/tools.json': TOOLS,
  'src/config/settings.ts': SETTINGS,
  '.env.example': 'PORT=8080\n',
};

export interface Generated {
  artifact: ReleaseSafetyArtifact;
  report: string;
  status: number;
  stderr: string;
}

/** `generate --from --to` through the built CLI; the artifact and the markdown report. */
export function generate(repo: TestRepo, from: string, to: string, extra: readonly string[] = []): Generated {
  const out = mkdtempSync(join(tmpdir(), 'rs-gen-'));
  try {
    const run = runCli([
      'generate',
      '--repo',
      repo.dir,
      '--from',
      from,
      '--to',
      to,
      '--out',
      join(out, 'a.json'),
      '--report',
      join(out, 'r.md'),
      '--quiet',
      ...extra,
    ]);
    if (run.status !== 0) throw new Error(`generate exited ${run.status}: ${run.stderr}`);
    return {
      artifact: JSON.parse(readFileSync(join(out, 'a.json'), 'utf8')) as ReleaseSafetyArtifact,
      report: readFileSync(join(out, 'r.md'), 'utf8'),
      status: run.status,
      stderr: run.stderr,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
