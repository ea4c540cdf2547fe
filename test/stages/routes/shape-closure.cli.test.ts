import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * End to end through the built CLI (`generate`): lightdash's layout (0.1640.0) — a tsoa controller
 * kept out of the committed document with `@Hidden()`, its body type in the workspace package
 * @lightdash/common. A release that only adds a required property to that type (the controller
 * untouched) was `api.rest` checked with no breaking change: a wrong `true` for REST.
 */

let repo: TestRepo | undefined;
let out: string | undefined;
afterEach(() => {
  repo?.cleanup();
  if (out) rmSync(out, { recursive: true, force: true });
});

const controller = [
  "import { ApiCreateAiAgent } from '@lightdash/common';",
  "import { Body, Hidden, Post, Route } from '@tsoa/runtime';",
  "@Route('/api/v1/aiAgents')",
  '@Hidden()',
  'export class AiAgentController {',
  "  @Post('/')",
  '  async createAgent(@Body() body: ApiCreateAiAgent): Promise<{ status: string }> {',
  "    return { status: 'ok' };",
  '  }',
  '}',
  '',
].join('\n');
const types = (fields: string) => `export type ApiCreateAiAgent = {\n  projectUuid: string;${fields}\n};\nexport type Other = { a: string };\n`;

function generate(head: Record<string, string>) {
  repo = createRepo();
  repo.commit(
    {
      'release-safety.config.json': JSON.stringify({
        openapi: 'packages/backend/src/generated/swagger.json',
        routes: { sources: ['packages/backend/src/**/*.ts'] },
      }),
      'packages/backend/src/generated/swagger.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'api', version: '1' }, paths: {} }),
      'packages/backend/src/ee/controllers/aiAgentController.ts': controller,
      'packages/common/package.json': JSON.stringify({ name: '@lightdash/common', version: '1.0.0', main: 'dist/cjs/index.js' }),
      'packages/common/src/index.ts': "export * from './ee/AiAgent';\n",
      'packages/common/src/ee/AiAgent.ts': types(''),
    },
    { tag: '1.0.0' },
  );
  repo.commit(head, { tag: '1.1.0' });
  out = mkdtempSync(join(tmpdir(), 'rs-shapes-'));
  const target = join(out, 'release-safety.json');
  const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target]);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(target, 'utf8')) as { api: { rest: { checked: boolean; breaking: unknown } }; compatibility: { rollingUpdateSafe: unknown } };
}

describe('generate: a hidden route body type changed in a workspace package', () => {
  it('is unknown for REST and never true (failed before: checked, not breaking)', () => {
    const artifact = generate({ 'packages/common/src/ee/AiAgent.ts': types('\n  name: string;') });
    expect(artifact.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });

  it('a type no hidden route uses changed: REST stays checked with no breaking change', () => {
    const artifact = generate({ 'packages/common/src/ee/AiAgent.ts': types('').replace('a: string', 'a: number') });
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false });
  });
});
