/** Types of bench/lib/migration-differential.mjs (see there). */
import type { Manifest } from './peer-corpus.mjs';

export interface DifferentialRun {
  name: string;
  setup: string;
  statements: string[];
  inTransaction: boolean;
}
export interface DifferentialResult {
  name: string;
  statements: number;
  observed: number;
  refused: number;
  wrongLight: Array<{ sql: string; flags: string[] }>;
}
export const DIFFERENTIAL_RUNS: DifferentialRun[];
export function runDifferential(
  db: { exec(sql: string): Promise<unknown>; query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> },
  manifest: Manifest,
  lib: { classifyMigration: unknown; foldReleasedMigration: unknown; schemaOptions: unknown; splitStatements: (sql: string) => Array<{ sql: string }> },
  runs?: DifferentialRun[],
): Promise<DifferentialResult[]>;
