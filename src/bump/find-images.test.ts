import { describe, expect, it } from 'vitest';
import { findImages, interpolate } from './find-images.js';
import { imageKey, parseImageReference } from './image-ref.js';

/** The deployment-file reader on the shapes real repositories write (compose, manifests, Helm values, Kustomize). */
const summary = (file: string, text: string) =>
  findImages(file, text).occurrences.map((found) => ({
    at: `${found.line} ${found.kind} ${found.location}`,
    image: `${found.reference.repository}|${found.reference.tag ?? ''}|${found.reference.digest ?? ''}`,
    env: found.env.map((setting) => `${setting.name}@${setting.line}`),
    envFiles: found.envFiles.map((envFile) => `${envFile.path}${envFile.required ? '' : '?'}`),
  }));

describe('findImages', () => {
  it('compose: merge keys and anchors, environment list and map, env_file forms', () => {
    const text = [
      'x-defaults: &defaults',
      '  environment: &env',
      '    MAIL_HOST: smtp',
      'services:',
      '  web:',
      '    <<: *defaults',
      '    image: ghcr.io/acme/app:v1.2.0',
      '    env_file: [.env, { path: ./extra.env, required: false }]',
      '  worker:',
      '    image: ghcr.io/acme/app:v1.2.0',
      '    env_file: ../shared.env',
      '    environment:',
      '      - QUEUE=default',
      '      - DEBUG',
      '  built:',
      '    build: .',
    ].join('\n');
    expect(summary('deploy/compose.yml', text)).toEqual([
      { at: '7 compose services.web', image: 'ghcr.io/acme/app|v1.2.0|', env: ['MAIL_HOST@3'], envFiles: ['deploy/.env', 'deploy/extra.env?'] },
      { at: '10 compose services.worker', image: 'ghcr.io/acme/app|v1.2.0|', env: ['QUEUE@13', 'DEBUG@14'], envFiles: ['shared.env'] },
    ]);
  });

  it('Helm values: registry + repository + tag (a number keeps its text), "repo:tag", nested lists by name, env beside the image', () => {
    const text = [
      'global: { imageRegistry: "" }',
      'image:',
      '  registry: docker.io',
      '  repository: bitnami/postgresql',
      '  tag: 16.4',
      'components:',
      '  - name: api',
      '    image: "ghcr.io/acme/api:2.0.1@sha256:abc"',
      '    env:',
      '      - name: LOG_LEVEL',
      '        value: info',
      '  - name: web',
      '    image: { repository: ghcr.io/acme/web, tag: "1.10" }',
      '    extraEnv: { FEATURE_X: "on" }',
    ].join('\n');
    expect(summary('chart/values.yaml', text)).toEqual([
      { at: '5 helm-values image', image: 'docker.io/bitnami/postgresql|16.4|', env: [], envFiles: [] },
      { at: '8 helm-values components[api].image', image: 'ghcr.io/acme/api|2.0.1|sha256:abc', env: ['LOG_LEVEL@10'], envFiles: [] },
      { at: '13 helm-values components[web].image', image: 'ghcr.io/acme/web|1.10|', env: ['FEATURE_X@14'], envFiles: [] },
    ]);
  });

  it('Kubernetes: CronJob and Job pod specs, init containers first; other kinds are not values files', () => {
    const text = [
      'apiVersion: batch/v1',
      'kind: Job',
      'metadata: { name: migrate }',
      'spec:',
      '  template:',
      '    spec:',
      '      initContainers: [{ name: wait, image: "busybox:1.36" }]',
      '      containers: [{ name: migrate, image: "ghcr.io/acme/app:v1.2.0", env: [{ name: DATABASE_URL, valueFrom: { secretKeyRef: { name: db, key: url } } }] }]',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: { name: settings }',
      'data: { image: "not/an:image-reference" }',
    ].join('\n');
    expect(summary('k8s/job.yaml', text).map(({ at, image, env }) => ({ at, image, env }))).toEqual([
      { at: '7 kubernetes Job/migrate initContainers[wait]', image: 'busybox|1.36|', env: [] },
      { at: '8 kubernetes Job/migrate containers[migrate]', image: 'ghcr.io/acme/app|v1.2.0|', env: ['DATABASE_URL@8'] },
    ]);
  });

  it('Kustomize: newName over name, newTag and digest', () => {
    const text = 'kind: Kustomization\nimages:\n  - name: app\n    newName: ghcr.io/acme/app\n    newTag: v1.3.0\n  - name: redis\n    digest: sha256:def\n';
    expect(summary('overlays/prod/kustomization.yaml', text).map(({ at, image }) => `${at} ${image}`)).toEqual([
      '5 kustomize images[app] ghcr.io/acme/app|v1.3.0|',
      '7 kustomize images[redis] redis||sha256:def',
    ]);
  });

  it('a document that is not YAML is a problem, not an empty file', () => {
    const found = findImages('values.yaml', 'image:\n  tag: [v1\n---\nimage: "a/b:1.0.0"\n');
    expect(found.problems).toHaveLength(1);
    expect(found.problems[0]).toBe('document 1: Flow sequence in block collection must be sufficiently indented and end with a ] (line 3)');
  });
});

describe('image references', () => {
  it.each([
    ['ghcr.io/acme/app:v1.2.3', 'ghcr.io/acme/app', 'v1.2.3', undefined],
    ['registry:5000/team/app:1.0.0', 'registry:5000/team/app', '1.0.0', undefined],
    ['registry:5000/team/app', 'registry:5000/team/app', undefined, undefined],
    ['postgres@sha256:abc', 'postgres', undefined, 'sha256:abc'],
  ])('%s', (text, repository, tag, digest) => {
    expect(parseImageReference(text)).toEqual({ repository, ...(tag ? { tag } : {}), ...(digest ? { digest } : {}) });
  });

  it('Docker Hub names match with or without the host and library/', () => {
    expect(new Set(['postgres', 'docker.io/library/postgres', 'index.docker.io/library/postgres', 'library/postgres'].map(imageKey))).toEqual(
      new Set(['postgres']),
    );
    expect(imageKey('docker.io/outline/outline')).toBe('outline/outline');
    expect(imageKey('ghcr.io/library/app')).toBe('ghcr.io/library/app');
  });
});

describe('compose interpolation', () => {
  const variables = new Map([
    ['TAG', { value: 'v1.2.0', file: '.env', line: 3 }],
    ['EMPTY', { value: '', file: '.env', line: 4 }],
  ]);
  it.each([
    ['app:${TAG}', 'app:v1.2.0'],
    ['app:$TAG', 'app:v1.2.0'],
    ['app:${MISSING:-v9.0.0}', 'app:v9.0.0'],
    ['app:${EMPTY:-v9.0.0}', 'app:v9.0.0'],
    ['app:${EMPTY-v9.0.0}', 'app:'],
    ['app:${MISSING}', 'app:'],
    ['app:${TAG:?set TAG}', 'app:v1.2.0'],
    ['$$literal', '$literal'],
  ])('%s → %s', (written, expected) => {
    expect(interpolate(written, variables).text).toBe(expected);
  });

  it('the image tag from .env is cited at its .env line', () => {
    const [found] = findImages('compose.yaml', 'services:\n  web:\n    image: ghcr.io/acme/app:${TAG}\n', variables).occurrences;
    expect(found).toMatchObject({ line: 3, reference: { tag: 'v1.2.0' }, tagSource: { file: '.env', line: 3 } });
  });
});
