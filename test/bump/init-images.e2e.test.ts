import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** `init` in a deployment repository proposes an `images` entry per versioned image, leaving `index` to the operator. */
const repos: TestRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

describe('init in a deployment repository', () => {
  it('proposes images with their tag pattern and no index; bump-check then lists them as not checked yet', () => {
    const repo = createRepo();
    repos.push(repo);
    const compose = (tag: string) =>
      `services:\n  app:\n    image: ghcr.io/acme/app:${tag}\n  db:\n    image: postgres:16\n  wiki:\n    image: docker.io/requarks/wiki:2.5.300\n`;
    repo.commit({ 'compose.yaml': compose('v1.2.0'), 'chart/values.yaml': 'image:\n  repository: ghcr.io/acme/app\n  tag: v1.2.0\n' });
    const printed = runCli(['init', '--repo', repo.dir, '--print']);
    expect(printed.status).toBe(0);
    const config = JSON.parse(printed.stdout) as { images: Record<string, unknown> };
    expect(config.images).toEqual({ 'ghcr.io/acme/app': { tags: 'v{version}' }, 'docker.io/requarks/wiki': {} });
    expect(printed.stderr).toContain('images["ghcr.io/acme/app"]: found at chart/values.yaml:3; set "index"');

    const written = runCli(['init', '--repo', repo.dir]);
    expect(written.status).toBe(0);
    repo.commit({});
    const configured = repo.git('rev-parse', 'HEAD');
    const head = repo.commit({ 'compose.yaml': compose('v1.3.0') });
    const check = runCli(['bump-check', '--repo', repo.dir, '--base', configured, '--head', head, '--json']);
    expect(check.status).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({
      bumps: [],
      notChecked: [
        {
          file: 'compose.yaml',
          image: 'ghcr.io/acme/app:v1.3.0',
          reason: 'images["ghcr.io/acme/app"] has no "index" yet: set where the service publishes its release-safety index',
        },
      ],
    });
  });
});
