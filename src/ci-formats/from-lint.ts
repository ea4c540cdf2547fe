import type { LintReport } from '../diff/lint-migrations.js';
import type { RuleMeta } from '../rules/types.js';
import { ciRule } from './catalogue.js';
import type { CiFinding, CiRun } from './types.js';

/** `lint-migrations` as CI findings, each on its file and line. */
export function ciRunFromLint(report: LintReport, rules: readonly RuleMeta[], toolVersion: string): CiRun {
  const findings: CiFinding[] = report.files.flatMap((file) =>
    file.findings.map((finding) => ({
      ruleId: finding.rule,
      level: finding.level,
      message: finding.message,
      file: file.file,
      line: finding.line ?? undefined,
      surface: 'migrations',
    })),
  );
  const unclean = report.files.filter((file) => !file.clean).map((file) => file.file);
  return {
    title: 'lint-migrations',
    toolVersion,
    findings,
    rules: rules.map(ciRule),
    passed: report.clean,
    summary: report.clean ? `${report.files.length} migration file(s) proven light` : `not proven light: ${unclean.join(', ')}`,
  };
}
