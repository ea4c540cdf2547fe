import type { DiffReport } from '../diff/report.js';
import type { RuleMeta } from '../rules/types.js';
import { ciRule } from './catalogue.js';
import type { CiRun } from './types.js';

/** `diff openapi|mcp` as CI findings, located in the new file (pointer into it). */
export function ciRunFromDiff(
  report: DiffReport,
  options: { surface: 'openapi' | 'mcp'; file: string; rules: readonly RuleMeta[]; failed: boolean; toolVersion: string },
): CiRun {
  return {
    title: `diff ${options.surface}`,
    toolVersion: options.toolVersion,
    findings: report.findings.map((finding) => ({
      ruleId: finding.rule,
      level: finding.level,
      message: finding.operation === '' ? finding.message : `${finding.operation}: ${finding.message}`,
      file: options.file,
      pointer: finding.location === '' ? undefined : finding.location,
      surface: options.surface === 'openapi' ? 'rest' : 'mcp',
    })),
    rules: options.rules.map(ciRule),
    passed: !options.failed,
    summary: options.failed ? `${report.findings.filter((f) => f.level === 'breaking').length} breaking change(s)` : 'no change reaches --fail-on',
  };
}
