import type { GenerateOutcome } from '../generate/generate.js';
import { evidenceMarkdown, reportAccepted, reportFindings, tableCell, type ReportAccepted, type ReportFinding } from '../generate/report.js';
import { mdCode, mdText } from '../core/safe-markdown.js';
import type { Evidence } from '../rules/types.js';

/**
 * The pull-request comment: what a reviewer reads in ten seconds. First line the verdict and the
 * version (✅ rolling-safe / ❌ not proven, why in one line), a short table per surface, then what
 * decides the verdict (accepted findings first: an acceptance is what turns a release `true`), then
 * the findings grouped by surface with the rule, the location linked to the file at the head commit
 * and the fix. Long groups fold into `<details>`.
 *
 * Repository text is rendered by src/core/safe-markdown.ts (never a mention, link or markup); the
 * only links are ours, built from the runner's trusted server URL, repository and head commit.
 *
 * GitHub refuses comments over 65,536 characters. The cut never hides what decides the verdict: the
 * header, the reasons and every accepted finding come first; then breaking and unclassified findings;
 * advisory and info findings are dropped first, and the comment says how many.
 */
export const COMMENT_LIMIT = 65_000;

export interface CommentContext {
  /** `https://github.com` (GITHUB_SERVER_URL). */
  serverUrl: string;
  /** `owner/name` (GITHUB_REPOSITORY). */
  repository: string;
  pullRequest: number;
  headSha: string;
  baseSha: string;
  /** Characters at most (tests use a small one). */
  limit?: number;
}

/** True when nothing in the pull request affects the verdict: proven safe and nothing accepted. */
export function affectsNothing(outcome: GenerateOutcome): boolean {
  return outcome.artifact.compatibility.rollingUpdateSafe === true && reportAccepted(outcome.stages).length === 0;
}

const short = (sha: string) => sha.slice(0, 7);

/** A link to `path` at the head commit, or undefined when the path could climb out of the tree. */
export function blobUrl(context: CommentContext, path: string, line?: number): string | undefined {
  if (!/^https?:\/\/[\w.:-]+$/.test(context.serverUrl) || !/^[\w.-]+\/[\w.-]+$/.test(context.repository) || !/^[0-9a-f]{7,64}$/.test(context.headSha)) return undefined;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  const encoded = segments.map((segment) => encodeURIComponent(segment)).join('/');
  return `${context.serverUrl}/${context.repository}/blob/${context.headSha}/${encoded}${line === undefined ? '' : `#L${line}`}`;
}

/** `[`db/x.sql:2`](…/blob/<sha>/db/x.sql#L2)` then the statement as code; no link when none is safe. */
function location(context: CommentContext, evidence: Evidence): string {
  if (!evidence.file) return evidenceMarkdown(evidence);
  const label = mdCode(`${evidence.file}${evidence.line ? `:${evidence.line}` : ''}`);
  const url = blobUrl(context, evidence.file, evidence.line);
  const detail = evidence.statement ?? evidence.pointer;
  return [url ? `[${label}](${url})` : label, detail ? mdCode(detail, { max: 160 }) : ''].filter(Boolean).join(' ');
}

const LEVEL_MARK: Readonly<Record<ReportFinding['level'], string>> = { breaking: '❌', unknown: '❔', 'unknown-rule': '❔', advisory: '⚠️', info: 'ℹ️' };
/**
 * Findings that decide the verdict (or could not be classified): never cut before lower levels.
 * An advisory counts on a surface that keeps the release from `true` (a table rewrite is an advisory
 * finding, and it is what makes the migration heavy).
 */
function decidingIn(outcome: GenerateOutcome): (finding: ReportFinding) => boolean {
  const blocking = new Set(outcome.verdict.reasons.map((reason) => reason.surface));
  return (finding) =>
    finding.level === 'breaking' || finding.level === 'unknown' || finding.level === 'unknown-rule' || (finding.level === 'advisory' && blocking.has(finding.surface));
}

