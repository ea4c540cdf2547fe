import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { serviceReleases, type ServiceReleases } from './service-releases.js';

/**
 * `bump-check` over real deployment repositories (git, two commits: the base and the pull request's
 * head), with the service's index and artifacts committed in the deployment repository and named by
 * its `release-safety.config.json` at the base.
 */
interface BumpJson {
  bumps: {
    file: string;
    line: number;
    image: string;
    fromVersion: string;
    toVersion: string;
    safe: boolean;
    verdict: string;
    strategy: string;
    requiredStops: string[];
    minPreviousVersion: string | null;
    hops: { from: string; to: string; strategy: string; releases: string[] }[];
    envFindings: { release: string; change: string; oldName: string; newName: string | null; file: string; line: number; edit: string }[];
    reasons: string[];
  }[];
  notChecked: { file: string; image: string; reason: string }[];
}

let service: ServiceReleases;
const repos: TestRepo[] = [];
const CONFIG = { images: { 'ghcr.io/acme/app': { index: 'ops/app/release-safety-index.json', tags: 'v{version}', artifacts: 'ops/app/artifacts' } } };

beforeAll(() => {
  service = serviceReleases();
}, 60_000);

afterAll(() => {
  for (const repo of repos) repo.cleanup();
  rmSync(service.folder, { recursive: true, force: true });
});

/** A deployment repository: the base commit (config, the service's index and artifacts, `base`), then the head commit (`head`). */
function deployment(base: Record<string, string | null>, head: Record<string, string | null>, config: unknown = CONFIG) {
  const repo = createRepo();
  repos.push(repo);
  const baseSha = repo.commit({ 'release-safety.config.json': JSON.stringify(config, null, 2), ...service.files('ops/app'), ...base });
  const headSha = repo.commit(head, { message: 'chore(deps): update ghcr.io/acme/app' });
  return { repo, base: baseSha, head: headSha };
}

function bumpCheck(target: { repo: TestRepo; base: string; head: string }, extra: string[] = ['--json']) {
  const run = runCli(['bump-check', '--repo', target.repo.dir, '--base', target.base, '--head', target.head, ...extra]);
  return { ...run, json: extra.includes('--json') ? (JSON.parse(run.stdout) as BumpJson) : undefined };
}

/** The service's index with every release claimed rolling-safe: what a hostile pull request would point at. */
function everythingSafe(): string {
  const index = JSON.parse(readFileSync(service.indexFile, 'utf8')) as { entries: { rollingUpdateSafe: unknown; backfilled: boolean }[] };
  for (const entry of index.entries) entry.rollingUpdateSafe = true;
  return JSON.stringify(index);
}

const compose = (tag: string, environment = '') => `services:\n  web:\n    image: ghcr.io/acme/app:${tag}\n${environment}  db:\n    image: postgres:16\n`;

describe('bump-check: each file kind', () => {
  it('compose, Helm values (both shapes), Kustomize, raw manifests and multi-document YAML with anchors: a safe bump is exit 0, each with its file and line', () => {
    const values = (tag: string) =>
      `replicaCount: 2\nimage:\n  repository: ghcr.io/acme/app\n  tag: ${tag}\n  pullPolicy: IfNotPresent\nworker:\n  enabled: true\n  image: "ghcr.io/acme/app:${tag}"\n`;
    const manifests = (tag: string) =>
      [
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: app\nspec:\n  ports: [{ port: 80 }]\n',
        `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  template:\n    spec:\n      initContainers:\n        - name: migrate\n          image: &app ghcr.io/acme/app:${tag}\n      containers:\n        - name: app\n          image: *app\n`,
        `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: cleanup\nspec:\n  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n            - name: cleanup\n              image: ghcr.io/acme/app:${tag}\n`,
      ].join('---\n');
    const kustomization = (tag: string) =>
      `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [../../base]\nimages:\n  - name: ghcr.io/acme/app\n    newTag: ${tag}\n`;
    const target = deployment(
      {
        'compose.yaml': compose('v1.1.0'),
        'chart/values.yaml': values('v1.1.0'),
        'k8s/app.yaml': manifests('v1.1.0'),
        'overlays/prod/kustomization.yaml': kustomization('v1.1.0'),
      },
      {
        'compose.yaml': compose('v1.2.0'),
        'chart/values.yaml': values('v1.2.0'),
        'k8s/app.yaml': manifests('v1.2.0'),
        'overlays/prod/kustomization.yaml': kustomization('v1.2.0'),
      },
    );
    const run = bumpCheck(target);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(
      run.json!.bumps.map((bump) => `${bump.file}:${bump.line} ${bump.image} ${bump.fromVersion}→${bump.toVersion} ${bump.verdict} ${bump.strategy}`),
    ).toEqual([
      'chart/values.yaml:4 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
      'chart/values.yaml:8 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
      'compose.yaml:3 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
      // The anchor's line for both the init container and the container that aliases it.
      'k8s/app.yaml:17 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
      'k8s/app.yaml:17 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
      'k8s/app.yaml:34 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
      'overlays/prod/kustomization.yaml:6 ghcr.io/acme/app 1.1.0→1.2.0 SAFE RollingUpdate',
    ]);
    expect(run.json!.bumps[0]!.hops).toEqual([{ from: '1.1.0', to: '1.2.0', releases: ['1.2.0'], strategy: 'RollingUpdate', why: [] }]);
    expect(run.json!.notChecked).toEqual([]);
  });
});

