/**
 * The `trace` command's work: git → stage input → static migrations stage → trace → text. Loaded
 * lazily by cli/trace.ts (it pulls in git, the stages and, when a release adds migrations, PGlite).
 */
import { readFileSync } from 'node:fs';
import type { Heaviness } from '../artifact/types.js';
import { parseConfig } from '../config/load.js';
import { CONFIG_FILE_NAME, DEFAULT_POSTGRES_VERSION } from '../config/types.js';
import { InputError, UsageError } from '../core/errors.js';
import { openDerivedCache } from '../cache/derived-cache.js';
import { readPair } from '../generate/generate.js';
import { openRepository } from '../git/repository.js';
import { cacheDirectory } from '../span/index-cache.js';
import { runStage, type StageInput } from '../stages/contract.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { traceRelease } from './trace.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS, DEFAULT_TRACE_DEADLINE_MS } from './database.js';
import type { TraceReport } from './types.js';

export interface TraceCommandInput {
  repo: string;
  from: string;
  to: string;
  config?: string;
  seedRows: string;
  cache: boolean;
  /** Seconds one statement may run (default 30) and the whole trace (default 600). */
  statementTimeout?: string;
  deadline?: string;
}

/** A positive number of seconds (fractions allowed) as milliseconds. */
export function parseSeconds(text: string, flag: string): number {
  if (!/^\d+(?:\.\d+)?$/.test(text) || Number(text) <= 0 || Number(text) > 86_400)
    throw new UsageError(`${flag} "${text}" is not a number of seconds from 0 to 86400`);
  return Math.round(Number(text) * 1000);
}

/** The trace's limits from the flags (database.ts holds the defaults). */
export function traceLimits(
  statementTimeout: string | undefined,
  deadline: string | undefined,
  flags = ['--statement-timeout', '--deadline'],
): { statementTimeoutMs: number; runMs: number } {
  return {
    statementTimeoutMs: statementTimeout === undefined ? DEFAULT_STATEMENT_TIMEOUT_MS : parseSeconds(statementTimeout, flags[0]!),
    runMs: deadline === undefined ? DEFAULT_TRACE_DEADLINE_MS : parseSeconds(deadline, flags[1]!),
  };
}

export function parseSeedRows(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 1_000_000) throw new UsageError(`--seed-rows "${text}" is not a number of rows from 0 to 1000000`);
  return Number(text);
}

const flagText = (heaviness: Heaviness) =>
  (['locksTable', 'rewritesTable', 'scansTable'] as const).map((flag) => `${flag.replace('Table', '')} ${String(heaviness[flag])}`).join(', ');

export function renderTraceText(report: TraceReport): string {
  if (report.skipped !== undefined) return `Trace not run: ${report.skipped}\n`;
  const lines = [
    `Traced ${report.files.length} added migration(s) in PGlite on ${report.seedRows} row(s) per touched table`,
    `  from schema: ${report.replay.files} migration(s), ${{ hit: 'loaded from the cache', prefix: 'an earlier schema from the cache plus the newer migrations', miss: 'rebuilt (now cached)', off: 'rebuilt' }[report.cache]} in ${report.timings.state} ms; seeding ${report.timings.seed} ms; running ${report.timings.observe} ms`,
  ];
  for (const failure of report.replay.failures.slice(0, 5)) lines.push(`  from schema not exact: ${failure.file}:${failure.line}: ${failure.error}`);
  for (const seed of report.seeds.filter((entry) => entry.error !== undefined)) lines.push(`  not seeded: ${seed.table}: ${seed.error}`);
  for (const file of report.files) {
    lines.push('', `${file.file}: ${file.status} — ${flagText(file.final)}${file.status === 'trace-heavier' ? ` (classified: ${flagText(file.static)})` : ''}`);
    for (const statement of file.statements) {
      const seen = [
        ...statement.locks.map((lock) => `${lock.mode} on ${lock.table}`),
        ...(statement.heldLocks ?? []).map((lock) => `kept ${lock.mode} on ${lock.table} (taken at line ${lock.line}) held`),
        ...statement.rewrites.map((table) => `rewrote ${table}`),
        ...statement.scans.map((table) => `scanned ${table}`),
      ];
      const what =
        statement.ran === 'failed'
          ? `failed: ${statement.error}`
          : statement.ran === 'skipped'
            ? 'transaction control, run by the trace'
            : seen.length === 0
              ? 'nothing heavy'
              : seen.join('; ');
      lines.push(`  line ${statement.line}${statement.ran === 'outside-transaction' ? ' (outside a transaction)' : ''}: ${what}`);
    }
    for (const disagreement of file.disagreements) {
      lines.push(
        `  observed-heavier-than-classified: line ${disagreement.line} ${disagreement.flag}: ${disagreement.observed}; ${disagreement.rules.length === 0 ? 'no static rule matched it' : `rule(s) to fix: ${disagreement.rules.join(', ')}`}`,
      );
    }
    for (const reason of file.reasons) lines.push(`  note: ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runTraceCommand(options: TraceCommandInput): Promise<{ report: TraceReport; text: string; heavier: boolean }> {
  const seedRows = parseSeedRows(options.seedRows);
  const limits = traceLimits(options.statementTimeout, options.deadline);
  let configText: { text: string; source: string } | undefined;
  if (options.config !== undefined) {
    try {
      configText = { text: readFileSync(options.config, 'utf8'), source: options.config };
    } catch (error) {
      throw new InputError(`cannot read --config ${options.config}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
  const repo = await openRepository(options.repo);
  try {
    const [fromCommit, toCommit] = [await repo.resolveCommit(options.from), await repo.resolveCommit(options.to)];
    const pair = await readPair(repo, fromCommit, toCommit);
    const text = configText?.text ?? (await pair.read('head', CONFIG_FILE_NAME));
    const config = text === undefined ? {} : await parseConfig(text, configText?.source ?? `${CONFIG_FILE_NAME} at ${options.to}`);
    const input: StageInput = { config, postgresVersion: config.postgresVersion ?? DEFAULT_POSTGRES_VERSION, ...pair };
    // The derived cache keeps the replayed schema: a later `generate` of the same `from` reads it without --trace.
    const { report } = await traceRelease(
      { ...input, derivedCache: openDerivedCache({ disk: options.cache }) },
      (staticInput) => runStage(migrationsStage, staticInput),
      {
        seedRows,
        limits,
        ...(options.cache ? { cacheDirectory: cacheDirectory(process.env) } : {}),
      },
    );
    return { report, text: renderTraceText(report), heavier: report.files.some((file) => file.status === 'trace-heavier') };
  } finally {
    await repo.close();
  }
}
