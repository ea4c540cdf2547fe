import { compareText } from '../../core/compare-text.js';
import type { Finding } from '../../rules/types.js';
import { diffSchemas } from '../schema-diff/diff.js';
import type { Procedure } from './extract.js';
import type { ProcedurePair, TrpcRule } from './rule.js';

/**
 * Pairs procedures by path and runs every rule over each pair. No input means the procedure takes
 * anything (`{}`); an output is compared only when both refs declare one (stage.ts decides what an
 * undeclared one means).
 */
export function diffProcedures(base: readonly Procedure[], revision: readonly Procedure[], rules: readonly TrpcRule[]): Finding[] {
  const before = new Map(base.map((procedure) => [procedure.path, procedure]));
  const after = new Map(revision.map((procedure) => [procedure.path, procedure]));
  const findings: Finding[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort(compareText)) {
    const b = before.get(path);
    const a = after.get(path);
    const both = b !== undefined && a !== undefined;
    const pair: ProcedurePair = {
      path,
      ...(b ? { base: b } : {}),
      ...(a ? { revision: a } : {}),
      inputChanges: both ? changesOf(b.input ?? {}, a.input ?? {}, 'request') : [],
      outputChanges: both && b.output && a.output ? changesOf(b.output, a.output, 'response') : [],
    };
    for (const rule of rules) findings.push(...rule.check(pair, rule.meta));
  }
  return findings.sort(
    (x, y) =>
      compareText(x.rule, y.rule) ||
      compareText(String(x.params.procedure), String(y.params.procedure)) ||
      compareText(x.evidence.pointer ?? '', y.evidence.pointer ?? ''),
  );
}

/** The schema diff, skipped for schemas that are the same JSON (most procedures of a release). */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>, view: 'request' | 'response') {
  return JSON.stringify(before) === JSON.stringify(after) ? [] : diffSchemas(before, after, { view });
}

/** What the rules report on two router modules (the rule book's examples and the table tests). */
export async function findingsOfRouters(base: string, revision: string, rules: readonly TrpcRule[], file = 'server/routers/app.ts'): Promise<Finding[]> {
  const { extractProceduresFromTexts } = await import('./extract.js');
  const read = (text: string) => {
    const extraction = extractProceduresFromTexts([file], new Map([[file, text]]));
    if (!extraction.ok) throw new Error(extraction.reasons.join('; '));
    return extraction.procedures;
  };
  return diffProcedures(read(base), read(revision), rules);
}
