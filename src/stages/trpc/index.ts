import type { ApiSurfaceSection } from '../../artifact/types.js';
import { compareText } from '../../core/compare-text.js';
import { describeError } from '../../core/errors.js';
import type { Finding } from '../../rules/types.js';
import { absentApiSection, apiSectionFromFindings, apiSectionSummary, apiSectionVerdict, uncheckedApiResult, uncheckedApiSection } from '../api-section.js';
import { applyApiAcceptance, rulesWithSettings } from '../api-acceptance.js';
import type { Side, Stage, StageInput, StageResult } from '../contract.js';
import { CODE_FILE } from '../../syntax/modules.js';
import { throughDerivedCache } from '../../core/json-round-trip.js';
import { codeClosureKey, readCodeClosure, sameCodeClosure, type CodeClosure } from '../code-closure.js';
import { dependencyEvidenceAt, selectPaths, undeclaredSurfaceEvidence } from '../undeclared-surface.js';
import { TRPC_RULE_CATALOGUE, TRPC_RULES } from './catalogue.js';
import type { Procedure, ProcedureExtraction, UnknownRouter } from './extract.js';
import { diffProcedures } from './procedure-diff.js';

/**
 * The tRPC surface (config `trpc: { sources }`): the procedures the routers define, read from code
 * (`extract.ts`), paired by path and judged by the rules in `rules/` with the shared JSON-Schema
 * diff. The artifact has no member of its own for it (contract: `api` holds `rest` and `mcp`): its
 * lines are reported under `api.rest`, prefixed `tRPC:` (src/surfaces/registry.ts folds them).
 *
 * - key missing → not configured: `unknown` when a package.json at the head ref depends on
 *   `@trpc/server`, otherwise the service has none;
 * - no file of the sources' closure (the sources and the in-repository modules they import) changed
 *   → no change, nothing parsed;
 * - a procedure or router entry that cannot be read is left out at both refs and keeps the surface
 *   `unknown` unless a proven break decides it;
 * - an output the procedure does not declare (`.output(z…)`) is its handler's return value, which is
 *   not read: a handler whose text changed is `unknown`; one whose text is identical is taken as
 *   unchanged (what it calls in other modules is not followed — see the README's surface table).
 */
export const trpcStage: Stage<ApiSurfaceSection> = {
  surface: 'trpc',
  rules: TRPC_RULE_CATALOGUE,
  run: runTrpcStage,
  failClosed: uncheckedApiSection,
  configKeys: ['trpc'],
  configuredPaths: (config) =>
    config.trpc ? config.trpc.sources.map((glob, index) => ({ key: `trpc.sources[${index}]`, path: glob, shape: 'glob' as const })) : [],
  sectionVerdict: apiSectionVerdict,
  acceptance: { where: "the config's `rules` settings only (procedures read from code have no place to write an acknowledgement)" },
  summary: apiSectionSummary,
};

const SIDE_LABEL: Record<Side, string> = { base: 'base (from) ref', head: 'head (to) ref' };
const MAX_CLOSURE_FILES = 3000;
const extractionCache = new Map<string, ProcedureExtraction>();
const CACHE_LIMIT = 2000;
/** Bump when what a procedure extraction holds changes shape (the derived cache's tool fingerprint covers changes of code). */
const EXTRACTION_KIND = 'trpc-procedure-extraction/1';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const KINDS: readonly unknown[] = ['query', 'mutation', 'subscription'];

/** The shape of {@link ProcedureExtraction} (extract.ts); a schema's inside is any JSON. */
function isProcedureExtraction(value: unknown): value is ProcedureExtraction {
  if (!isRecord(value)) return false;
  if (value.ok === false) return Array.isArray(value.reasons) && value.reasons.every(isString);
  const isProcedure = (item: unknown) =>
    isRecord(item) &&
    isString(item.path) &&
    KINDS.includes(item.kind) &&
    isString(item.file) &&
    Number.isInteger(item.line) &&
    (item.input === undefined || isRecord(item.input)) &&
    (item.output === undefined || isRecord(item.output)) &&
    (item.handler === undefined || isString(item.handler)) &&
    (item.unknown === undefined || isString(item.unknown));
  const isUnknownRouter = (item: unknown) =>
    isRecord(item) && isString(item.prefix) && isString(item.file) && Number.isInteger(item.line) && isString(item.reason);
  return (
    value.ok === true &&
    Array.isArray(value.procedures) &&
    value.procedures.every(isProcedure) &&
    Array.isArray(value.unknownRouters) &&
    value.unknownRouters.every(isUnknownRouter)
  );
}

