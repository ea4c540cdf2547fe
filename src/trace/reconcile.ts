/**
 * The static result against the observed one (pure). Only proven safety is `true`:
 * - PostgreSQL did something heavier than the static flag says → the flag becomes `true` and the
 *   disagreement names the statement and the static rules that judged it (the rules to fix);
 * - a static `unknown` becomes what was observed only when every statement of the file ran, the
 *   `from` schema was rebuilt exactly and every touched table was seeded;
 * - a static `true` is never made lighter (the seed or the schema may differ from production).
 */
import type { Heaviness } from '../artifact/types.js';
import type { Finding } from '../rules/types.js';
import { disagreementFindings, findDisagreements } from '../stages/migrations/rules/observed-heavier-than-classified.js';
import type { HeavinessFlag, MigrationObservation, TracedFile } from './types.js';

const FLAGS: readonly HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];

/** Per flag: true when a statement did it, false when every statement was seen not to, undefined otherwise. */
export function observedFlags(observation: MigrationObservation): Partial<Record<HeavinessFlag, boolean>> {
  const flags: Partial<Record<HeavinessFlag, boolean>> = {};
  for (const flag of FLAGS) {
    if (observation.statements.some((statement) => statement.flags[flag] === true)) flags[flag] = true;
    else if (observation.incomplete.length === 0 && observation.statements.every((statement) => statement.flags[flag] === false)) flags[flag] = false;
  }
  return flags;
}

export interface ReconcileInput {
  file: string;
  name: string;
  static: Heaviness;
  /** The static findings of this file (their lines name the rules that judged each statement). */
  findings: readonly Finding[];
  observation: MigrationObservation;
  /** Why observed lightness cannot be trusted for this release (schema not rebuilt exactly, a seed failed); empty when it can. */
  inexact: readonly string[];
}

export function reconcile(input: ReconcileInput): TracedFile {
  const observed = observedFlags(input.observation);
  const final: Heaviness = { ...input.static };
  const disagreements = findDisagreements(input.static, input.findings, input.observation.statements);
  const reasons: string[] = [...input.observation.incomplete.map((reason) => `not run completely: ${reason}`), ...input.inexact];
  for (const statement of input.observation.statements) {
    if (statement.ran === 'failed') reasons.push(`line ${statement.line} failed in PostgreSQL: ${statement.error}`);
    if (statement.ran === 'outside-transaction')
      reasons.push(`line ${statement.line} cannot run in a transaction: run on its own, its locks were not observed`);
  }
  let settled = true;
  for (const flag of FLAGS) {
    const seen = observed[flag];
    if (seen === true) {
      final[flag] = true;
    } else if (seen === false && input.static[flag] === 'unknown' && input.inexact.length === 0) {
      final[flag] = false;
    } else if (seen === false && input.static[flag] === true) {
      reasons.push(`${flag}: the static rules say true, PostgreSQL did not show it on the seeded tables; the static result stands`);
      settled = false;
    } else if (seen === undefined || (seen === false && input.static[flag] === 'unknown')) {
      settled = false;
    }
  }
  const status = disagreements.length > 0 ? 'trace-heavier' : settled ? 'observed' : 'static-kept';
  return {
    file: input.file,
    name: input.name,
    status,
    static: input.static,
    final,
    disagreements,
    findings: disagreementFindings(input.file, disagreements),
    reasons: [...new Set(reasons)],
    statements: input.observation.statements,
  };
}
