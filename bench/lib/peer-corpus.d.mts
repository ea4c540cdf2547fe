/** Types of bench/lib/peer-corpus.mjs (see there). */
export interface Expected {
  locksTable: boolean;
  rewritesTable: boolean;
  scansTable: boolean;
  locksBasis: 'observed' | 'rule-fact' | 'none';
  heavy: boolean;
}
export interface PeerCase {
  id: string;
  variant: 'as-is' | 'timeout' | 'new-table';
  peer: string;
  rule: string;
  family: string;
  source: string;
  schema: 'base' | 'none';
  setup: string;
  sql: string;
  inTransaction: boolean;
  expected: Expected;
}
export interface Manifest {
  schema: { base: string };
  seed: string;
  cases: PeerCase[];
}
export interface Observation extends Expected {
  statements: number;
  error?: string;
}
export type Tri = boolean | 'unknown';
export interface Verdict {
  locksTable: Tri;
  rewritesTable: Tri;
  scansTable: Tri;
  verdict: 'heavy' | 'unknown' | 'light';
  rules: string[];
}
export interface Score {
  cases: number;
  heavy: number;
  light: number;
  strictRecall: number;
  unknownAsHeavyRecall: number;
  falseHeavyRate: number;
  lightUnknownRate: number;
  missed: string[];
  claimed: string[];
}
export interface FamilyRow {
  family: string;
  cases: number;
  heavy: number;
  verdictAgrees: number;
  flagsAgree: number;
}
interface Queryable {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}
export const MANIFEST_PATH: string;
export function buildManifest(): Manifest;
export function createObserver(db: Queryable, manifest: Manifest, split: (sql: string) => { sql: string }[]): { observe(testCase: PeerCase): Promise<Observation> };
/** The classifier and, for the released schema, the stage's fold (omit them: the snippet alone, no schema known). */
export interface ClassifierLib {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  classifyMigration: (...args: any[]) => any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  foldReleasedMigration?: (...args: any[]) => void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schemaOptions?: (...args: any[]) => any;
}
export function classifyCase(testCase: PeerCase, manifest: Manifest, lib: ClassifierLib, postgresVersion?: number): Verdict;
export function score(cases: readonly PeerCase[], verdicts: ReadonlyMap<string, Verdict>): Score;
export function familyTable(cases: readonly PeerCase[], verdicts: ReadonlyMap<string, Verdict>): FamilyRow[];
