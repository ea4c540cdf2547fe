import type { DeclaredBreak } from '../../artifact/types.js';
import type { Stage, StageInput, StageResult } from '../contract.js';
import { declarationFindings, errorRuleIds, rules } from './rules/index.js';
import { findNewAnnotations, MAX_SCANNED_CHARS } from './scan.js';

export { rules } from './rules/index.js';

/**
 * Declared-breaks stage: `@release-safety breaking[ required-stop]: <reason>` comments that are new
 * in `to`. Any new declaration makes the release not rolling-safe; a too-short reason, a
 * malformed annotation, a file too large to scan, or one that is not UTF-8 text but mentions the
 * marker makes the stage unknown (never a silent pass).
 */
export const declarationsStage: Stage<DeclaredBreak[]> = {
  surface: 'declarations',
  rules,
  run: runDeclarationsStage,
  failClosed: () => [],
  configKeys: [],
  configuredPaths: () => [],
  // Any declared break breaks: the author said so.
  acceptance: { refused: 'a declared break is a decision already; it cannot be accepted away' },
  sectionVerdict: (section) =>
    section.length > 0
      ? { checked: true, breaking: true, provenBreak: { cause: 'declared-break', detail: `${section.length} declared break(s)` } }
      : { checked: true, breaking: false },
  summary: (section) => `${section.length} declared break(s)`,
};

async function runDeclarationsStage(input: StageInput): Promise<StageResult<DeclaredBreak[]>> {
  const found = await findNewAnnotations(input);
  const findings = declarationFindings(found);
  // Every new declaration is kept, a too-short one included: what the author declared (a required stop above all) is never dropped.
  const section: DeclaredBreak[] = found.annotations.map(({ file, line, reason, kind }) => ({ file, line, reason, requiredStop: kind === 'required-stop' }));
  const notes = [
    ...findings
      .filter((finding) => errorRuleIds.has(finding.rule))
      .map((finding) => `declarations could not be read as intended: ${finding.evidence.file}:${finding.evidence.line} (${finding.rule})`),
    ...found.skippedLargeFiles.map((path) => `${path}: not scanned for declared breaks (larger than ${MAX_SCANNED_CHARS / (1024 * 1024)} MB)`),
    ...found.ownOutputs.map((path) => `${path}: ignored (a report, artifact or index release-safety wrote: its quotes are not declarations)`),
    ...found.undecodableFiles.map(
      (path) => `${path}: mentions @release-safety but is not UTF-8 text (UTF-16 or binary), so its declarations cannot be read: save it as UTF-8`,
    ),
  ];
  const failed = findings.some((finding) => errorRuleIds.has(finding.rule));
  // A skipped file that holds the marker may declare a break nobody read: nothing is proven absent.
  const unread = failed || found.skippedLargeFiles.length > 0 || found.undecodableFiles.length > 0;
  const verdict = unread ? { checked: false, breaking: 'unknown' as const } : { checked: true, breaking: section.length > 0 };
  return { section, verdict, findings, notes };
}
