import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configStage } from '../../../src/stages/env/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * `next.config` `env:` entries are build-time mappings: Next.js inlines `process.env.cloudMode` in
 * the app with what the entry maps from. Shapes from umami v2.9.0 (`next.config.js`, `cloudMode:
 * process.env.CLOUD_MODE || ''`, `currentVersion: pkg.version`, `configUrl: '/config'`) and v2.13.0
 * (`const cloudMode = process.env.CLOUD_MODE;` … `env: { cloudMode }`), read by `src/app/(main)/*.tsx`.
 */
const ENV = { sources: ['src/**/*.{ts,tsx}'] };

const nextConfig = (cloudModeFrom: string) => `const pkg = require('./package.json');

const basePath = process.env.BASE_PATH;
const cloudMode = process.env.${cloudModeFrom};

/** @type {import('next').NextConfig} */
const config = {
  reactStrictMode: false,
  env: {
    basePath,
    cloudMode,
    cloudUrl: process.env.CLOUD_URL || '',
    configUrl: '/config',
    currentVersion: pkg.version,
  },
  basePath,
  output: 'standalone',
};

module.exports = config;
`;

const NAV_BAR = `export function NavBar() {
  const cloudMode = !!process.env.cloudMode;
  return cloudMode ? null : <a href={process.env.cloudUrl}>cloud</a>;
}
`;
const UPDATE_NOTICE = `export function UpdateNotice({ latest }: { latest: string }) {
  return latest !== process.env.currentVersion ? <p>{latest}</p> : null;
}
`;
const CONFIG_LINK = `export function ConfigLink() {
  return <a href={\`\${process.env.basePath || ''}\${process.env.configUrl}\`}>config</a>;
}
`;

describe('next.config env: mappings (a real git repository)', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = createRepo();
    repo.commit(
      {
        'package.json': '{ "name": "umami", "version": "2.9.0" }\n',
        'next.config.js': nextConfig('CLOUD_MODE'),
        'src/app/NavBar.tsx': NAV_BAR,
        'src/app/UpdateNotice.tsx': UPDATE_NOTICE,
      },
      { tag: '1.0.0' },
    );
    // The app stops reading one mapped key and starts reading two others: the operator sets the same variables.
    repo.commit({ 'src/app/UpdateNotice.tsx': null, 'src/app/ConfigLink.tsx': CONFIG_LINK }, { tag: '1.1.0' });
    // Only next.config changes: cloudMode now maps from another variable, a real rename for the operator.
    repo.commit({ 'next.config.js': nextConfig('CLOUD_MODE_ENABLED') }, { tag: '1.2.0' });
  });
  afterAll(async () => {
    await closeGitStageInputs();
    repo.cleanup();
  });

  it('reads of mapped keys are reads of what they map from; a literal or package.json value maps from nothing', async () => {
    const result = await configStage.run(await gitStageInput(repo.dir, '1.0.0', '1.1.0', { env: ENV }));
    expect(result.section.changes).toEqual([]);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    // BASE_PATH is new to the sources (next.config itself is not one); configUrl is a literal: no variable.
    expect(result.findings.map((finding) => [finding.rule, finding.params.name, finding.params.defaultValue])).toEqual([
      ['env-variable-added', 'BASE_PATH', "''"],
    ]);
  });

  it('a mapping that now maps from another variable is a change the operator must make, even when no source changed', async () => {
    const result = await configStage.run(await gitStageInput(repo.dir, '1.1.0', '1.2.0', { env: ENV }));
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes.map((change) => [change.type, change.name])).toEqual([['renamed', 'CLOUD_MODE_ENABLED']]);
  });
});