function findingLines(context: CommentContext, finding: ReportFinding): string[] {
  const where = location(context, finding.evidence);
  const lines = [`- ${LEVEL_MARK[finding.level]} **${finding.level}** ${mdCode(finding.rule)}: ${finding.markdown.message}${where ? ` — ${where}` : ''}`];
  if (finding.markdown.fix) lines.push(`  - Fix: ${finding.markdown.fix}${finding.docs ? ` ([docs](${finding.docs}))` : ''}`);
  return lines;
}

function acceptedLines(context: CommentContext, item: ReportAccepted): string[] {
  const where = location(context, item.evidence);
  return [
    `- ${mdCode(item.rule)} (${item.surface}): ${item.markdown.message}${where ? ` — ${where}` : ''}`,
    `  - accepted at ${mdCode(item.acceptedAt)}: ${mdText(item.reason, 300)}`,
  ];
}

function headline(outcome: GenerateOutcome): string {
  const { artifact, verdict } = outcome;
  const version = mdCode(artifact.version);
  if (artifact.compatibility.rollingUpdateSafe === true) return `### ✅ ${version} is rolling-safe`;
  const [first, ...more] = verdict.reasons;
  const why = first === undefined ? '' : ` — ${first.surface}: ${mdText(first.detail, 160)}${more.length > 0 ? ` (+${more.length} more)` : ''}`;
  const word = artifact.compatibility.rollingUpdateSafe === false ? 'not rolling-safe' : 'not proven rolling-safe';
  return `### ❌ ${version} is ${word}${why}`;
}

function subline(outcome: GenerateOutcome, context: CommentContext): string {
  const { artifact } = outcome;
  const previous = artifact.previousVersion === null ? '' : ` from ${mdCode(artifact.previousVersion)}`;
  return `<sub>Dry run of this pull request${previous} · ${mdCode(short(context.baseSha))} → ${mdCode(short(context.headSha))} · strategy ${artifact.compatibility.recommendedStrategy} · rollingUpdateSafe ${mdCode(String(artifact.compatibility.rollingUpdateSafe))}</sub>`;
}

function surfaceTable(outcome: GenerateOutcome, findings: readonly ReportFinding[]): string[] {
  const rows = ['| Surface | Result | Findings |', '|---|---|---|'];
  for (const stage of outcome.stages) {
    const state = outcome.verdict.surfaces[stage.surface];
    const result = !state.checked ? '❔ not checked' : state.breaking === true ? '❌ breaking' : state.breaking === 'unknown' ? '❔ unknown' : '✅ safe';
    const counts = new Map<string, number>();
    for (const finding of findings) if (finding.surface === stage.surface) counts.set(finding.level, (counts.get(finding.level) ?? 0) + 1);
    const summary = [...counts].map(([level, count]) => `${count} ${level}`).join(', ') || '—';
    rows.push(`| ${stage.surface} | ${result} | ${tableCell(summary)} |`);
  }
  return rows;
}

/** A group folds into `<details>` past this many findings. */
const FOLD_AFTER = 5;

function group(title: string, lines: readonly string[], count: number, open: boolean): string[] {
  if (count <= FOLD_AFTER) return ['', `#### ${title}`, '', ...lines];
  // A blank line after <summary> lets the markdown inside render.
  return ['', `<details${open ? ' open' : ''}><summary><b>${title}</b> (${count})</summary>`, '', ...lines, '', '</details>'];
}

/** The one-line comment when nothing in the pull request affects the verdict. */
export function renderQuietComment(outcome: GenerateOutcome, context: CommentContext): string {
  const advisories = reportFindings(outcome.stages).length;
  const more = advisories > 0 ? ` (${advisories} advisory or info finding(s) in the job summary)` : '';
  return `✅ ${mdCode(outcome.artifact.version)} is rolling-safe: nothing in this pull request affects the verdict${more}. <sub>${mdCode(short(context.baseSha))} → ${mdCode(short(context.headSha))}</sub>\n`;
}

