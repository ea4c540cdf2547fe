import type { ApiSurfaceSection } from '../../artifact/types.js';
import type { Finding, RuleMeta } from '../../rules/types.js';
import { absentApiSection, apiSectionFromFindings } from '../api-section.js';
import type { StageResult } from '../contract.js';
import type { AcceptedFinding, AcceptProblem } from '../../accept/policy.js';

/**
 * What one part of the REST surface found: the OpenAPI documents, or the routes the code serves.
 * `absent`: the service declares it has none (config `false`) or did not configure it (routes).
 * `unchecked`: something could not be read; its findings still count (a proven break stays proven).
 */
export type SurfaceOutcome = { kind: 'absent' } | ({ kind: 'checked' | 'unchecked'; findings: Finding[]; notes: string[] } & OutcomeAcceptance);

/** What a part's acknowledgements did (api-acceptance.ts): `findings` then holds only what still counts. */
export interface OutcomeAcceptance {
  acceptedFindings?: Finding[];
  accepted?: AcceptedFinding[];
  acceptProblems?: AcceptProblem[];
}

/**
 * One `api.rest` from its parts: findings of every part in one section; any unchecked part makes
 * the surface unchecked, and `breaking` then stays `true` when a break was proven, else `unknown`.
 */
export function composeRestResult(outcomes: readonly SurfaceOutcome[], rules: readonly RuleMeta[]): StageResult<ApiSurfaceSection> {
  const present = outcomes.filter((outcome) => outcome.kind !== 'absent');
  if (present.length === 0) return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  const counted = present.flatMap((outcome) => outcome.findings);
  const acceptedFindings = present.flatMap((outcome) => outcome.acceptedFindings ?? []);
  // The report reads every finding; accepted ones are listed under "Accepted" by their evidence.
  const findings = [...counted, ...acceptedFindings];
  const notes = present.flatMap((outcome) => outcome.notes);
  const acceptance = {
    ...(acceptedFindings.length > 0 ? { accepted: present.flatMap((outcome) => outcome.accepted ?? []) } : {}),
    ...(present.some((outcome) => (outcome.acceptProblems ?? []).length > 0)
      ? { acceptProblems: present.flatMap((outcome) => outcome.acceptProblems ?? []) }
      : {}),
  };
  const section = apiSectionFromFindings(counted, rules, acceptedFindings);
  if (present.some((outcome) => outcome.kind === 'unchecked')) {
    const unchecked: ApiSurfaceSection = { ...section, checked: false, breaking: section.breaking === true ? true : 'unknown' };
    return { section: unchecked, verdict: { checked: false, breaking: unchecked.breaking }, findings, notes, ...acceptance };
  }
  return { section, verdict: { checked: true, breaking: section.breaking }, findings, notes, ...acceptance };
}
