import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReleaseSafetyConfig } from '../config/types.js';
import type { StageResult } from '../stages/contract.js';
import type { Surface } from '../rules/types.js';
import { allStages, pipelineStages } from '../surfaces/registry.js';
import { combineRuns, KEYS_NO_STAGE_READS, mayReferenceSiblings, planSurface } from './checked-surfaces.js';

const keysOf = (surface: Surface) => pipelineStages[surface].configKeys;

const from: ReleaseSafetyConfig = {
  migrations: [{ dir: 'db', edition: 'core' }],
  openapi: 'api/openapi.yaml',
  env: { sources: ['src/**/*.ts'] },
};

describe('planSurface: the from config governs what must be compared', () => {
  it.each([
    ['unchanged', 'rest', from, ['to']],
    ['no config at from', 'rest', undefined, ['to']],
    ['switched off', 'rest', { ...from, openapi: false }, ['from']],
    ['unconfigured', 'migrations', { openapi: 'api/openapi.yaml' }, ['from']],
    ['moved', 'rest', { ...from, openapi: 'spec/openapi.yaml' }, ['moved api/openapi.yaml → spec/openapi.yaml']],
    ['./ added only', 'rest', { ...from, openapi: './api/openapi.yaml' }, ['to']],
    ['globs narrowed', 'config', { ...from, env: { sources: ['src/a/*.ts'] } }, ['to', 'from']],
    ['edition changed', 'migrations', { ...from, migrations: [{ dir: 'db', edition: 'ee' }] }, ['to', 'from']],
    ['postgresVersion raised', 'migrations', { ...from, postgresVersion: 17 }, ['to', 'from']],
    ['moved within a list', 'rest', { ...from, openapi: ['spec/openapi.yaml'] }, ['moved api/openapi.yaml → spec/openapi.yaml']],
    ['a list narrowed', 'rest', { ...from, openapi: ['api/openapi.yaml'] }, ['to']],
    ['routes switched off (none at from)', 'rest', { ...from, routes: false }, ['to']],
    ['routes narrowed', 'rest', { ...from, routes: { sources: ['a/*.ts'] } }, ['to']],
    ['moved and routes switched off', 'rest', { ...from, openapi: 'b.yaml', routes: false }, ['moved api/openapi.yaml → b.yaml']],
  ] as const)('%s', (_name, surface, to, expected) => {
    const toConfig = (to ?? from) as ReleaseSafetyConfig;
    const fromConfig = _name === 'no config at from' ? undefined : from;
    const runs = planSurface(keysOf(surface), fromConfig, toConfig).runs.map((run) =>
      run.moved ? `moved ${run.moved.basePath} → ${run.moved.headPath}` : run.config === toConfig ? 'to' : 'from',
    );
    expect(runs).toEqual(expected);
  });

  it('two documents gone and two new cannot be paired: unknown', () => {
    const plan = planSurface(keysOf('rest'), { openapi: ['a.yaml', 'b.yaml'] }, { openapi: ['c.yaml', 'd.yaml'] });
    expect(plan.unknown).toMatch(/which document moved where cannot be told/);
  });

  it('every key of the config schema is read by a surface or listed as read by none', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/release-safety.config.schema.json', import.meta.url), 'utf8')) as {
      properties: Record<string, unknown>;
    };
    const known = new Set<string>([...allStages().flatMap((stage) => stage.configKeys), ...KEYS_NO_STAGE_READS]);
    expect(Object.keys(schema.properties).filter((key) => !known.has(key))).toEqual([]);
  });

  it('lists what changed, key order aside', () => {
    const to = { env: { sources: ['src/**/*.ts'] }, openapi: false as const, migrations: [{ edition: 'core' as const, dir: 'db' }] };
    expect(planSurface(keysOf('rest'), from, to).changes).toEqual(['openapi: "api/openapi.yaml" → false']);
    expect(planSurface(keysOf('migrations'), from, to).changes).toEqual([]);
  });
});

describe('combineRuns', () => {
  const result = (checked: boolean, breaking: boolean | 'unknown', name: string): StageResult<string> => ({
    section: name,
    verdict: { checked, breaking },
    findings: [],
    notes: [name],
  });
  it.each([
    [[result(true, false, 'a'), result(true, false, 'b')], { checked: true, breaking: false }, 'a'],
    [[result(true, false, 'a'), result(true, true, 'b')], { checked: true, breaking: true }, 'b'],
    [[result(true, false, 'a'), result(false, 'unknown', 'b')], { checked: false, breaking: 'unknown' }, 'b'],
    [[result(false, 'unknown', 'a'), result(true, true, 'b')], { checked: false, breaking: true }, 'b'],
  ])('%#', (results, verdict, section) => {
    const combined = combineRuns(results);
    expect(combined.verdict).toEqual(verdict);
    expect(combined.section).toBe(section);
    expect(combined.notes).toEqual(['a', 'b']);
  });
});

it('mayReferenceSiblings: a $ref to another file, not a local pointer', () => {
  expect(mayReferenceSiblings("$ref: '#/components/schemas/A'")).toBe(false);
  expect(mayReferenceSiblings('"$ref": "./schemas.yaml#/A"')).toBe(true);
  expect(mayReferenceSiblings('$ref: schemas.yaml')).toBe(true);
});
