import { parsePrereleaseVersion, parseVersion, compareVersions } from '../core/version.js';
import { validateArtifact, validateIndex } from '../artifact/validate.js';
import type { ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../artifact/types.js';
import { checkIndexStructure } from '../artifact/index-check.js';

/**
 * `validate`: decides whether a parsed JSON document is an artifact or an index, checks it against
 * its schema, then checks what a schema cannot express. Structural checks run only on documents the
 * schema accepted (they rely on its types).
 */

export type DocumentKind = 'artifact' | 'index' | 'unknown';

export interface DocumentValidation {
  kind: DocumentKind;
  valid: boolean;
  errors: string[];
  warnings: string[];
}

export function detectKind(data: unknown): DocumentKind {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'unknown';
  const record = data as Record<string, unknown>;
  if ('entries' in record || 'backfillFloorVersion' in record) return 'index';
  if ('compatibility' in record || 'migrations' in record || record.schemaVersion === '2') return 'artifact';
  return 'unknown';
}

export function validateDocument(data: unknown): DocumentValidation {
  const kind = detectKind(data);
  if (kind === 'unknown') {
    return {
      kind,
      valid: false,
      errors: ['/: neither a release-safety artifact (with "compatibility") nor an index (with "entries")'],
      warnings: [],
    };
  }
  if (kind === 'index') {
    const schema = validateIndex(data);
    if (!schema.valid) return { kind, valid: false, errors: schema.errors, warnings: [] };
    const problems = checkIndexStructure(data as ReleaseSafetyIndex);
    const errors = problems.filter((p) => p.level === 'error').map((p) => p.message);
    const warnings = problems.filter((p) => p.level === 'warning').map((p) => p.message);
    return { kind, valid: errors.length === 0, errors, warnings };
  }
  const schema = validateArtifact(data);
  if (!schema.valid) return { kind, valid: false, errors: schema.errors, warnings: [] };
  const errors = artifactConsistencyErrors(data as ReleaseSafetyArtifact);
  return { kind, valid: errors.length === 0, errors, warnings: acceptedHeavinessWarnings(data as ReleaseSafetyArtifact) };
}

/**
 * What the artifact schema cannot say. The strategy is a rendering of the verdict, but a
 * `RollingUpdate` beside a verdict that is not `true` would advise an unsafe rollout to anyone
 * reading the convenience field, so it is an error.
 */
export function artifactConsistencyErrors(artifact: ReleaseSafetyArtifact): string[] {
  const errors: string[] = [];
  // A dry run's pre-release (`1.3.0-rc.1`) is a valid artifact; `index` refuses to take it as an entry.
  const version = parseVersion(artifact.version) ?? parsePrereleaseVersion(artifact.version)?.release;
  const canonical = parseVersion(artifact.version)?.text ?? parsePrereleaseVersion(artifact.version)?.text;
  if (!version || canonical !== artifact.version) errors.push(`/version: "${artifact.version}" is not a release version X.Y.Z`);
  if (artifact.previousVersion !== null) {
    const previous = parseVersion(artifact.previousVersion);
    if (!previous) errors.push(`/previousVersion: "${artifact.previousVersion}" is not a release version X.Y.Z`);
    else if (version && compareVersions(previous, version) >= 0) {
      errors.push(`/previousVersion: ${artifact.previousVersion} is not older than ${artifact.version}`);
    }
  }
  const safe = artifact.compatibility.rollingUpdateSafe;
  const strategy = artifact.compatibility.recommendedStrategy;
  if (safe === true && strategy !== 'RollingUpdate') {
    errors.push(`/compatibility/recommendedStrategy: ${strategy} contradicts rollingUpdateSafe true`);
  }
  if (safe !== true && strategy !== 'Recreate') {
    errors.push(`/compatibility/recommendedStrategy: ${strategy} with rollingUpdateSafe ${JSON.stringify(safe)} (only true may recommend RollingUpdate)`);
  }
  if (safe === true) {
    for (const disproof of whatDisprovesSafe(artifact)) errors.push(`/compatibility/rollingUpdateSafe: true contradicts ${disproof}`);
  }
  return errors;
}

/** `true` beside a heavy migration: valid only as a maintainer's acknowledgement, which the release's report shows. */
function acceptedHeavinessWarnings(artifact: ReleaseSafetyArtifact): string[] {
  if (artifact.compatibility.rollingUpdateSafe !== true) return [];
  return artifact.migrations.files
    .map((file, position) => ({ file, position }))
    .filter(({ file }) => Object.values(file.heaviness).includes(true))
    .map(
      ({ file, position }) =>
        `/migrations/files/${position}/heaviness: ${file.name} is heavy beside rollingUpdateSafe true: its findings were accepted by the maintainer (see the release's report, "Accepted")`,
    );
}

/**
 * `true` is only proven when every surface was checked and found not breaking, no migration is
 * unclassified (a heavy one only when its findings were accepted), and nothing is declared (the verdict table of docs/generate.md). An
 * artifact that says `true` beside a section saying otherwise (hand-edited, or another producer's
 * bug) would reach the index and make spans SAFE on no evidence; it is refused instead.
 */
function whatDisprovesSafe(artifact: ReleaseSafetyArtifact): string[] {
  const disproofs: string[] = [];
  const surfaces = [
    ['/api/rest', artifact.api.rest],
    ['/api/mcp', artifact.api.mcp],
    ['/config', artifact.config],
  ] as const;
  for (const [pointer, section] of surfaces) {
    if (!section.checked || section.breaking !== false)
      disproofs.push(`${pointer}: checked ${String(section.checked)}, breaking ${JSON.stringify(section.breaking)}`);
  }
  if (artifact.migrations.present === 'unknown') disproofs.push('/migrations/present: "unknown"');
  // A flag `true` beside `true` is a heavy statement the maintainer accepted with a reason (the
  // release's report lists it; the flags stay as observed). `unknown` can never be accepted.
  artifact.migrations.files.forEach((file, position) => {
    if (Object.values(file.heaviness).some((flag) => flag === 'unknown')) {
      disproofs.push(`/migrations/files/${position}/heaviness: ${file.name} may lock, rewrite or scan a table (unknown)`);
    }
  });
  if (artifact.declaredBreaks.length > 0) disproofs.push(`/declaredBreaks: ${artifact.declaredBreaks.length} declared break(s)`);
  return disproofs;
}
