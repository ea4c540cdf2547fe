import { acceptedByConfig, acceptedInline, effectiveLevel, isAcceptableRule, type AcceptedFinding, type AcceptProblem } from '../accept/policy.js';
import { reasonProblem } from '../accept/reason.js';
import { indexCatalogue, type Finding, type RuleMeta, type Surface } from '../rules/types.js';
import type { StageInput } from './contract.js';

/**
 * Acknowledgements of REST and MCP findings: `x-release-safety-accept: [{ rule, reason }]` on an
 * object of the head document (an OpenAPI operation, parameter or schema; an MCP tool's
 * `annotations` or `_meta`), and the config's rule settings. Only entries this release adds count:
 * an entry already at the base ref belonged to the release that added it, and must not accept a
 * new finding of the same rule at the same place.
 */
export const ACCEPT_KEY = 'x-release-safety-accept';

export interface AcceptEntry {
  rule: string;
  reason: string;
}

/** An object carrying acceptance entries, where it is, and which findings it may cover. */
export interface AcceptHolder {
  /** File the entry is written in (the spec or snapshot), and the JSON pointer of the holding object. */
  file: string;
  pointer: string;
  /** What the holder is about when its pointer can move between releases (an MCP tool's name). */
  subject?: string;
  entries: AcceptEntry[];
}

export interface ApiAcceptance {
  /** Findings that still count. */
  remaining: Finding[];
  /** Findings accepted (inline or by config), to list as `accepted:` advisories. */
  acceptedFindings: Finding[];
  accepted: AcceptedFinding[];
  problems: AcceptProblem[];
}

/** The entries of one holder value (`x-release-safety-accept`), or the problems that make it unreadable. */
export function readAcceptEntries(value: unknown, file: string, pointer: string): { entries: AcceptEntry[]; problems: AcceptProblem[] } {
  const where = `${file}#${pointer}`;
  if (!Array.isArray(value)) return { entries: [], problems: [{ file: where, problem: `${ACCEPT_KEY} must be a list of { rule, reason }` }] };
  const entries: AcceptEntry[] = [];
  const problems: AcceptProblem[] = [];
  for (const item of value) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    if (typeof record.rule !== 'string' || typeof record.reason !== 'string') {
      problems.push({ file: where, problem: `${ACCEPT_KEY}: each entry is { rule: <rule-id>, reason: <why> }` });
      continue;
    }
    const problem = reasonProblem(record.reason);
    if (problem) problems.push({ file: where, problem: `accept ${record.rule}: ${problem}` });
    else entries.push({ rule: record.rule, reason: record.reason.trim() });
  }
  return { entries, problems };
}

/**
 * Applies the holders new in this release and the config's settings to a surface's findings.
 * `covers(holder, finding)` says whether the holder's object contains what the finding is about.
 */
export function applyApiAcceptance(
  surface: Surface,
  findings: readonly Finding[],
  holders: { added: readonly AcceptHolder[]; problems: readonly AcceptProblem[] },
  covers: (holder: AcceptHolder, finding: Finding) => boolean,
  rules: readonly RuleMeta[],
  acceptance: StageInput['acceptance'],
): ApiAcceptance {
  if (!acceptance) return { remaining: [...findings], acceptedFindings: [], accepted: [], problems: [] };
  const byId = indexCatalogue(rules);
  const problems: AcceptProblem[] = [...holders.problems];
  const used = new Set<AcceptEntry>();
  const remaining: Finding[] = [];
  const acceptedFindings: Finding[] = [];
  const accepted: AcceptedFinding[] = [];
  for (const finding of findings) {
    const meta = byId.get(finding.rule);
    const covering = holders.added.flatMap((holder) =>
      covers(holder, finding) ? holder.entries.filter((entry) => entry.rule === finding.rule).map((entry) => ({ holder, entry })) : [],
    );
    covering.forEach(({ entry }) => used.add(entry));
    const first = covering[0];
    if (first !== undefined && (meta === undefined || !isAcceptableRule(meta))) {
      problems.push({
        file: `${first.holder.file}#${first.holder.pointer}`,
        problem: `accept ${finding.rule}: this rule reports what could not be checked: only proven findings can be accepted`,
      });
    } else if (first !== undefined) {
      accepted.push(acceptedInline(surface, finding, first.entry.reason, { file: first.holder.file, pointer: first.holder.pointer }));
      acceptedFindings.push(finding);
      continue;
    } else if (
      meta !== undefined &&
      meta.level === 'breaking' &&
      acceptance.settings[finding.rule] !== undefined &&
      effectiveLevel(meta, acceptance) !== 'breaking' &&
      isAcceptableRule(meta)
    ) {
      accepted.push(acceptedByConfig(surface, finding, acceptance));
      acceptedFindings.push(finding);
      continue;
    }
    remaining.push(finding);
  }
  for (const holder of holders.added) {
    for (const entry of holder.entries) {
      if (used.has(entry)) continue;
      const meta = acceptance.knownRule(entry.rule);
      const problem =
        meta === undefined
          ? 'no rule has this id (see `release-safety rules`)'
          : meta.surface !== surface
            ? `a ${meta.surface} rule never fires on the ${surface} surface`
            : `the rule did not fire on this object or inside it in this release (stale acceptance: remove it)`;
      problems.push({ file: `${holder.file}#${holder.pointer}`, problem: `accept ${entry.rule}: ${problem}` });
    }
  }
  return { remaining, acceptedFindings, accepted, problems };
}

/** The catalogue as this release reads it: a rule the config raises to `breaking` counts as breaking. */
export function rulesWithSettings(rules: readonly RuleMeta[], acceptance: StageInput['acceptance']): RuleMeta[] {
  return rules.map((rule) =>
    acceptance !== undefined && effectiveLevel(rule, acceptance) === 'breaking' && rule.level !== 'breaking' ? { ...rule, level: 'breaking' } : rule,
  );
}

/**
 * Holders of a document at both refs: those at the head ref that the base ref does not hold with the
 * same rule and reason at the same pointer. `collect` finds the holders of one parsed document.
 */
export function addedHolders(head: readonly AcceptHolder[], base: readonly AcceptHolder[]): AcceptHolder[] {
  const key = (holder: AcceptHolder, entry: AcceptEntry) => JSON.stringify([holder.subject ?? holder.pointer, entry.rule, entry.reason]);
  const known = new Set(base.flatMap((holder) => holder.entries.map((entry) => key(holder, entry))));
  return head
    .map((holder) => ({ ...holder, entries: holder.entries.filter((entry) => !known.has(key(holder, entry))) }))
    .filter((holder) => holder.entries.length > 0);
}

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every object of a parsed document that carries {@link ACCEPT_KEY}, with its pointer. */
export function collectHolders(document: unknown, file: string): { holders: AcceptHolder[]; problems: AcceptProblem[] } {
  const holders: AcceptHolder[] = [];
  const problems: AcceptProblem[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown, pointer: string) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${pointer}/${index}`));
      return;
    }
    const record = value as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(record, ACCEPT_KEY)) {
      const read = readAcceptEntries(record[ACCEPT_KEY], file, pointer);
      holders.push({ file, pointer, entries: read.entries });
      problems.push(...read.problems);
    }
    for (const [key, child] of Object.entries(record)) if (key !== ACCEPT_KEY) visit(child, `${pointer}/${escapeSegment(key)}`);
  };
  visit(document, '');
  return { holders, problems };
}
