import type { CiRun } from './types.js';

/** A markdown table of a run's findings (for `diff` and `lint-migrations`; `generate` has its own report). */
export function renderMarkdownRun(run: CiRun): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [`## release-safety ${run.title}`, '', `**${run.passed ? 'Passed' : 'Not passed'}:** ${cell(run.summary)}`, ''];
  if (run.findings.length === 0) lines.push('No findings.');
  else {
    lines.push('| level | rule | where | message |', '|---|---|---|---|');
    for (const finding of run.findings) {
      const where = [finding.file, finding.line, finding.pointer].filter((part) => part !== undefined).join(':');
      lines.push(`| ${finding.level} | \`${finding.ruleId}\` | ${cell(where)} | ${cell(finding.message)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