export function renderPullRequestComment(outcome: GenerateOutcome, context: CommentContext): string {
  const limit = context.limit ?? COMMENT_LIMIT;
  const findings = reportFindings(outcome.stages);
  const deciding = decidingIn(outcome);
  const accepted = reportAccepted(outcome.stages);
  const head: string[] = [headline(outcome), subline(outcome, context), '', ...surfaceTable(outcome, findings)];
  if (outcome.verdict.reasons.length > 1) {
    head.push('', '**Why:**');
    for (const reason of outcome.verdict.reasons) head.push(`- ${reason.surface}: ${mdText(reason.detail, 300)}`);
  }
  const tail = ['', '<sub>The whole report (migrations, config changes, upgrade path) is in the job summary.</sub>'];

  // Blocks in the order they are kept: what decides the verdict first, then advisory, then info.
  const acceptedBlock: string[] = [];
  if (accepted.length > 0) {
    acceptedBlock.push('', `#### ⚠️ Accepted (${accepted.length}): not counted in the verdict`, '', 'A maintainer accepted these; each one is what a reviewer signs off on.', '');
    for (const item of accepted) acceptedBlock.push(...acceptedLines(context, item));
  }
  const tiers: ((finding: ReportFinding) => boolean)[] = [deciding, (finding) => finding.level === 'advisory', () => true];
  const render = (keptTiers: number, withFixes: boolean): string => {
    const kept = findings.filter((finding) => tiers.slice(0, keptTiers).some((tier) => tier(finding)));
    const body: string[] = [];
    for (const stage of outcome.stages) {
      const own = kept.filter((finding) => finding.surface === stage.surface);
      if (own.length === 0) continue;
      const lines = own.flatMap((finding) => (withFixes ? findingLines(context, finding) : findingLines(context, finding).slice(0, 1)));
      body.push(...group(stage.surface, lines, own.length, own.some(deciding)));
    }
    const dropped = findings.length - kept.length;
    const note = dropped > 0 ? ['', `_${dropped} lower-level finding(s) (advisory or info, none that decides the verdict) not shown here to fit GitHub's comment limit: see the job summary._`] : [];
    return [...head, ...acceptedBlock, ...body, ...note, ...tail].join('\n');
  };
  for (const [keptTiers, withFixes] of [[3, true], [2, true], [1, true], [1, false]] as const) {
    const text = render(keptTiers, withFixes);
    if (text.length <= limit) return `${text}\n`;
  }
  // Even the deciding findings alone do not fit: the head and every accepted finding first (one
  // line each if they must), then as many deciding findings as fit, with a count of the rest.
  let fixed = [...head, ...acceptedBlock].join('\n');
  if (fixed.length > limit - 400) {
    const compact = accepted.map((item) => `- ${mdCode(item.rule)} (${item.surface}) at ${mdCode(item.acceptedAt, { max: 120 })}: ${mdText(item.reason, 120)}`);
    const lines = ['', `#### ⚠️ Accepted (${accepted.length}): not counted in the verdict`, ''];
    let size = head.join('\n').length + lines.join('\n').length;
    let shownAccepted = 0;
    for (const line of compact) {
      if (size + line.length + 1 > limit - 400) break;
      lines.push(line);
      size += line.length + 1;
      shownAccepted++;
    }
    if (shownAccepted < accepted.length) lines.push('', `_${accepted.length - shownAccepted} more accepted finding(s), which the verdict relies on, did not fit GitHub's comment limit: read them in the job summary before approving._`);
    fixed = [...head, ...lines].join('\n');
  }
  const decidingLines = findings.filter(deciding).map((finding) => findingLines(context, finding)[0]!);
  const room = limit - fixed.length - 300;
  const shown: string[] = [];
  let used = 0;
  for (const line of decidingLines) {
    if (used + line.length + 1 > room) break;
    shown.push(line);
    used += line.length + 1;
  }
  const cut = findings.length - shown.length;
  return `${[fixed, '', '#### Findings', '', ...shown, '', `_${cut} more finding(s) not shown here to fit GitHub's comment limit: see the job summary._`].join('\n')}\n`;
}
