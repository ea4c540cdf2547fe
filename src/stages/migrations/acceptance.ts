import type { Heaviness } from '../../artifact/types.js';
import { anyTrue } from '../../core/tristate.js';
import { coveringDirectives, readDirectives, type AcceptDirective } from '../../accept/directives.js';
import {
  acceptedByConfig,
  acceptedInline,
  effectiveLevel,
  isAcceptableRule,
  type AcceptancePolicy,
  type AcceptedFinding,
  type AcceptProblem,
} from '../../accept/policy.js';
import type { RuleMeta } from '../../rules/types.js';
import { migrationRule } from './catalogue.js';
import type { ExtractedStatement, HeavinessFlag, MigrationHit } from './types.js';

/**
 * Acceptances in one added migration (`-- @release-safety accept <rule>: <reason>` or `//`), matched
 * against the rule hits of that file. The artifact keeps the observed heaviness; what this returns is
 * what still counts against the verdict once the accepted hits are taken out. A flag observed
 * `unknown` always stays `unknown`: only proven hits can be accepted.
 */
export interface MigrationAcceptance {
  /** Heaviness counting only the hits nobody accepted. */
  counted: Heaviness;
  /** Whether a hit nobody accepted breaks old code (its rule's level in this release is `breaking`). */
  breaksOldCode: boolean;
  accepted: AcceptedFinding[];
  problems: AcceptProblem[];
}

const FLAGS: readonly HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];

export interface MigrationAcceptanceInput {
  file: string;
  text: string;
  observed: Heaviness;
  hits: readonly MigrationHit[];
  statements: readonly ExtractedStatement[];
}

export function applyMigrationAcceptance(
  input: MigrationAcceptanceInput,
  policy: AcceptancePolicy | undefined,
  knownRule: (id: string) => RuleMeta | undefined,
): MigrationAcceptance {
  const { file, text, observed, hits } = input;
  const counted: Heaviness = { locksTable: false, rewritesTable: false, scansTable: false };
  let breaksOldCode = false;
  const accepted: AcceptedFinding[] = [];
  const problems: AcceptProblem[] = [];
  const read = policy ? readDirectives(file, text) : { directives: [], problems: [] };
  problems.push(...read.problems.map((problem) => ({ file, ...problem })));
  const lines = text.split(/\r\n|\r|\n/);
  const used = new Set<AcceptDirective>();
  // A knex call spans lines: an acceptance written inside it (above `t.index(…)`) covers what it emits.
  const endLines = new Map<number, number>();
  for (const statement of input.statements) {
    if (statement.endLine !== undefined) endLines.set(statement.line, Math.max(endLines.get(statement.line) ?? 0, statement.endLine));
  }

  for (const hit of hits) {
    const meta = migrationRule(hit.finding.rule);
    const line = hit.finding.evidence.line;
    const endLine = line === undefined ? undefined : endLines.get(line);
    const covering = [
      ...coveringDirectives(read.directives, hit.finding.rule, line, lines),
      ...read.directives.filter(
        (directive) =>
          !directive.fileLevel &&
          directive.rule === hit.finding.rule &&
          line !== undefined &&
          endLine !== undefined &&
          directive.line > line &&
          directive.line <= endLine,
      ),
    ];
    const unknownHit = meta === undefined || !isAcceptableRule(meta) || Object.values(hit.flags).includes('unknown');
    covering.forEach((directive) => used.add(directive));
    const level = meta === undefined ? 'breaking' : effectiveLevel(meta, policy);
    if (covering.length > 0 && unknownHit) {
      const directive = covering[0]!;
      problems.push({
        file,
        line: directive.line,
        problem: `accept ${hit.finding.rule}: the finding at line ${line ?? '?'} says what could not be checked (unknown): only proven findings can be accepted`,
      });
    } else if (covering.length > 0) {
      const directive = covering[0]!;
      accepted.push(acceptedInline('migrations', hit.finding, directive.reason, { file, line: directive.line }));
      continue;
    } else if (policy?.settings[hit.finding.rule] !== undefined && !unknownHit && (level === 'off' || level === 'info')) {
      // Listed only when the config changed something: the hit would have counted at the catalogue level.
      if (Object.values(hit.flags).includes(true) || meta?.level === 'breaking') accepted.push(acceptedByConfig('migrations', hit.finding, policy));
      continue;
    }
    for (const flag of FLAGS) {
      const value = hit.flags[flag];
      if (value !== undefined) counted[flag] = anyTrue([counted[flag], value]);
    }
    if (level === 'breaking') breaksOldCode = true;
  }

  for (const directive of read.directives) {
    if (used.has(directive)) continue;
    problems.push({ file, line: directive.line, problem: unusedDirectiveProblem(directive, knownRule) });
  }
  // Facts first: a flag observed unknown is never counted as anything lighter.
  for (const flag of FLAGS) if (observed[flag] === 'unknown') counted[flag] = 'unknown';
  return { counted, breaksOldCode, accepted, problems };
}

function unusedDirectiveProblem(directive: AcceptDirective, knownRule: (id: string) => RuleMeta | undefined): string {
  const meta = knownRule(directive.rule);
  if (meta === undefined) return `accept ${directive.rule}: no rule has this id (see \`release-safety rules\`)`;
  if (meta.surface !== 'migrations') return `accept ${directive.rule}: a ${meta.surface} rule never fires in a migration`;
  if (directive.fileLevel) return `accept ${directive.rule}: the rule did not fire anywhere in this migration (stale acceptance: remove it)`;
  return `accept ${directive.rule}: the rule did not fire on the statement below (stale acceptance: remove it or move it above the statement it concerns)`;
}