async function runTrpcStage(input: StageInput): Promise<StageResult<ApiSurfaceSection>> {
  const config = input.config.trpc;
  if (config === false) return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  if (config === undefined) {
    const evidence = await undeclaredSurfaceEvidence(input, { dependencies: ['@trpc/server'] });
    if (evidence)
      return uncheckedApiResult(`tRPC surface not configured, but ${evidence}: name the router sources (\`trpc: { sources }\`) or set \`trpc: false\``);
    return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  }
  const sources = { base: selectPaths(input, 'base', config.sources, CODE_FILE), head: selectPaths(input, 'head', config.sources, CODE_FILE) };
  const notes: string[] = [];
  if (sources.head.length === 0) {
    // No router file at the head: either the routers moved where the globs do not look (unknown), or
    // the release serves no tRPC at all (no manifest depends on @trpc/server). Then the base's
    // procedures are all removed — a finding, never a silent pass — and a pair that serves tRPC at
    // neither ref has no tRPC surface to compare.
    const globs = JSON.stringify(config.sources);
    const servedAtHead = await dependencyEvidenceAt(input, 'head', ['@trpc/server']);
    if (servedAtHead) return uncheckedApiResult(`trpc.sources ${globs} match no TypeScript or JavaScript file at the ${SIDE_LABEL.head}, but ${servedAtHead}`);
    if (sources.base.length === 0) {
      const servedAtBase = await dependencyEvidenceAt(input, 'base', ['@trpc/server']);
      if (servedAtBase)
        return uncheckedApiResult(
          `trpc.sources ${globs} match no TypeScript or JavaScript file at either ref, and ${servedAtBase} at the ${SIDE_LABEL.base}: its procedures, which the ${SIDE_LABEL.head} no longer serves, are not read`,
        );
      return {
        section: absentApiSection(),
        verdict: { checked: true, breaking: false },
        findings: [],
        notes: [`no tRPC surface at either ref: trpc.sources ${globs} match no file and no package.json depends on @trpc/server`],
      };
    }
    notes.push(
      `the tRPC surface is gone at the ${SIDE_LABEL.head}: trpc.sources ${globs} match no file and no package.json depends on @trpc/server, so every procedure of the ${SIDE_LABEL.base} counts as removed`,
    );
  }
  // Procedures live in code files only: a release that changed none cannot have changed one.
  if (!input.changes.some((change) => CODE_FILE.test(change.path))) return result(input, [], notes, 0);

  const reasons: string[] = [];
  const base = await readCodeClosure(input, 'base', sources.base, 'the tRPC sources', MAX_CLOSURE_FILES, reasons);
  const head = await readCodeClosure(input, 'head', sources.head, 'the tRPC sources', MAX_CLOSURE_FILES, reasons);
  if (reasons.length > 0) return uncheckedApiResult(`tRPC procedures could not be read: ${reasons.join('; ')}`);
  if (sameCodeClosure(base, head)) return result(input, [], notes, 0);

  const { extractProceduresFromTexts } = await import('./extract.js');
  const extract = (closure: CodeClosure): ProcedureExtraction => {
    const key = codeClosureKey(closure);
    let extraction = extractionCache.get(key);
    if (!extraction) {
      // Kept in the derived cache by the closure's key too: a repeated release and the next pair of a
      // backfill (whose base is this pair's head) evaluate no router file (issue 36).
      extraction =
        closure.sources.length === 0
          ? { ok: true, procedures: [], unknownRouters: [] }
          : throughDerivedCache(input.derivedCache, EXTRACTION_KIND, [key], isProcedureExtraction, () =>
              extractProceduresFromTexts(closure.sources, closure.texts, closure.layout, closure.blobs),
            );
      if (extractionCache.size >= CACHE_LIMIT) extractionCache.clear();
      extractionCache.set(key, extraction);
    }
    return extraction;
  };
  const before = extract(base);
  const after = extract(head);
  if (!before.ok) return uncheckedApiResult(`tRPC procedures could not be read at the ${SIDE_LABEL.base}: ${before.reasons.join('; ')}`);
  if (!after.ok) return uncheckedApiResult(`tRPC procedures could not be read at the ${SIDE_LABEL.head}: ${after.reasons.join('; ')}`);

  if (sources.base.length === 0) notes.push(`the tRPC sources are new at the ${SIDE_LABEL.head}: every procedure counts as added`);
  const unknownRouters: (UnknownRouter & { side: Side })[] = [
    ...before.unknownRouters.map((item) => ({ ...item, side: 'base' as const })),
    ...after.unknownRouters.map((item) => ({ ...item, side: 'head' as const })),
  ];
  for (const item of unknownRouters)
    notes.push(`tRPC router entry ${item.prefix || '(root)'} (${item.file}:${item.line}) is unknown at the ${SIDE_LABEL[item.side]}: ${item.reason}`);
  const underUnknown = (path: string) => unknownRouters.some((item) => item.prefix === '' || path === item.prefix || path.startsWith(`${item.prefix}.`));

  const baseByPath = new Map(before.procedures.map((procedure) => [procedure.path, procedure]));
  const headByPath = new Map(after.procedures.map((procedure) => [procedure.path, procedure]));
  const keep = { base: [] as Procedure[], head: [] as Procedure[] };
  let unproven = unknownRouters.length;
  for (const path of [...new Set([...baseByPath.keys(), ...headByPath.keys()])].sort(compareText)) {
    const b = baseByPath.get(path);
    const a = headByPath.get(path);
    const why = unprovenReason(b, a, underUnknown(path));
    if (why) {
      unproven++;
      const at = a ?? b!;
      notes.push(`tRPC procedure ${path} (${at.file}:${at.line}) is unknown: ${why}`);
      continue;
    }
    if (b) keep.base.push(b);
    if (a) keep.head.push(a);
  }
  let findings: Finding[];
  try {
    findings = diffProcedures(keep.base, keep.head, TRPC_RULES);
  } catch (error) {
    return uncheckedApiResult(`tRPC procedures could not be compared: ${describeError(error)}`);
  }
  return result(input, findings, notes, unproven);
}