describe('bump-check: compose interpolation', () => {
  it('a tag set in the .env of the compose folder (`image: app:${APP_VERSION}`) is a bump at the .env line, although the compose file did not change', () => {
    const composeFile = 'services:\n  web:\n    image: ghcr.io/acme/app:${APP_VERSION:-v1.0.0}\n    environment:\n      MAIL_HOST: smtp.internal\n';
    const target = deployment(
      { 'deploy/compose.yaml': composeFile, 'deploy/.env': '# pinned by renovate\nAPP_VERSION=v1.2.0\n' },
      { 'deploy/.env': '# pinned by renovate\nAPP_VERSION=v1.4.0\n' },
    );
    const run = bumpCheck(target);
    expect(run.status).toBe(1);
    expect(run.json!.bumps).toHaveLength(1);
    expect(run.json!.bumps[0]).toMatchObject({ file: 'deploy/.env', line: 2, fromVersion: '1.2.0', toVersion: '1.4.0', verdict: 'UNSAFE' });
    expect(run.json!.bumps[0]!.envFindings).toMatchObject([{ oldName: 'MAIL_HOST', file: 'deploy/compose.yaml', line: 5 }]);
  });
});

describe('bump-check: verdicts', () => {
  it('across a false release: Recreate, exit 1, and the compose environment (map and env_file) that sets a renamed or removed variable, with file:line', () => {
    const environment = '    env_file: [app.env]\n    environment:\n      MAIL_HOST: smtp.internal\n      PAGE_SIZE: "20"\n';
    const target = deployment(
      { 'compose.yaml': compose('v1.2.0', environment), 'app.env': '# mail\nLEGACY_MODE=1\nDATABASE_URL=postgres://db/app\n' },
      { 'compose.yaml': compose('v1.4.0', environment) },
    );
    const run = bumpCheck(target);
    expect(run.status).toBe(1);
    const [bump] = run.json!.bumps;
    expect(bump).toMatchObject({
      file: 'compose.yaml',
      line: 3,
      fromVersion: '1.2.0',
      toVersion: '1.4.0',
      safe: false,
      verdict: 'UNSAFE',
      strategy: 'Recreate',
      requiredStops: [],
    });
    expect(bump!.hops).toEqual([{ from: '1.2.0', to: '1.4.0', releases: ['1.3.0', '1.4.0'], strategy: 'Recreate', why: ['1.3.0 is not rolling-safe'] }]);
    expect(bump!.envFindings).toEqual([
      {
        release: '1.3.0',
        change: 'renamed',
        oldName: 'MAIL_HOST',
        newName: 'SMTP_HOST',
        file: 'compose.yaml',
        line: 6,
        edit: 'rename MAIL_HOST to SMTP_HOST: 1.3.0 reads only the new name',
      },
      {
        release: '1.3.0',
        change: 'removed',
        oldName: 'LEGACY_MODE',
        newName: null,
        file: 'app.env',
        line: 2,
        edit: 'remove LEGACY_MODE: 1.3.0 no longer reads it',
      },
    ]);
    expect(bump!.reasons).toContain('span rule 1: rollingUpdateSafe is false for 1.3.0');
  });

  it('a compose environment list, and a container env list, are read too', () => {
    const composeList = compose('v1.2.0', '    environment:\n      - DATABASE_URL=postgres://db/app\n      - MAIL_HOST=smtp.internal\n');
    const deploymentYaml = (tag: string) =>
      `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: app\nspec:\n  template:\n    spec:\n      containers:\n        - name: app\n          image: ghcr.io/acme/app:${tag}\n          env:\n            - name: LEGACY_MODE\n              value: "1"\n`;
    const target = deployment(
      { 'compose.yaml': composeList, 'k8s/app.yaml': deploymentYaml('v1.2.0') },
      { 'compose.yaml': composeList.replace('v1.2.0', 'v1.4.0'), 'k8s/app.yaml': deploymentYaml('v1.4.0') },
    );
    const run = bumpCheck(target);
    expect(run.status).toBe(1);
    expect(run.json!.bumps.flatMap((bump) => bump.envFindings.map((finding) => `${finding.file}:${finding.line} ${finding.oldName}`))).toEqual([
      'compose.yaml:6 MAIL_HOST',
      'k8s/app.yaml:12 LEGACY_MODE',
    ]);
  });

  it('across a required stop: the hops through it, minPreviousVersion, exit 1', () => {
    const target = deployment({ 'compose.yaml': compose('v1.4.0') }, { 'compose.yaml': compose('v1.7.0') });
    const run = bumpCheck(target);
    expect(run.status).toBe(1);
    const [bump] = run.json!.bumps;
    expect(bump).toMatchObject({
      fromVersion: '1.4.0',
      toVersion: '1.7.0',
      safe: false,
      strategy: 'Recreate',
      requiredStops: ['1.5.0'],
      minPreviousVersion: null,
    });
    expect(bump!.hops.map(({ from, to, strategy }) => `${from}→${to} ${strategy}`)).toEqual(['1.4.0→1.5.0 RollingUpdate', '1.5.0→1.7.0 RollingUpdate']);
  });

  it('a version missing from the index, a downgrade, an unmapped image, a non-version tag and a digest-only change', () => {
    const base = `services:\n  a:\n    image: ghcr.io/acme/app:v1.2.0\n  b:\n    image: ghcr.io/acme/app:v1.2.0\n  c:\n    image: postgres:15\n  d:\n    image: ghcr.io/acme/app:v1.2.0\n  e:\n    image: ghcr.io/acme/app:v1.2.0@sha256:${'a'.repeat(64)}\n  f:\n    image: ghcr.io/acme/app@sha256:${'c'.repeat(64)}\n`;
    const head = `services:\n  a:\n    image: ghcr.io/acme/app:v1.9.0\n  b:\n    image: ghcr.io/acme/app:v1.1.0\n  c:\n    image: postgres:16\n  d:\n    image: ghcr.io/acme/app:latest\n  e:\n    image: ghcr.io/acme/app:v1.2.0@sha256:${'b'.repeat(64)}\n  f:\n    image: ghcr.io/acme/app@sha256:${'d'.repeat(64)}\n`;
    const run = bumpCheck(deployment({ 'compose.yaml': base }, { 'compose.yaml': head }));
    expect(run.status).toBe(1);
    const [missing, downgrade] = run.json!.bumps;
    expect(missing).toMatchObject({ line: 3, fromVersion: '1.2.0', toVersion: '1.9.0', safe: false, verdict: 'UNSAFE', strategy: 'Recreate', hops: [] });
    expect(missing!.reasons[0]).toContain('to version 1.9.0 is newer than the newest release in the index (1.7.0)');
    expect(downgrade).toMatchObject({ line: 5, fromVersion: '1.2.0', toVersion: '1.1.0', safe: false, strategy: 'Recreate', hops: [] });
    expect(downgrade!.reasons).toEqual([
      'direction: downgrade from 1.2.0 to 1.1.0: database migrations do not run backwards, so a downgrade is never rolling-safe',
    ]);
    expect(run.json!.notChecked).toEqual([
      { file: 'compose.yaml', image: 'postgres:16', reason: 'no entry for postgres in "images" of release-safety.config.json' },
      {
        file: 'compose.yaml',
        image: 'ghcr.io/acme/app:latest',
        reason: 'tag "latest" is not a release version under v{version} (a configured image: the change is not proven safe)',
      },
      {
        file: 'compose.yaml',
        image: `ghcr.io/acme/app:v1.2.0@sha256:${'b'.repeat(64)}`,
        reason: 'only the digest changed (same tag): a rebuild of the same version, not a version bump',
      },
      {
        file: 'compose.yaml',
        image: `ghcr.io/acme/app@sha256:${'d'.repeat(64)}`,
        reason: `ghcr.io/acme/app@sha256:${'c'.repeat(64)} is pinned by digest only: no version to check (a configured image: the change is not proven safe)`,
      },
    ]);
  });

  it('a service renamed in the same commit that moves its tag is still a bump', () => {
    const renamed = compose('v1.4.0').replace('  web:', '  web-v2:');
    const run = bumpCheck(deployment({ 'compose.yaml': compose('v1.2.0') }, { 'compose.yaml': renamed }));
    expect(run.status).toBe(1);
    expect(run.json!.bumps).toMatchObject([{ file: 'compose.yaml', line: 3, fromVersion: '1.2.0', toVersion: '1.4.0', verdict: 'UNSAFE' }]);
  });

  it('a changed file that is not YAML at the head, whose base names a configured image, keeps the exit code at 1; a Helm template is not listed', () => {
    const template = (tag: string) => `apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: {{ .Values.replicas }}\n  tag: ${tag}\n`;
    const run = bumpCheck(
      deployment(
        { 'compose.yaml': compose('v1.2.0'), 'chart/templates/deployment.yaml': template('a') },
        { 'compose.yaml': `${compose('v1.4.0')}  broken: [\n`, 'chart/templates/deployment.yaml': template('b') },
      ),
    );
    expect(run.status).toBe(1);
    expect(run.json!.bumps).toEqual([]);
    expect(run.json!.notChecked).toHaveLength(1);
    expect(run.json!.notChecked[0]!.file).toBe('compose.yaml');
    expect(run.json!.notChecked[0]!.reason).toMatch(
      /^the file cannot be read as YAML \(at the head, document 1: .*\); it names the configured image ghcr\.io\/acme\/app, whose change cannot be seen$/,
    );
  });

  it('a safe span whose release artifact is missing from the configured folder: the env check is incomplete, exit 1', () => {
    const target = deployment({ 'compose.yaml': compose('v1.1.0'), 'ops/app/artifacts/1.2.0.json': null }, { 'compose.yaml': compose('v1.2.0') });
    const run = bumpCheck(target);
    expect(run.status).toBe(1);
    expect(run.json!.bumps[0]).toMatchObject({ safe: true, verdict: 'SAFE', strategy: 'RollingUpdate' });
    expect(run.json!.bumps[0]!.reasons).toEqual([
      expect.stringMatching(
        /^incomplete: the artifact of 1\.2\.0 could not be read \(ops\/app\/artifacts\/1\.2\.0\.json at [0-9a-f]{40} \([0-9a-f]{12}\): no such file\)/,
      ),
    ]);
  });

  it('an unmapped image alone does not change the exit code', () => {
    const run = bumpCheck(deployment({ 'compose.yaml': compose('v1.2.0') }, { 'compose.yaml': compose('v1.2.0').replace('postgres:16', 'postgres:17') }));
    expect(run.status).toBe(0);
    expect(run.json).toEqual({
      bumps: [],
      notChecked: [{ file: 'compose.yaml', image: 'postgres:17', reason: 'no entry for postgres in "images" of release-safety.config.json' }],
    });
  });

  it("the base's config decides: a pull request that also points the image at another index is checked against the base's", () => {
    const lenient = { images: { 'ghcr.io/acme/app': { index: 'ops/lenient-index.json', tags: 'v{version}' } } };
    const target = deployment(
      { 'compose.yaml': compose('v1.2.0') },
      { 'compose.yaml': compose('v1.4.0'), 'release-safety.config.json': JSON.stringify(lenient), 'ops/lenient-index.json': everythingSafe() },
    );
    const run = bumpCheck(target);
    expect(run.status).toBe(1);
    expect(run.json!.bumps[0]).toMatchObject({ fromVersion: '1.2.0', toVersion: '1.4.0', verdict: 'UNSAFE' });
  });
});

describe('bump-check: usage and input errors', () => {
  it('exit 2 naming the problem: an unknown ref, an invalid images config, a missing option; --help shows examples', () => {
    const target = deployment({ 'compose.yaml': compose('v1.2.0') }, { 'compose.yaml': compose('v1.4.0') });
    const unknownRef = runCli(['bump-check', '--repo', target.repo.dir, '--base', 'nope', '--head', target.head]);
    expect(unknownRef.status).toBe(2);
    expect(unknownRef.stderr).toContain('unknown ref "nope"');
    const invalid = deployment({ 'compose.yaml': compose('v1.2.0') }, { 'compose.yaml': compose('v1.4.0') }, { images: { 'ghcr.io/acme/app': { index: '' } } });
    const invalidRun = runCli(['bump-check', '--repo', invalid.repo.dir, '--base', invalid.base, '--head', invalid.head]);
    expect(invalidRun.status).toBe(2);
    expect(invalidRun.stderr).toContain('/images/ghcr.io~1acme~1app/index');
    expect(runCli(['bump-check', '--head', 'HEAD']).status).toBe(2);
    const help = runCli(['bump-check', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('release-safety bump-check --base origin/main --head HEAD');
  });
});
