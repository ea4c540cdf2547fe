/**
 * Lists `changes[]` and `advisories[]` in an artifact are capped so a huge release stays readable;
 * the last line says how many were left out, and the `*Count` fields carry the uncapped totals.
 */
export const LIST_CAP = 50;

export interface CappedList {
  lines: string[];
  total: number;
}

/** Keeps at most `cap` lines; when more exist, the kept part ends with `… and N more`. */
export function capLines(lines: readonly string[], cap = LIST_CAP): CappedList {
  if (lines.length <= cap) return { lines: [...lines], total: lines.length };
  const kept = lines.slice(0, cap - 1);
  return { lines: [...kept, overflowLine(lines.length - kept.length)], total: lines.length };
}

function overflowLine(hiddenCount: number): string {
  return `… and ${hiddenCount} more`;
}
