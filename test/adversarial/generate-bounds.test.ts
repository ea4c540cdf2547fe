import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, configText } from '../generate/release-service.js';
import { hostileRepo, type HostileRepo } from './generate-harness.js';
import { generateRelease } from '../../src/generate/generate.js';
import { openRepository } from '../../src/git/repository.js';

/**
 * Bounded work on hostile input to `generate` (issue 28): a config glob built to backtrack is refused
 * with a clear error (a pull request may edit the config it is checked with), and a 20,000-deep
 * OpenAPI schema gives a depth-limit message naming the file, not a stack overflow.
 */
let hostile: HostileRepo;
beforeAll(async () => {
  hostile = await hostileRepo(7);
});
afterAll(() => hostile.close());

const withEnvSources = (sources: string[]) => ({ 'release-safety.config.json': configText({ ...CONFIG, env: { ...CONFIG.env, sources } }) });

describe('pathological config globs are refused, quickly', () => {
  it.each([
    ['many `**` segments', `${Array(12).fill('**').join('/a/')}/b.ts`, /`\*\*` segments/],
    ['`*a*a*a…` in one segment', `src/${'*a'.repeat(12)}*b.ts`, /wildcards in the segment/],
    ['many wildcards across segments', 'src/*a*/*b*/*c*/x.ts', /wildcards besides/],
    ['an extended glob', 'src/+(a|aa)+(a|aa)*.ts', /extended glob/],
  ])('%s', async (_name, glob, why) => {
    const long = `src/config/${'a'.repeat(60)}/${'b'.repeat(60)}.ts`;
    const started = Date.now();
    const verdict = await hostile.verdictOf(hostile.release({ ...withEnvSources([glob]), [long]: 'export const x = process.env.X;\n' }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(verdict).toMatch(/^refused: invalid config .*env\/sources\/0: the pattern/);
    expect(verdict).toMatch(why);
  });

  it('ordinary globs are still taken', async () => {
    const verdict = await hostile.verdictOf(
      hostile.release(withEnvSources(['src/config/**/*.ts', 'apps/*/src/**/*.{ts,js}', 'packages/*-server/**/*.config.ts'])),
    );
    expect(String(verdict)).not.toMatch(/^refused/);
  });
});

describe('deeply nested OpenAPI', () => {
  it.each(['api/openapi.yaml'])('a 20,000-deep schema (JSON text) in %s: a depth limit naming the file, never a stack overflow, never true', async (file) => {
    const deep = `${'{"type": "object", "properties": {"a": '.repeat(20_000)}{"type": "string"}${'}}'.repeat(20_000)}`;
    const spec = {
      openapi: '3.0.3',
      info: { title: 'items', version: '1' },
      paths: {
        '/items': { get: { operationId: 'listItems', responses: { '200': { description: 'ok', content: { 'application/json': { schema: '@DEEP@' } } } } } },
      },
    };
    const text = JSON.stringify(spec).replace('"@DEEP@"', deep);
    const tag = hostile.release({ [file]: text });
    const repository = await openRepository(hostile.repo.dir);
    try {
      const outcome = await generateRelease(repository, { from: '1.0.0', to: tag });
      expect(outcome.artifact.compatibility.rollingUpdateSafe).not.toBe(true);
      const notes = outcome.stages.flatMap((stage) => stage.notes).join('\n');
      expect(notes).not.toMatch(/call stack/i);
      expect(notes).toContain(file);
      expect(notes).toMatch(/nest|deep|depth/i);
    } finally {
      await repository.close();
    }
  });
});
