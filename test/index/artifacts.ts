import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import type { Tri } from '../../src/core/tristate.js';

/** A schema-valid artifact for index tests: only the fields the index reads vary. */
export function makeArtifact(
  version: string,
  previousVersion: string | null,
  options: { date?: string; safe?: Tri; requiredStops?: string[]; minPreviousVersion?: string | null } = {},
): ReleaseSafetyArtifact {
  const safe = options.safe ?? true;
  const surface = { checked: true, breaking: false as Tri, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 };
  return {
    schemaVersion: '2',
    version,
    previousVersion,
    releaseDate: options.date ?? '2026-01-01T00:00:00Z',
    migrations: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
    compatibility: { rollingUpdateSafe: safe, recommendedStrategy: safe === true ? 'RollingUpdate' : 'Recreate' },
    api: { rest: { ...surface }, mcp: { ...surface } },
    config: { checked: true, breaking: false, changes: [] },
    upgrade: { minPreviousVersion: options.minPreviousVersion ?? null, requiredStops: options.requiredStops ?? [] },
    declaredBreaks: [],
  };
}

export function writeArtifacts(dir: string, artifacts: readonly ReleaseSafetyArtifact[]): void {
  mkdirSync(dir, { recursive: true });
  for (const artifact of artifacts) writeFileSync(join(dir, `${artifact.version}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
}
