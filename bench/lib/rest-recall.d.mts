export const CORPUS_DIR: string;

export interface RecallRow {
  name: string;
  family: string;
  oasdiffRule: string;
  expected: 'breaking' | 'quiet' | 'warn';
  source: string;
  /** The branch whose work the case waits for (issue 17 items 1–2). */
  needs?: string;
  /** Why release-safety disagrees with oasdiff on purpose (not scored). */
  deliberate?: string;
  outcome: 'breaking' | 'quiet' | 'unreadable';
  rules: string[];
  error?: string;
}

export interface RecallSummary {
  cases: number;
  breakingCases: number;
  caught: number;
  recall: number;
  quietCases: number;
  falseBreaking: number;
  unreadable: number;
  deliberate: number;
}

export function measureRecall(engine: {
  compareSpecs: (...args: never[]) => Promise<{ findings: ReadonlyArray<{ rule: string }> }>;
  levelOf: (rule: string) => string | undefined;
  corpusDir?: string;
}): Promise<{ rows: RecallRow[]; totals: RecallSummary; byFamily: Record<string, RecallSummary> }>;

export function summarize(rows: readonly RecallRow[]): RecallSummary;
export function mismatches(rows: readonly RecallRow[]): RecallRow[];
