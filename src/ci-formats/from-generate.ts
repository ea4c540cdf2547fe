import { reportAccepted, reportFindings } from '../generate/report.js';
import type { GenerateOutcome } from '../generate/generate.js';
import { allRules } from '../surfaces/registry.js';
import { ciRule } from './catalogue.js';
import type { CiFinding, CiRule, CiRun } from './types.js';

/** The rule id under which a verdict reason without a finding of its own is reported. */
export const VERDICT_RULE: CiRule = {
  id: 'rolling-update-not-proven',
  summary: 'A surface of the release is breaking, heavy, declared breaking, or could not be checked',
  help: 'Only a release whose every surface was checked and found harmless to old instances is rolling-safe. Read the report for the surface named.',
};

/**
 * `generate` as CI findings: every stage finding with its evidence, then one finding per verdict
 * reason (a surface that is breaking or was not checked), so a CI view can never look clean while
 * the verdict is not `true`.
 */
export function ciRunFromGenerate(outcome: GenerateOutcome, toolVersion: string): CiRun {
  const findings: CiFinding[] = reportFindings(outcome.stages).map((finding) => ({
    ruleId: finding.rule,
    level: finding.level === 'unknown-rule' ? 'unknown' : finding.level,
    message: finding.message,
    file: finding.evidence.file,
    line: finding.evidence.line,
    pointer: finding.evidence.pointer,
    surface: finding.surface,
  }));
  // Accepted findings stay visible (as notes): an acknowledgement is never a way to hide one.
  for (const item of reportAccepted(outcome.stages)) {
    findings.push({
      ruleId: item.rule,
      level: 'info',
      message: `accepted at ${item.acceptedAt}: ${item.message} — ${item.reason}`,
      file: item.evidence.file,
      line: item.evidence.line,
      pointer: item.evidence.pointer,
      surface: item.surface,
    });
  }
  for (const reason of outcome.verdict.reasons) {
    findings.push({
      ruleId: VERDICT_RULE.id,
      level: reason.cause === 'unchecked' || reason.cause === 'unknown' ? 'unknown' : 'breaking',
      message: `${reason.surface}: ${reason.detail}`,
      surface: reason.surface,
    });
  }
  const safe = outcome.artifact.compatibility.rollingUpdateSafe;
  return {
    title: `generate ${outcome.artifact.version}`,
    toolVersion,
    findings,
    rules: [...allRules().map(ciRule), VERDICT_RULE],
    passed: safe === true,
    summary:
      safe === true
        ? `${outcome.artifact.version} is rolling-safe (rollingUpdateSafe: true)`
        : `${outcome.artifact.version} is not proven rolling-safe (rollingUpdateSafe: ${String(safe)}); strategy ${outcome.artifact.compatibility.recommendedStrategy}`,
  };
}
