import type { IndexReport } from './regenerate.js';

/** Versions shown per report line before the rest is counted. */
export const REPORT_VERSION_CAP = 20;

/** `1.0.0, 1.1.0, … and 12 more`. */
export function listVersions(versions: readonly string[], cap = REPORT_VERSION_CAP): string {
  if (versions.length <= cap) return versions.join(', ');
  return `${versions.slice(0, cap).join(', ')}, … and ${versions.length - cap} more`;
}

const FLOOR_SOURCES: Record<IndexReport['floorSource'], string> = {
  option: '--floor',
  config: 'floorVersion in --config',
  'existing-index': 'the existing index',
  'oldest-input': 'the oldest artifact or release tag',
};

/** The human report of `index` (stderr), one fact per line, stable order. */
export function renderIndexReport(report: IndexReport, entryCount: number): string[] {
  const lines: string[] = [];
  const kept = report.keptWithTag.length + report.keptUnexplained.length;
  lines.push(`floor: ${report.floor} (from ${FLOOR_SOURCES[report.floorSource]})`);
  lines.push(
    `entries: ${entryCount} (${report.fromArtifacts.length} from artifacts, ${report.backfilled.length} backfilled from release tags, ${kept} kept from the existing index)`,
  );
  if (report.updatedFromArtifacts.length > 0) {
    lines.push(`updated from their artifacts: ${listVersions(report.updatedFromArtifacts)}`);
  }
  if (report.backfilled.length > 0) {
    lines.push(`backfilled (no artifact; rollingUpdateSafe "unknown"): ${listVersions(report.backfilled)}`);
  }
  if (report.keptWithTag.length > 0) {
    lines.push(`kept from the existing index (release tag, no artifact): ${listVersions(report.keptWithTag)}`);
  }
  if (report.keptUnexplained.length > 0) {
    lines.push(`kept from the existing index, explained by no artifact or release tag: ${listVersions(report.keptUnexplained)}`);
  }
  if (report.belowFloor.length > 0) {
    lines.push(`not included, older than the floor ${report.floor}: ${listVersions(report.belowFloor)}`);
  }
  if (report.unfloored.length > 0) {
    lines.push(`no longer the floor (synthetic required stop removed): ${listVersions(report.unfloored)}`);
  }
  for (const skipped of report.skippedArtifacts) lines.push(`skipped invalid artifact ${skipped.file}: ${skipped.reason}`);
  const shown = report.problems.slice(0, REPORT_VERSION_CAP);
  for (const problem of shown) lines.push(`${problem.level}: ${problem.message}`);
  if (report.problems.length > shown.length) lines.push(`… and ${report.problems.length - shown.length} more problems`);
  return lines;
}
