import type { ApiSurfaceSection } from '../../artifact/types.js';
import type { Finding, RuleMeta } from '../../rules/types.js';
import { absentApiSection, apiSectionFromFindings } from '../api-section.js';
import type { StageResult } from '../contract.js';

/**
 * What one part of the REST surface found: the OpenAPI documents, or the routes the code serves.
 * `absent`: the service declares it has none (config `false`) or did not configure it (routes).
 * `unchecked`: something could not be read; its findings still count (a proven break stays proven).
 */
export type SurfaceOutcome = { kind: 'absent' } | { kind: 'checked' | 'unchecked'; findings: Finding[]; notes: string[] };

/**
 * One `api.rest` from its parts: findings of every part in one section; any unchecked part makes
 * the surface unchecked, and `breaking` then stays `true` when a break was proven, else `unknown`.
 */
export function composeRestResult(outcomes: readonly SurfaceOutcome[], rules: readonly RuleMeta[]): StageResult<ApiSurfaceSection> {
  const present = outcomes.filter((outcome) => outcome.kind !== 'absent');
  if (present.length === 0) return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  const findings = present.flatMap((outcome) => outcome.findings);
  const notes = present.flatMap((outcome) => outcome.notes);
  const section = apiSectionFromFindings(findings, rules);
  if (present.some((outcome) => outcome.kind === 'unchecked')) {
    const unchecked: ApiSurfaceSection = { ...section, checked: false, breaking: section.breaking === true ? true : 'unknown' };
    return { section: unchecked, verdict: { checked: false, breaking: unchecked.breaking }, findings, notes };
  }
  return { section, verdict: { checked: true, breaking: section.breaking }, findings, notes };
}
