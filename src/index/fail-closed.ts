import { ARTIFACT_SCHEMA_VERSION } from '../artifact/types.js';
import type { ApiSurfaceSection, ReleaseSafetyArtifact } from '../artifact/types.js';

/**
 * The artifact of a backfilled pair whose generation failed: nothing was checked, so nothing is
 * claimed. Every surface is unchecked with `breaking: "unknown"`, migrations `present: "unknown"`,
 * the verdict `unknown` and the strategy `Recreate`. The cause goes into the sidecar report.
 * `minPreviousVersion` is the floor carried from the previous release's artifact: it depends only on
 * that artifact, so it is known even when this release could not be read, and dropping it would allow
 * jumps over an earlier required stop.
 */
export function failClosedArtifact(
  version: string,
  previousVersion: string | null,
  releaseDate: string,
  minPreviousVersion: string | null = null,
): ReleaseSafetyArtifact {
  const unchecked = (): ApiSurfaceSection => ({ checked: false, breaking: 'unknown', changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 });
  return {
    schemaVersion: ARTIFACT_SCHEMA_VERSION,
    version,
    previousVersion,
    releaseDate,
    migrations: { present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] },
    compatibility: { rollingUpdateSafe: 'unknown', recommendedStrategy: 'Recreate' },
    api: { rest: unchecked(), mcp: unchecked() },
    config: { checked: false, breaking: 'unknown', changes: [] },
    upgrade: { minPreviousVersion, requiredStops: [] },
    declaredBreaks: [],
  };
}
