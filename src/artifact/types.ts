import type { Tri } from '../core/tristate.js';

/**
 * The contract, typed once. `schemas/release-safety.schema.json` and
 * `schemas/release-safety-index.schema.json` describe exactly these shapes; a test keeps them in step.
 */

export const ARTIFACT_SCHEMA_VERSION = '2';
export const INDEX_SCHEMA_VERSION = '1';

export type Edition = 'core' | 'ee';
export type Strategy = 'RollingUpdate' | 'Recreate';

export interface Heaviness {
  locksTable: Tri;
  rewritesTable: Tri;
  scansTable: Tri;
}

export interface MigrationFile {
  name: string;
  edition: Edition;
  tables: string[];
  heaviness: Heaviness;
}

export interface MigrationsSection {
  present: boolean | 'unknown';
  count: number;
  coreCount: number;
  eeCount: number;
  files: MigrationFile[];
}

/** Whether a surface was checked and whether it breaks: the `checked`/`breaking` pair of its section. */
export interface SurfaceState {
  checked: boolean;
  breaking: Tri;
}

export interface ApiSurfaceSection {
  checked: boolean;
  breaking: Tri;
  changes: string[];
  breakingCount: number;
  advisories: string[];
  advisoryCount: number;
}

export type ConfigDefault = string | null;

export type ConfigChange =
  | { type: 'removed'; name: string; previousDefault: ConfigDefault }
  | { type: 'renamed'; name: string; previousName: string; defaultValue: ConfigDefault }
  | { type: 'defaultChanged'; name: string; previousDefault: ConfigDefault; defaultValue: ConfigDefault };

export interface ConfigSection {
  checked: boolean;
  breaking: Tri;
  changes: ConfigChange[];
}

export interface DeclaredBreak {
  file: string;
  line: number;
  reason: string;
  requiredStop: boolean;
}

export interface CompatibilitySection {
  rollingUpdateSafe: Tri;
  recommendedStrategy: Strategy;
}

export interface UpgradeSection {
  minPreviousVersion: string | null;
  requiredStops: string[];
}

export interface ReleaseSafetyArtifact {
  schemaVersion: typeof ARTIFACT_SCHEMA_VERSION;
  version: string;
  previousVersion: string | null;
  releaseDate: string;
  migrations: MigrationsSection;
  compatibility: CompatibilitySection;
  api: { rest: ApiSurfaceSection; mcp: ApiSurfaceSection };
  config: ConfigSection;
  upgrade: UpgradeSection;
  declaredBreaks: DeclaredBreak[];
}

export interface IndexEntry {
  version: string;
  previousVersion: string | null;
  releaseDate: string;
  rollingUpdateSafe: Tri;
  requiredStops: string[];
  minPreviousVersion: string | null;
  backfilled: boolean;
  syntheticRequiredStop: boolean;
}

export interface ReleaseSafetyIndex {
  schemaVersion: typeof INDEX_SCHEMA_VERSION;
  generatedAt: string;
  backfillFloorVersion: string;
  entries: IndexEntry[];
}
