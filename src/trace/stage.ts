/**
 * `generate --trace`: the migrations stage, then the trace, reconciled. A trace that cannot run
 * (PGlite fails to start, an internal error) leaves the static result as it is, with the cause noted.
 */
import type { MigrationsSection } from '../artifact/types.js';
import { describeError } from '../core/errors.js';
import type { Stage, StageInput, StageResult } from '../stages/contract.js';
import { traceRelease, tracedResult, type TraceOptions } from './trace.js';
import type { TraceReport } from './types.js';

/** One line per fact worth a reader's attention: the summary and each kept static result. */
export function traceNotes(report: TraceReport): string[] {
  if (report.skipped !== undefined) return [`trace: not run (${report.skipped})`];
  const count = (status: string) => report.files.filter((file) => file.status === status).length;
  const notes = [
    `trace: ${report.files.length} added migration(s) run in PGlite on ${report.seedRows} seeded row(s) per table: ${count('observed')} observed as classified, ${count('trace-heavier')} heavier than classified, ${count('static-kept')} kept as classified`,
  ];
  // Each disagreement is a finding (`observed-heavier-than-classified`), reported with the others.
  for (const file of report.files) {
    if (file.status === 'static-kept') notes.push(`trace: ${file.file}: static result kept (${file.reasons.join('; ')})`);
  }
  return notes;
}

export function tracedMigrationsStage(
  base: Stage<MigrationsSection>,
  options: TraceOptions,
  onReport?: (report: TraceReport) => void,
): Stage<MigrationsSection> {
  return {
    ...base,
    async run(input: StageInput): Promise<StageResult<MigrationsSection>> {
      let outcome: Awaited<ReturnType<typeof traceRelease>>;
      try {
        outcome = await traceRelease(input, (staticInput) => base.run(staticInput), options);
      } catch (error) {
        const staticResult = await base.run(input);
        return { ...staticResult, notes: [...staticResult.notes, `trace: failed, the static result stands (${describeError(error)})`] };
      }
      onReport?.(outcome.report);
      const traced = tracedResult(outcome.staticResult, outcome.report);
      return { ...traced, notes: [...traced.notes, ...traceNotes(outcome.report)] };
    },
  };
}
