import { severityOf, type CiRun } from './types.js';

/**
 * JUnit XML (read by GitLab, Jenkins, Azure and most CI test tabs): one suite, a first case for the
 * run's own verdict, then one case per finding — failing for what blocks a rolling update or could
 * not be checked, passing (with its message as output) for advisories and notes.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // XML 1.0 cannot carry most control characters even escaped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '\uFFFD')
  );
}

export function renderJunit(run: CiRun): string {
  const cases: string[] = [];
  const verdictName = escapeXml(`verdict: ${run.title}`);
  cases.push(
    run.passed
      ? `    <testcase classname="release-safety" name="${verdictName}"/>`
      : `    <testcase classname="release-safety" name="${verdictName}">\n      <failure message="${escapeXml(run.summary)}" type="verdict"/>\n    </testcase>`,
  );
  let failures = run.passed ? 0 : 1;
  for (const finding of run.findings) {
    const where = [finding.file, finding.line, finding.pointer].filter((part) => part !== undefined).join(':');
    const name = escapeXml(`${finding.ruleId}${where === '' ? '' : ` ${where}`}`);
    const classname = escapeXml(`release-safety.${finding.surface ?? 'finding'}`);
    if (severityOf(finding.level) === 'error') {
      failures += 1;
      cases.push(
        `    <testcase classname="${classname}" name="${name}">\n      <failure message="${escapeXml(finding.message)}" type="${escapeXml(finding.level)}"/>\n    </testcase>`,
      );
    } else {
      cases.push(
        `    <testcase classname="${classname}" name="${name}">\n      <system-out>${escapeXml(`${finding.level}: ${finding.message}`)}</system-out>\n    </testcase>`,
      );
    }
  }
  const suiteName = escapeXml(`release-safety ${run.title}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="release-safety" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="${suiteName}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
