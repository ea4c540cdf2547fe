import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configStage } from '../../../src/stages/env/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Defaults joined across unrelated reads (issue 32, item 5): a dev preview server's
 * `process.env.PORT || 3001` beside the app's `process.env.PORT || 3000` (lightdash's backend reads
 * `process.env.PORT || 8080`, its scheduler `|| 8081`, a playwright config `|| 3002`). A change in a
 * read the service does not run is not the variable's default changing; a change in the app's is.
 */
const ENV = { sources: ['src/**/*.ts'] };
const server = (port: number) => `import express from 'express';

const app = express();
app.listen(process.env.PORT || ${port});
`;
const previewServer = (port: number) => `import { createServer } from 'vite';

const server = await createServer({ server: { port: Number(process.env.PORT || ${port}) } });
await server.listen();
`;
const devScript = (port: number) => `// Starts the app with a seeded database for local development.
process.env.PORT = process.env.PORT || '${port}';
await import('../src/server.js');
`;

describe('defaults joined across unrelated reads (a real git repository)', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = createRepo();
    repo.commit({ 'src/server.ts': server(3000), 'src/preview-server.ts': previewServer(3001), 'scripts/dev.ts': devScript(3001) }, { tag: '1.0.0' });
    repo.commit({ 'src/preview-server.ts': previewServer(3002), 'scripts/dev.ts': devScript(3002) }, { tag: '1.1.0' });
    repo.commit({ 'src/server.ts': server(8080) }, { tag: '1.2.0' });
  });
  afterAll(async () => {
    await closeGitStageInputs();
    repo.cleanup();
  });

  it('the preview server (a default exclude) and a script outside the sources change their PORT default: no change', async () => {
    const result = await configStage.run(await gitStageInput(repo.dir, '1.0.0', '1.1.0', { env: ENV }));
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.section.changes).toEqual([]);
    expect(result.findings).toEqual([]);
  });

  it("the app's own default changes: reported with the app's values only", async () => {
    const result = await configStage.run(await gitStageInput(repo.dir, '1.1.0', '1.2.0', { env: ENV }));
    expect(result.section.changes).toEqual([{ type: 'defaultChanged', name: 'PORT', previousDefault: '3000', defaultValue: '8080' }]);
  });
});
