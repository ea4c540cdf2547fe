import { capLines } from '../core/cap.js';
import type { ApiSurfaceSection } from '../artifact/types.js';
import { indexCatalogue, renderFinding, type Finding, type RuleMeta } from '../rules/types.js';
import type { ChangedPath, SectionVerdict, StageResult } from './contract.js';

/**
 * Builds the `api.rest` / `api.mcp` section from findings: breaking lines into `changes`,
 * advisory lines into `advisories` (both capped, with uncapped counts); info findings stay in the report.
 * `breaking` is `true` when any breaking rule fired, otherwise `false` (the surface was checked).
 */
export function apiSectionFromFindings(findings: readonly Finding[], rules: readonly RuleMeta[], accepted: readonly Finding[] = []): ApiSurfaceSection {
  const byId = indexCatalogue(rules);
  const breakingLines: string[] = [];
  // An accepted breaking change stays in the artifact as an advisory: never hidden (src/accept/).
  const advisoryLines: string[] = accepted.map((finding) => {
    const meta = byId.get(finding.rule);
    if (!meta) throw new Error(`finding cites unknown rule id: ${finding.rule}`);
    return `accepted: ${renderFinding(meta, finding).message}`;
  });
  for (const finding of findings) {
    const meta = byId.get(finding.rule);
    if (!meta) throw new Error(`finding cites unknown rule id: ${finding.rule}`);
    const rendered = renderFinding(meta, finding);
    if (rendered.level === 'breaking') breakingLines.push(rendered.message);
    else if (rendered.level === 'advisory') advisoryLines.push(rendered.message);
  }
  // Deterministic output (STYLE.md 12): the same refs give byte-identical artifacts.
  breakingLines.sort();
  advisoryLines.sort();
  const changes = capLines(breakingLines);
  const advisories = capLines(advisoryLines);
  return {
    checked: true,
    breaking: changes.total > 0,
    changes: changes.lines,
    breakingCount: changes.total,
    advisories: advisories.lines,
    advisoryCount: advisories.total,
  };
}

/** The section of an API surface that was not checked: nothing claimed. */
export function uncheckedApiSection(): ApiSurfaceSection {
  return { checked: false, breaking: 'unknown', changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 };
}

/** The section of a surface the service declares it does not have (config `false`): checked, not breaking. */
export function absentApiSection(): ApiSurfaceSection {
  return { checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 };
}

/** A stage result for a surface that is not configured or not yet implemented: unchecked, `unknown`, with the reason. */
export function uncheckedApiResult(reason: string): StageResult<ApiSurfaceSection> {
  return { section: uncheckedApiSection(), verdict: { checked: false, breaking: 'unknown' }, findings: [], notes: [reason] };
}

/** Where an API surface lives, for {@link possibleMoveNote}: `REST spec api/openapi.yaml`, its noun `spec`, and the ref's name. */
export interface SurfaceFile {
  label: string;
  noun: string;
  headRef: string;
}

/**
 * The note that keeps a surface file absent at the base ref from counting as a new surface when it
 * may have moved: a move is a delete + add, and the config is read at the head ref only, so a JSON
 * or YAML file deleted in the same range may be where the surface lived. `undefined` when none was
 * deleted, i.e. the surface is proven new.
 */
export function possibleMoveNote(changes: readonly ChangedPath[], surface: SurfaceFile): string | undefined {
  const deleted = changes.filter((change) => change.status === 'deleted' && /\.(json|ya?ml)$/i.test(change.path)).map((change) => change.path);
  if (deleted.length === 0) return undefined;
  const named = deleted.length <= 3 ? deleted.join(', ') : `${deleted.slice(0, 3).join(', ')} and ${deleted.length - 3} more`;
  return `${surface.label} is new at the ${surface.headRef} while ${named} ${deleted.length === 1 ? 'was' : 'were'} deleted: the ${surface.noun} may have moved, so there is no proven base to compare with`;
}

/** What an API section says of its surface, for the verdict: its own `checked`/`breaking`. */
export function apiSectionVerdict(section: ApiSurfaceSection): SectionVerdict {
  return { checked: section.checked, breaking: section.breaking };
}

/** The report's line for an API surface. */
export function apiSectionSummary(section: ApiSurfaceSection): string {
  return `${section.breakingCount} breaking change(s), ${section.advisoryCount} advisory(ies)`;
}
