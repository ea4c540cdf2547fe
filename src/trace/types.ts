import type { Heaviness } from '../artifact/types.js';
import type { Finding } from '../rules/types.js';
import type { Disagreement } from '../stages/migrations/rules/observed-heavier-than-classified.js';
import type { ObservedStatement } from '../stages/migrations/rules/rule.js';

/**
 * What the trace saw PostgreSQL (PGlite) do, and what it made of the static classification.
 * Pure data: the PGlite edge (database.ts) fills the observations, reconcile.ts judges them.
 */

export type HeavinessFlag = keyof Heaviness;

/** One statement of an added migration, as run in PGlite (`error`: why PostgreSQL refused it, when `ran` is `failed`). */
export interface StatementObservation extends ObservedStatement {
  error?: string;
}

/** One added migration file, run in PGlite. */
export interface MigrationObservation {
  /** Repository path. */
  file: string;
  statements: StatementObservation[];
  /**
   * Why some of the file was not run (parts the extractor could not resolve, a statement that would
   * not parse): its flags then only ever get heavier from the trace, never lighter.
   */
  incomplete: string[];
}

export interface ReplayFailure {
  file: string;
  line: number;
  statement: string;
  error: string;
}

/** The schema of `from`, rebuilt by running its migrations. */
export interface ReplaySummary {
  files: number;
  statements: number;
  /** Statements that failed or parts that could not be run: the rebuilt schema is then not exact. */
  failures: ReplayFailure[];
}

export interface SeedResult {
  table: string;
  rows: number;
  error?: string;
}

/** How the trace's judgement of one file compares with the static one. */
export type TraceFileStatus =
  /** Every flag the static classifier gave was seen (or, where unknown, settled) by PostgreSQL. */
  | 'observed'
  /** PostgreSQL did something heavier than the static classifier said: the trace wins. */
  | 'trace-heavier'
  /** The static result stands (lighter observation, or not everything could be run); see `reason`. */
  | 'static-kept';

export type { Disagreement };

export interface TracedFile {
  file: string;
  name: string;
  status: TraceFileStatus;
  static: Heaviness;
  final: Heaviness;
  disagreements: Disagreement[];
  /** The disagreements as catalogue findings (`observed-heavier-than-classified`), one per statement. */
  findings: Finding[];
  /** Why the static result was kept, or what limited the observation. */
  reasons: string[];
  statements: StatementObservation[];
}

export interface TraceReport {
  seedRows: number;
  /** `hit`: the `from` schema came from the cache; `prefix`: a cached earlier schema plus the newer migrations; `miss`: rebuilt; `off`: `--no-cache`. */
  cache: 'hit' | 'prefix' | 'miss' | 'off';
  /** Milliseconds per phase: `state` is starting PGlite with the `from` schema (rebuilt, or loaded from the cache). */
  timings: {
    state: number;
    seed: number;
    observe: number;
    total: number;
    /** Parts of `state`: starting PGlite (initdb, or loading a cached data directory), replaying migrations, writing the cache. */
    start?: number;
    replay?: number;
    cacheWrite?: number;
  };
  replay: ReplaySummary;
  seeds: SeedResult[];
  files: TracedFile[];
  /** Why the trace did not run at all (the static result then stands everywhere). */
  skipped?: string;
}