/** Why a procedure cannot be compared, or `undefined` when it can. */
function unprovenReason(before: Procedure | undefined, after: Procedure | undefined, underUnknownRouter: boolean): string | undefined {
  // Gone from a router that could not be read, or unreadable where it is: not proven removed or unchanged.
  if (underUnknownRouter && !(before && after && !before.unknown && !after.unknown && sameOutput(before, after)))
    return 'it sits under a router entry that could not be read';
  if (before?.unknown && after) return `its definition at the ${SIDE_LABEL.base} could not be read: ${before.unknown}`;
  if (after?.unknown && before) return `its definition at the ${SIDE_LABEL.head} could not be read: ${after.unknown}`;
  if (before && after && !sameOutput(before, after))
    return "it declares no `.output()` and its handler changed: its output is the handler's return value, which is not read";
  return undefined;
}

function sameOutput(before: Procedure, after: Procedure): boolean {
  if (before.output && after.output) return true;
  return before.output === undefined && after.output === undefined && before.handler === after.handler;
}

function result(input: StageInput, findings: Finding[], notes: string[], unproven: number): StageResult<ApiSurfaceSection> {
  // Procedures read from code have no document to write an acknowledgement in: only the config's rule settings apply.
  const applied = applyApiAcceptance('trpc', findings, { added: [], problems: [] }, () => false, TRPC_RULE_CATALOGUE, input.acceptance);
  const section = apiSectionFromFindings(applied.remaining, rulesWithSettings(TRPC_RULE_CATALOGUE, input.acceptance), applied.acceptedFindings);
  if (unproven > 0 && section.breaking === false) section.breaking = 'unknown';
  return {
    section,
    verdict: { checked: true, breaking: section.breaking },
    findings,
    notes,
    ...(applied.accepted.length > 0 ? { accepted: applied.accepted } : {}),
  };
}
