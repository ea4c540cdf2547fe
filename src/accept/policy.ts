import type { Evidence, Finding, FindingParams, Level, RuleMeta, Surface } from '../rules/types.js';
import { reasonProblem } from './reason.js';

/**
 * What a maintainer decided about findings, and how a stage applies it (pure). Two sources:
 *
 * - an acknowledgement written beside what it concerns (a migration comment, an OpenAPI or MCP
 *   `x-release-safety-accept` entry): it accepts the findings of its rule at that place;
 * - a rule setting in the config (`rules: { "<id>": { level, reason } }`): it changes the rule's
 *   level for the whole release.
 *
 * An accepted finding no longer counts against the verdict but is listed in every report with its
 * reason. Only proven findings can be accepted: a finding that says something could not be checked
 * (its rule is `acceptable: false`, or it leaves a flag `unknown`) never is, and neither is a
 * declared break.
 */

/** A config rule level: a catalogue level, or `off` (the rule's findings no longer count; still listed). */
export type RuleLevelSetting = Level | 'off';

export interface RuleSetting {
  level: RuleLevelSetting;
  reason: string;
}

export type RuleSettings = Readonly<Record<string, RuleSetting>>;

/** Where an acceptance is written: a comment or extension in a file, or the config. */
export type AcceptedBy = { kind: 'inline'; file: string; line?: number; pointer?: string } | { kind: 'rule-setting'; level: RuleLevelSetting };

export interface AcceptedFinding {
  surface: Surface;
  rule: string;
  /** The finding's parameters (for the catalogue's message) and its evidence (file, line, statement or pointer). */
  params: FindingParams;
  evidence: Evidence;
  reason: string;
  by: AcceptedBy;
}

/** A malformed, stale or refused acceptance: `generate` stops with it (exit 2), naming file and line. */
export interface AcceptProblem {
  file?: string;
  line?: number;
  problem: string;
}

/** What the stages are handed: the rule settings in force for this release. Absent with `--no-accept`. */
export interface AcceptancePolicy {
  settings: RuleSettings;
}

/**
 * Why a rule's findings can never be accepted, or `undefined` when they can. A surface that accepts
 * nothing (declared breaks, environment variables) says why in its stage (`Stage.acceptance`), and
 * the caller passes that reason; a rule that reports what could not be checked is never acceptable.
 */
export function refusalOf(meta: Pick<RuleMeta, 'acceptable'>, surfaceRefusal?: string): string | undefined {
  if (surfaceRefusal !== undefined) return surfaceRefusal;
  if (meta.acceptable === false) return 'it reports what could not be checked (or a rewritten history): only proven findings can be accepted';
  return undefined;
}

/** Whether a rule's findings may be accepted (see {@link refusalOf}). */
export function isAcceptableRule(meta: Pick<RuleMeta, 'acceptable'>, surfaceRefusal?: string): boolean {
  return refusalOf(meta, surfaceRefusal) === undefined;
}

const RANK: Readonly<Record<RuleLevelSetting, number>> = { off: 0, info: 1, advisory: 2, breaking: 3 };

/** The level a rule has in this release: the config's setting, else the catalogue's. */
export function effectiveLevel(meta: Pick<RuleMeta, 'id' | 'level'>, policy: AcceptancePolicy | undefined): RuleLevelSetting {
  return policy?.settings[meta.id]?.level ?? meta.level;
}

/** Whether the config lowers the rule below `level` (what counts against the verdict). */
export function loweredBelow(meta: Pick<RuleMeta, 'id' | 'level'>, policy: AcceptancePolicy | undefined, level: Level): boolean {
  return RANK[effectiveLevel(meta, policy)] < RANK[level];
}

/** A finding accepted by the config: the setting's level and reason. */
export function acceptedByConfig(surface: Surface, finding: Finding, policy: AcceptancePolicy): AcceptedFinding {
  const setting = policy.settings[finding.rule]!;
  return {
    surface,
    rule: finding.rule,
    params: finding.params,
    evidence: finding.evidence,
    reason: setting.reason,
    by: { kind: 'rule-setting', level: setting.level },
  };
}

/** A finding accepted where it is written (a comment, an extension). */
export function acceptedInline(surface: Surface, finding: Finding, reason: string, by: { file: string; line?: number; pointer?: string }): AcceptedFinding {
  return { surface, rule: finding.rule, params: finding.params, evidence: finding.evidence, reason, by: { kind: 'inline', ...by } };
}

/**
 * The settings in force for a release (issue 11: the `from` config decides what must be checked).
 * Per rule, the stricter of the two configs' levels: a release can raise a rule at once, but a
 * lowering takes effect only once the previous release's config held it too, so no release can
 * wave its own findings through by editing the config it is checked with. Without a `from` config
 * nothing is lowered. Lowerings not yet in force are returned as notes for the report.
 */
export function settingsInForce(
  from: RuleSettings | undefined,
  to: RuleSettings | undefined,
  catalogueLevel: (id: string) => Level | undefined,
): { settings: RuleSettings; notes: string[] } {
  const settings: Record<string, RuleSetting> = {};
  const notes: string[] = [];
  for (const id of [...new Set([...Object.keys(to ?? {}), ...Object.keys(from ?? {})])].sort()) {
    const base = catalogueLevel(id);
    if (base === undefined) continue;
    const fromSetting = from?.[id] ?? { level: base, reason: '' };
    const toSetting = to?.[id] ?? { level: base, reason: '' };
    const stricter = RANK[toSetting.level] >= RANK[fromSetting.level] ? toSetting : fromSetting;
    if (to?.[id] !== undefined && RANK[toSetting.level] < RANK[stricter.level]) {
      notes.push(
        `rules.${id}: level ${toSetting.level} is not in force for this release (the config of the previous release does not hold it); it applies from the next release`,
      );
    }
    if (stricter.level !== base) settings[id] = { level: stricter.level, reason: stricter.reason || (to?.[id] ?? from?.[id])!.reason };
  }
  return { settings, notes };
}

/**
 * What is wrong with a config's rule settings: an id no catalogue knows, a rule that may not be
 * lowered, or a reason that is too short or a placeholder. One line each, naming the key.
 */
export function ruleSettingProblems(
  settings: RuleSettings,
  source: string,
  findRule: (id: string) => RuleMeta | undefined,
  surfaceRefusal: (meta: RuleMeta) => string | undefined,
): string[] {
  const problems: string[] = [];
  for (const [id, setting] of Object.entries(settings)) {
    const meta = findRule(id);
    if (meta === undefined) {
      problems.push(`${source}: rules.${id}: no rule has this id (see \`release-safety rules\`)`);
      continue;
    }
    const refusal = refusalOf(meta, surfaceRefusal(meta));
    if (RANK[setting.level] < RANK[meta.level] && refusal !== undefined) {
      problems.push(`${source}: rules.${id}: cannot be lowered: ${refusal}`);
    }
    const reason = reasonProblem(setting.reason);
    if (reason !== undefined) problems.push(`${source}: rules.${id}: ${reason}`);
  }
  return problems;
}

export function problemLine(problem: AcceptProblem): string {
  const where = problem.file === undefined ? '' : `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: `;
  return `${where}${problem.problem}`;
}
