import {
  ARTIFACT_SCHEMA_VERSION,
  type ApiSurfaceSection,
  type CompatibilitySection,
  type ConfigChange,
  type ConfigSection,
  type DeclaredBreak,
  type MigrationFile,
  type MigrationsSection,
  type ReleaseSafetyArtifact,
  type SurfaceState,
  type UpgradeSection,
} from './types.js';
import { compareText } from '../core/compare-text.js';

/**
 * Builds `release-safety.json` from the stage sections and the verdict. Every object is rebuilt
 * member by member in the contract's order and every list is sorted, so the same refs always give a
 * byte-identical file whatever order the stages produced things in.
 */
export interface AssembleInput {
  version: string;
  previousVersion: string | null;
  releaseDate: string;
  migrations: MigrationsSection;
  rest: ApiSurfaceSection;
  mcp: ApiSurfaceSection;
  config: ConfigSection;
  declaredBreaks: readonly DeclaredBreak[];
  verdict: VerdictOfArtifact;
}

/** What the artifact takes of the verdict (`decideVerdict` builds it, one layer up). */
export interface VerdictOfArtifact {
  compatibility: CompatibilitySection;
  upgrade: UpgradeSection;
  /** The effective states of the surfaces whose sections carry `checked`/`breaking`. */
  surfaces: { readonly rest: SurfaceState; readonly mcp: SurfaceState; readonly config: SurfaceState };
}

export function assembleArtifact(input: AssembleInput): ReleaseSafetyArtifact {
  const { verdict } = input;
  return {
    schemaVersion: ARTIFACT_SCHEMA_VERSION,
    version: input.version,
    previousVersion: input.previousVersion,
    releaseDate: input.releaseDate,
    migrations: migrationsSection(input.migrations),
    compatibility: {
      rollingUpdateSafe: verdict.compatibility.rollingUpdateSafe,
      recommendedStrategy: verdict.compatibility.recommendedStrategy,
    },
    api: {
      rest: apiSection(input.rest, verdict.surfaces.rest),
      mcp: apiSection(input.mcp, verdict.surfaces.mcp),
    },
    config: configSection(input.config, verdict.surfaces.config),
    upgrade: {
      minPreviousVersion: verdict.upgrade.minPreviousVersion,
      requiredStops: [...verdict.upgrade.requiredStops].sort(),
    },
    declaredBreaks: [...input.declaredBreaks]
      .map((item) => ({ file: item.file, line: item.line, reason: item.reason, requiredStop: item.requiredStop }))
      .sort((a, b) => compareText(a.file, b.file) || a.line - b.line || compareText(a.reason, b.reason)),
  };
}

function migrationsSection(section: MigrationsSection): MigrationsSection {
  const files: MigrationFile[] = section.files
    .map((file) => ({
      name: file.name,
      edition: file.edition,
      tables: [...new Set(file.tables)].sort(),
      heaviness: {
        locksTable: file.heaviness.locksTable,
        rewritesTable: file.heaviness.rewritesTable,
        scansTable: file.heaviness.scansTable,
      },
    }))
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.edition, b.edition));
  return { present: section.present, count: section.count, coreCount: section.coreCount, eeCount: section.eeCount, files };
}

/** `checked`/`breaking` as the verdict saw them: a section can only be made more cautious here. */
function apiSection(section: ApiSurfaceSection, effective: SurfaceState): ApiSurfaceSection {
  return {
    checked: effective.checked,
    breaking: effective.breaking,
    // Already sorted and capped by the stage; the overflow line must stay last.
    changes: [...section.changes],
    breakingCount: section.breakingCount,
    advisories: [...section.advisories],
    advisoryCount: section.advisoryCount,
  };
}

function configSection(section: ConfigSection, effective: SurfaceState): ConfigSection {
  return {
    checked: effective.checked,
    breaking: effective.breaking,
    changes: section.changes.map(configChange).sort((a, b) => compareText(a.name, b.name) || compareText(a.type, b.type)),
  };
}

function configChange(change: ConfigChange): ConfigChange {
  switch (change.type) {
    case 'removed':
      return { type: 'removed', name: change.name, previousDefault: change.previousDefault };
    case 'renamed':
      return { type: 'renamed', name: change.name, previousName: change.previousName, defaultValue: change.defaultValue };
    case 'defaultChanged':
      return { type: 'defaultChanged', name: change.name, previousDefault: change.previousDefault, defaultValue: change.defaultValue };
  }
}
