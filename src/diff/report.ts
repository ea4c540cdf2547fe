import { compareText } from '../core/compare-text.js';
import { docsUrl } from '../rules/links.js';
import { renderFinding, renderTemplate, type Finding, type Level, type RuleMeta } from '../rules/types.js';

/**
 * The report of `release-safety diff openapi|mcp`: the engine's findings with the catalogue's
 * wording and level applied, in one deterministic order. Pure: no I/O, no styling.
 */

export interface DiffFinding {
  rule: string;
  level: Level;
  /** `GET /api/v1/org/users` for REST, the tool name for MCP; `''` when the finding has none. */
  operation: string;
  /** JSON pointer into the new (or, for removals, the old) document; `''` when unknown. */
  location: string;
  message: string;
}

export interface DiffReport {
  /** Whether any finding is at level `breaking` (whatever `--fail-on` says). */
  breaking: boolean;
  findings: DiffFinding[];
}

/** The level `--fail-on` names, and every level at or above it. */
export type FailOn = 'breaking' | 'advisory';
const FAIL_ON_LEVELS: readonly FailOn[] = ['breaking', 'advisory'];

const LEVEL_RANK: Readonly<Record<Level, number>> = { breaking: 0, advisory: 1, info: 2 };

/**
 * The `fix:` and `docs:` lines of a finding, as `generate`'s report prints them. Kept beside the
 * report rather than in it: `--json` has its documented shape ({rule, level, operation, location, message}).
 */
const GUIDANCE = new WeakMap<DiffFinding, { fix?: string; docs?: string }>();

/** The operation a finding is about, from the parameters every REST / MCP rule carries. */
function operationOf(finding: Finding): string {
  const { method, path, tool, name } = finding.params;
  if (typeof method === 'string' && typeof path === 'string') return `${method.toUpperCase()} ${path}`;
  if (typeof tool === 'string') return tool;
  if (typeof name === 'string') return name;
  return '';
}

/** Breaking first, then advisory, then info; within a level by rule, operation, location, message. */
function compareDiffFindings(a: DiffFinding, b: DiffFinding): number {
  return (
    LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
    compareText(a.rule, b.rule) ||
    compareText(a.operation, b.operation) ||
    compareText(a.location, b.location) ||
    compareText(a.message, b.message)
  );
}

/**
 * Renders findings with the stage's catalogue (`rules`).
 * A finding whose rule no catalogue knows is a bug of the engine; it is kept, as `breaking`,
 * so that it can never make a diff look clean (fail closed).
 */
export function buildDiffReport(findings: readonly Finding[], rules: readonly RuleMeta[]): DiffReport {
  const rendered = findings.map((finding): DiffFinding => {
    const meta = rules.find((rule) => rule.id === finding.rule || (rule.aliases ?? []).includes(finding.rule));
    const location = finding.evidence.pointer ?? '';
    if (!meta)
      return {
        rule: finding.rule,
        level: 'breaking',
        operation: operationOf(finding),
        location,
        message: `unknown rule ${finding.rule}: ${JSON.stringify(finding.params)}`,
      };
    const { level, message } = renderFinding(meta, finding);
    const rendered: DiffFinding = { rule: meta.id, level, operation: operationOf(finding), location, message };
    GUIDANCE.set(rendered, { ...(meta.fix ? { fix: renderTemplate(meta.fix, finding.params) } : {}), ...(meta.docs ? { docs: docsUrl(meta.docs) } : {}) });
    return rendered;
  });
  rendered.sort(compareDiffFindings);
  return { breaking: rendered.some((finding) => finding.level === 'breaking'), findings: rendered };
}

/** Whether the report has a finding at or above `failOn` (info never counts). */
export function reachesFailOn(report: DiffReport, failOn: FailOn): boolean {
  return report.findings.some((finding) => LEVEL_RANK[finding.level] <= LEVEL_RANK[failOn]);
}

export interface TextOptions {
  /** Include `info` findings (hidden by default). */
  verbose: boolean;
  /** Colours the level word (style.ts); identity when colours are off. */
  colorLevel?: (level: Level, text: string) => string;
  /** Dims the docs link (style.ts), as `generate` prints it. */
  dim?: (text: string) => string;
}

/** One line per finding: `breaking  <rule-id>  <message>`, its `fix:` and `docs:` lines under it, then a summary line. */
export function renderDiffText(report: DiffReport, options: TextOptions): string[] {
  const shown = report.findings.filter((finding) => options.verbose || finding.level !== 'info');
  const colour = options.colorLevel ?? ((_level: Level, text: string) => text);
  const lines = shown.flatMap((finding) => {
    const guidance = GUIDANCE.get(finding);
    return [
      `${colour(finding.level, finding.level.padEnd(8))}  ${finding.rule}  ${finding.message}`,
      // On one line, as generate prints it: a parameter taken from the document cannot add lines.
      ...(guidance?.fix ? [`      fix: ${oneLine(guidance.fix, 1000)}`] : []),
      ...(guidance?.docs ? [`      docs: ${options.dim?.(guidance.docs) ?? guidance.docs}`] : []),
    ];
  });
  const count = (level: Level) => report.findings.filter((finding) => finding.level === level).length;
  const hiddenInfo = options.verbose ? 0 : count('info');
  const summary = `${count('breaking')} breaking, ${count('advisory')} advisory, ${count('info')} info${hiddenInfo > 0 ? ' (info shown with --verbose)' : ''}`;
  lines.push(report.findings.length === 0 ? 'No differences found by any rule.' : summary);
  return lines;
}

/** Parses `--fail-on`; `undefined` when the value is not a level it accepts. */
export function parseFailOn(value: string): FailOn | undefined {
  return FAIL_ON_LEVELS.find((level) => level === value);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
