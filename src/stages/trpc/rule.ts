import type { Rule } from '../../rules/define.js';
import type { Finding, RuleMeta } from '../../rules/types.js';
import type { SchemaChange } from '../schema-diff/types.js';
import type { Procedure } from './extract.js';

/** One procedure compared across the refs (paired by path), with its schema diffs computed once. */
export interface ProcedurePair {
  path: string;
  base?: Procedure;
  revision?: Procedure;
  /** Changes of the input / declared output schema (empty when the procedure exists on one side only). */
  inputChanges: readonly SchemaChange[];
  outputChanges: readonly SchemaChange[];
}

/** One example: a router module at each ref (`server/routers/app.ts`). */
export interface TrpcRuleExample {
  readonly base: string;
  readonly revision: string;
}

export type TrpcCheck = (pair: ProcedurePair, meta: RuleMeta) => Finding[];

declare module '../../rules/define.js' {
  interface RuleSurfaces {
    trpc: { check: TrpcCheck; example: TrpcRuleExample; meta: object };
  }
}

export type TrpcRule<Id extends string = string> = Rule<Id, 'trpc'>;

export const TRPC_DOCS = 'docs/trpc.md';

/** Why every tRPC rule matters to a rolling update (said once, appended to each rule's own reason). */
export const ROLLING =
  ' The web client and the server ship together, but during a rolling update browsers that loaded the old client keep calling upgraded servers, and browsers that loaded the new client reach servers not yet upgraded.';

/** A finding about the procedure as a whole; evidence names the file and line of its definition. */
export function procedureFinding(meta: RuleMeta, pair: ProcedurePair, params: Record<string, string> = {}, side: 'base' | 'revision' = 'revision'): Finding {
  const procedure = (side === 'base' ? pair.base : pair.revision) ?? pair.revision ?? pair.base;
  return {
    rule: meta.id,
    params: { procedure: pair.path, ...params },
    evidence: { ...(procedure ? { file: procedure.file, line: procedure.line } : {}), pointer: pair.path },
  };
}

/** Findings for the schema changes of one side that `select` keeps. */
export function schemaFindings(
  meta: RuleMeta,
  pair: ProcedurePair,
  side: 'input' | 'output',
  select: (change: SchemaChange) => Record<string, string> | undefined,
): Finding[] {
  const findings: Finding[] = [];
  for (const change of side === 'input' ? pair.inputChanges : pair.outputChanges) {
    const extra = select(change);
    if (extra === undefined) continue;
    const inBase = change.kind === 'property-removed' || change.kind === 'schema-removed';
    const procedure = (inBase ? pair.base : pair.revision) ?? pair.revision ?? pair.base;
    findings.push({
      rule: meta.id,
      params: { procedure: pair.path, property: change.path, ...extra },
      evidence: { ...(procedure ? { file: procedure.file, line: procedure.line } : {}), pointer: `${pair.path}/${side}${change.pointer}` },
    });
  }
  return findings;
}

export function typeList(types: unknown): string {
  return Array.isArray(types) && types.length > 0 ? types.join('|') : 'any';
}
