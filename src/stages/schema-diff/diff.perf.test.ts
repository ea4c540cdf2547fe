import { describe, expect, it } from 'vitest';
import { createSchemaDiffMemo, diffSchemas } from './diff.js';
import type { DiffSchemasOptions } from './types.js';

/**
 * The micro-benchmark behind the figure in docs/schema-diff.md: a generated OpenAPI-style
 * document of 850 component schemas (~1 MB of JSON) whose refs form cycles, diffed component by
 * component the way the REST stage walks a spec. Bounds are generous (CI has 2 slow cores);
 * the measured figures are printed.
 */
const SCHEMA_COUNT = 850;

/**
 * Components come in clusters (a domain: dashboard, tile, chart…) whose refs cycle inside the
 * cluster, plus refs to a shared cluster of common types. `clusterSize` = SCHEMA_COUNT makes the
 * whole spec one cycle reachable from everywhere: the worst case.
 */
function generatedSpec(clusterSize: number): { components: { schemas: Record<string, unknown> } } {
  const schemas: Record<string, unknown> = {};
  const inCluster = (i: number, step: number) => {
    const start = Math.floor(i / clusterSize) * clusterSize;
    const size = Math.min(clusterSize, SCHEMA_COUNT - start);
    return { $ref: `#/components/schemas/Entity${start + ((i - start + step) % size)}` };
  };
  for (let i = 0; i < SCHEMA_COUNT; i++) {
    const properties: Record<string, unknown> = {
      id: { type: 'string', format: 'uuid', description: `Identifier of entity ${i}` },
      name: { type: 'string', minLength: 1, maxLength: 255, description: 'Human readable name of the entity, shown in lists' },
      createdAt: { type: 'string', format: 'date-time' },
      count: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      ratio: { type: 'number', nullable: true },
      status: { type: 'string', enum: ['active', 'archived', 'deleted', 'pending'] },
      tags: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9-]+$' }, maxItems: 50, uniqueItems: true },
      metadata: { type: 'object', additionalProperties: { type: 'string', maxLength: 1024 } },
      parent: inCluster(i, 1), // a ring through the cluster: a cycle
      related: { type: 'array', items: inCluster(i, 3) },
      owner: { allOf: [{ $ref: `#/components/schemas/Entity${(i * 13) % clusterSize}` }, { description: 'The owning entity (shared types)' }] },
      payload: {
        oneOf: [{ type: 'string' }, { type: 'object', properties: { value: { type: 'number' }, unit: { type: 'string', enum: ['ms', 's', 'min'] } } }],
      },
    };
    schemas[`Entity${i}`] = {
      type: 'object',
      description: `Entity number ${i} of the generated benchmark spec`,
      required: ['id', 'name', 'status'],
      properties,
    };
  }
  return { components: { schemas } };
}

function diffAllComponents(base: ReturnType<typeof generatedSpec>, revision: ReturnType<typeof generatedSpec>, shareMemo: boolean) {
  const memo = shareMemo ? createSchemaDiffMemo() : undefined;
  let changeCount = 0;
  const started = performance.now();
  for (const name of Object.keys(base.components.schemas)) {
    const options: DiffSchemasOptions = { baseRoot: base, revisionRoot: revision, ...(memo ? { memo } : {}) };
    changeCount += diffSchemas(base.components.schemas[name], revision.components.schemas[name], options).length;
  }
  return { changeCount, ms: performance.now() - started };
}

describe('diffSchemas performance', () => {
  it('clusters of 10 schemas: all 850 components, identical or one change apart, with a shared memo', () => {
    const base = generatedSpec(10);
    const bytes = JSON.stringify(base).length;
    const changed = structuredClone(base);
    (changed.components.schemas.Entity15 as { properties: { count: { maximum: number } } }).properties.count.maximum = 10;
    const identical = diffAllComponents(base, structuredClone(base), true);
    const oneChange = diffAllComponents(base, changed, true);

    expect(bytes).toBeGreaterThan(900_000);
    expect(identical.changeCount).toBe(0);
    // Each of the 10 components of Entity15's cluster reaches it and reports it once.
    expect(oneChange.changeCount).toBe(10);
    const rate = (ms: number) => Math.round(SCHEMA_COUNT / (ms / 1000));
    console.log(
      `schema diff bench (clusters of 10): ${SCHEMA_COUNT} schemas, ${(bytes / 1e6).toFixed(2)} MB; ` +
        `identical: ${identical.ms.toFixed(0)} ms (${rate(identical.ms)} schemas/s); one change: ${oneChange.ms.toFixed(0)} ms (${rate(oneChange.ms)} schemas/s)`,
    );
    expect(identical.ms).toBeLessThan(3_000);
    expect(oneChange.ms).toBeLessThan(3_000);
  });

  it('worst case, one cycle through all 850 schemas: one call walks the whole spec once', () => {
    const base = generatedSpec(SCHEMA_COUNT);
    const changed = structuredClone(base);
    (changed.components.schemas.Entity5 as { properties: { count: { maximum: number } } }).properties.count.maximum = 10;
    const started = performance.now();
    const changes = diffSchemas({ $ref: '#/components/schemas/Entity0' }, { $ref: '#/components/schemas/Entity0' }, { baseRoot: base, revisionRoot: changed });
    const ms = performance.now() - started;
    // Reached through the ring and through `related`/`owner` shortcuts: reported once, at the shortest path.
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'constraint-tightened', detail: 'maximum' });
    expect(changes[0]!.path.endsWith('.count')).toBe(true);
    console.log(
      `schema diff bench (one 850-schema cycle): one call over the whole spec: ${ms.toFixed(0)} ms (${Math.round(SCHEMA_COUNT / (ms / 1000))} schemas/s)`,
    );
    expect(ms).toBeLessThan(3_000);
  });
});
