import { describe, expect, it } from 'vitest';
import { loadModuleLayout } from '../syntax/modules.js';
import { detectEnv, type RepositoryView } from './detect.js';

/**
 * Issue #30: env sources are rooted at the files that read the environment through an env module
 * too (outline's plugins import `@server/utils/environment`), with the exclusions init applies to
 * readers. Paths and shapes from outline v1.9.2 (`server/utils/environment.ts`, `plugins/*\/server/env.ts`).
 */
const EXT = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const ENVIRONMENT = 'export default withFileSecrets(process.env);\n';
const TSCONFIG = JSON.stringify({ compilerOptions: { paths: { '@server/*': ['./server/*'], '@shared/*': ['./shared/*'] } } });

async function view(files: Record<string, string>): Promise<RepositoryView> {
  const read = (file: string) => files[file];
  return {
    files: Object.keys(files).sort(),
    read,
    moduleLayout: await loadModuleLayout(Object.keys(files), (file) => Promise.resolve(read(file))),
  };
}

const sourcesOf = (proposal: ReturnType<typeof detectEnv>) => (proposal.value as { sources: string[] }).sources;

describe('init: env sources at the importers of an env module', () => {
  it('a plugin importing the env module through a tsconfig alias roots plugins/** (outline)', async () => {
    const proposal = detectEnv(
      await view({
        'package.json': '{ "name": "outline", "private": true }',
        'tsconfig.json': TSCONFIG,
        'server/utils/environment.ts': ENVIRONMENT,
        'plugins/slack/server/env.ts': 'import environment from "@server/utils/environment";\nexport const id = environment.SLACK_CLIENT_ID;\n',
        'app/index.ts': 'export const x = 1;\n',
      }),
    );
    expect(sourcesOf(proposal)).toEqual([`plugins/**/*.${EXT}`, `server/**/*.${EXT}`]);
    expect(proposal.evidence).toContain('plugins/** imports server/utils/environment.ts (1 of its files)');
  });

  it('a relative import counts; a barrel re-exporting the env module is followed, a plain importer is not', async () => {
    const proposal = detectEnv(
      await view({
        'package.json': '{ "name": "svc", "private": true }',
        'shared/env.ts': 'export default process.env;\n',
        'lib/index.ts': "export { default as env } from '../shared/env';\n",
        'jobs/run.ts': "import { env } from '../lib';\nexport const port = env.PORT;\n",
        // Reads a value of `config`, not the environment: its importers are not env sources.
        'config/index.ts': "import env from '../shared/env';\nexport const config = { port: env.PORT };\n",
        'app/main.ts': "import { config } from '../config';\nexport const port = config.port;\n",
      }),
    );
    expect(sourcesOf(proposal)).toEqual([`config/**/*.${EXT}`, `jobs/**/*.${EXT}`, `lib/**/*.${EXT}`, `shared/**/*.${EXT}`]);
  });

  it('tests, stories, declaration files, build configs and packages that are not the service add no root', async () => {
    const importer = "import env from '@svc/config';\nexport const a = env.A;\n";
    const proposal = detectEnv(
      await view({
        'package.json': '{ "name": "root", "private": true }',
        'packages/config/package.json': JSON.stringify({ name: '@svc/config', private: true, main: 'src/index.ts' }),
        'packages/config/src/index.ts': 'export default process.env;\n',
        'apps/server/package.json': JSON.stringify({ name: 'server', private: true, dependencies: { '@svc/config': '*' } }),
        'apps/server/src/main.ts': importer,
        'apps/server/test/env.ts': importer,
        'apps/server/src/env.test.ts': importer,
        'apps/server/src/env.d.ts': importer,
        'apps/server/vite.config.ts': importer,
        'apps/server/stories/env.tsx': importer,
        // Browser test suites (umami's cypress/, formbricks' apps/web/playwright/).
        'apps/server/playwright/fixtures.ts': importer,
        'cypress/support/commands.ts': "import env from '../packages/config/src';\nexport const b = env.B;\n",
        // A test harness package: init keeps it out of the env sources.
        'packages/testcontainers/package.json': JSON.stringify({ name: '@svc/testcontainers', private: true }),
        'packages/testcontainers/src/index.ts': importer,
      }),
    );
    expect(sourcesOf(proposal)).toEqual([`apps/server/src/**/*.${EXT}`, `packages/config/src/**/*.${EXT}`]);
  });
});
