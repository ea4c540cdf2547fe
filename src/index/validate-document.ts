import { parseVersion, compareVersions } from '../core/version.js';
import { validateArtifact, validateIndex } from '../artifact/validate.js';
import type { ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../artifact/types.js';
import { checkIndexStructure } from './check.js';

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
  return { kind, valid: errors.length === 0, errors, warnings: [] };
}

/**
 * What the artifact schema cannot say. The strategy is a rendering of the verdict, but a
 * `RollingUpdate` beside a verdict that is not `true` would advise an unsafe rollout to anyone
 * reading the convenience field, so it is an error.
 */
export function artifactConsistencyErrors(artifact: ReleaseSafetyArtifact): string[] {
  const errors: string[] = [];
  const version = parseVersion(artifact.version);
  if (!version || version.text !== artifact.version) errors.push(`/version: "${artifact.version}" is not a release version X.Y.Z`);
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
  return errors;
}
