import { severityOf, type CiFinding, type CiRun } from './types.js';

/**
 * GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`): the runner turns
 * them into annotations on the pull request's diff. Escaping follows the runner's own rules
 * (`%`, CR and LF in the message; also `:` and `,` in properties).
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * Errors first, then warnings, then notes; within a severity, findings on a file line (a heavy
 * migration, a removed route) before whole-surface ones; otherwise the report's own order.
 */
export function rankForAnnotation(findings: readonly CiFinding[]): CiFinding[] {
  const rank = { error: 0, warning: 1, note: 2 } as const;
  const located = (finding: CiFinding) => (finding.file === undefined ? 1 : 0);
  return findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => rank[severityOf(a.finding.level)] - rank[severityOf(b.finding.level)] || located(a.finding) - located(b.finding) || a.order - b.order)
    .map(({ finding }) => finding);
}

export function workflowCommand(finding: CiFinding): string {
  const severity = severityOf(finding.level);
  const command = severity === 'note' ? 'notice' : severity;
  const properties: string[] = [];
  if (finding.file !== undefined) properties.push(`file=${escapeProperty(finding.file)}`);
  if (finding.file !== undefined && finding.line !== undefined) properties.push(`line=${finding.line}`);
  properties.push(`title=${escapeProperty(`release-safety ${finding.ruleId}`)}`);
  const where = finding.pointer === undefined ? '' : ` (${finding.pointer})`;
  return `::${command} ${properties.join(',')}::${escapeData(`${finding.message}${where}`)}`;
}

/**
 * One workflow command per finding (at most `limit`, most severe first: the runner shows only
 * 10 errors and 10 warnings per step), then a notice that names what was left out.
 */
export function renderGithubCommands(run: CiRun, limit = Number.POSITIVE_INFINITY): string {
  const ranked = rankForAnnotation(run.findings);
  const shown = ranked.slice(0, limit);
  const lines = shown.map(workflowCommand);
  if (ranked.length > shown.length)
    lines.push(`::notice title=release-safety::${escapeData(`${ranked.length - shown.length} more findings are in the job summary`)}`);
  const verdictCommand = run.passed ? 'notice' : 'error';
  lines.push(`::${verdictCommand} title=${escapeProperty(`release-safety ${run.title}`)}::${escapeData(run.summary)}`);
  return `${lines.join('\n')}\n`;
}
