import type { ReleaseSafetyArtifact } from '../artifact/types.js';
import type { GenerateOutcome, StageOutcome } from './generate.js';
import { findRule, ruleBooks, SURFACES } from '../surfaces/registry.js';
import { docsUrl } from '../rules/links.js';
import { renderTemplate, shownLevel, type Evidence, type Level, type Surface } from '../rules/types.js';
import type { Tri } from '../core/tristate.js';
import { compareText } from '../core/compare-text.js';
import { mdCode, mdTemplate, mdText } from '../core/safe-markdown.js';

/**
 * The human report of `generate`: why the verdict is what it is. One model, two renderings
 * (terminal text through {@link ReportStyle}, and markdown for `--report`). Wording comes from the rule
 * catalogues; a finding whose rule no catalogue knows still prints, as its id and parameters.
 */
/** The colours the terminal report uses (the CLI's style satisfies it; plain text passes text through). */
export interface ReportStyle {
  bold(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
}

export interface ReportFinding {
  surface: Surface;
  rule: string;
  /** What the finding did to the verdict (`breaking`: made it false, `unknown`), else its catalogue level: advisory and info never change the verdict. */
  level: Level | 'unknown' | 'unknown-rule';
  message: string;
  evidence: Evidence;
  /** The safe way to make the change, with the finding's own names (absent for a rule no catalogue knows). */
  fix?: string;
  /** Link to the rule's docs in the published repository. */
  docs?: string;
  /**
   * The same message and fix as markdown for what the bot posts: the catalogue's code renders as
   * code, the repository's parameters as code spans that cannot be closed, mention or link
   * (src/core/safe-markdown.ts).
   */
  markdown: { message: string; fix?: string };
}

const LEVEL_ORDER: Readonly<Record<ReportFinding['level'], number>> = { breaking: 0, unknown: 1, advisory: 2, info: 3, 'unknown-rule': 4 };

/** One accepted finding as every report lists it: rule, wording, evidence, the reason, and where it was accepted. */
export interface ReportAccepted {
  surface: Surface;
  rule: string;
  message: string;
  evidence: Evidence;
  reason: string;
  /** `db/migrations/003.sql:4`, `api/openapi.yaml#/paths/~1items/get`, or `config (rules.<id>: off)`. */
  acceptedAt: string;
  /** The message as safe markdown (see {@link ReportFinding.markdown}). */
  markdown: { message: string };
}

const acceptedKey = (rule: string, evidence: Evidence) => JSON.stringify([rule, evidence.file, evidence.line, evidence.statement, evidence.pointer]);

/** Every accepted finding of every stage with its catalogue wording, in a stable order. */
export function reportAccepted(stages: readonly StageOutcome[]): ReportAccepted[] {
  const items: ReportAccepted[] = [];
  const seen = new Set<string>();
  for (const stage of stages) {
    for (const accepted of stage.accepted) {
      const meta = findRule(accepted.rule, stage.surface, stage.rules) ?? findRule(accepted.rule, stage.surface);
      const { by } = accepted;
      const acceptedAt =
        by.kind === 'rule-setting'
          ? `config (rules.${accepted.rule}: ${by.level})`
          : `${by.file}${by.line === undefined ? '' : `:${by.line}`}${by.pointer === undefined ? '' : `#${by.pointer}`}`;
      const item = {
        surface: stage.surface,
        rule: accepted.rule,
        message: meta ? renderTemplate(meta.message, accepted.params) : `${accepted.rule} ${JSON.stringify(accepted.params)}`,
        evidence: accepted.evidence,
        reason: accepted.reason,
        acceptedAt,
        markdown: { message: meta ? mdTemplate(meta.message, accepted.params) : `${mdCode(accepted.rule)} ${mdCode(JSON.stringify(accepted.params))}` },
      };
      const key = JSON.stringify(item);
      if (!seen.has(key)) items.push(item);
      seen.add(key);
    }
  }
  const surfaceRank = (surface: Surface) => SURFACES.indexOf(surface);
  return items.sort(
    (a, b) =>
      surfaceRank(a.surface) - surfaceRank(b.surface) ||
      compareText(a.evidence.file ?? '', b.evidence.file ?? '') ||
      (a.evidence.line ?? 0) - (b.evidence.line ?? 0) ||
      compareText(a.rule, b.rule) ||
      compareText(a.message, b.message),
  );
}

/** Every finding of every stage with its catalogue wording, in a stable order; accepted ones are listed under "Accepted" instead. */
export function reportFindings(stages: readonly StageOutcome[]): ReportFinding[] {
  const findings: ReportFinding[] = [];
  for (const stage of stages) {
    const accepted = new Set((stage.accepted ?? []).map((item) => acceptedKey(item.rule, item.evidence)));
    for (const finding of stage.findings) {
      if (accepted.has(acceptedKey(finding.rule, finding.evidence))) continue;
      const meta = findRule(finding.rule, stage.surface, stage.rules) ?? findRule(finding.rule, stage.surface);
      const fixParams = { ...ruleBooks.find((book) => book.surface === stage.surface)?.fixParams?.(finding), ...finding.params };
      findings.push({
        surface: stage.surface,
        rule: finding.rule,
        level: meta ? shownLevel(finding, meta.level) : 'unknown-rule',
        message: meta ? renderTemplate(meta.message, finding.params) : `${finding.rule} ${JSON.stringify(finding.params)}`,
        evidence: finding.evidence,
        ...(meta?.fix ? { fix: renderTemplate(meta.fix, fixParams) } : {}),
        ...(meta ? { docs: docsUrl(meta.docs) } : {}),
        markdown: {
          message: meta ? mdTemplate(meta.message, finding.params) : `${mdCode(finding.rule)} ${mdCode(JSON.stringify(finding.params))}`,
          ...(meta?.fix ? { fix: mdTemplate(meta.fix, fixParams) } : {}),
        },
      });
    }
  }
  const surfaceRank = (surface: Surface) => SURFACES.indexOf(surface);
  return findings.sort(
    (a, b) =>
      surfaceRank(a.surface) - surfaceRank(b.surface) ||
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      compareText(a.rule, b.rule) ||
      compareText(a.evidence.file ?? '', b.evidence.file ?? '') ||
      (a.evidence.line ?? 0) - (b.evidence.line ?? 0) ||
      compareText(a.message, b.message),
  );
}

export function renderTextReport(outcome: GenerateOutcome, style: ReportStyle): string {
  const { artifact, verdict } = outcome;
  const lines: string[] = [];
  const safe = artifact.compatibility.rollingUpdateSafe;
  const verdictWord = safe === true ? style.green('true') : safe === false ? style.red('false') : style.yellow('unknown');
  lines.push(style.bold(`release-safety ${artifact.version} (from ${artifact.previousVersion ?? 'none'})`));
  lines.push(`Refs: ${refsLine(outcome)}`);
  lines.push(`Rolling update safe: ${verdictWord}   Strategy: ${artifact.compatibility.recommendedStrategy}`);
  lines.push(`Config: ${configLine(outcome)}`);
  lines.push('');
  lines.push(style.bold('Surfaces'));
  for (const row of surfaceRows(outcome)) {
    lines.push(`  ${row.surface.padEnd(13)}${row.checked.padEnd(13)}${triWord(row.breaking, style)}  ${row.summary}`);
  }
  if (verdict.reasons.length > 0) {
    lines.push('', style.bold(safe === false ? 'Why not safe' : 'Why not proven safe'));
    for (const reason of verdict.reasons) lines.push(`  - ${reason.surface}: ${reason.detail}${reasonNotes(outcome, reason.surface)}`);
  }
  const findings = reportFindings(outcome.stages);
  if (findings.length > 0) {
    lines.push('', style.bold(`Findings (${findings.length})`));
    for (const finding of findings) {
      const level =
        finding.level === 'breaking' || finding.level === 'unknown'
          ? style.red(finding.level)
          : finding.level === 'advisory'
            ? style.yellow(finding.level)
            : finding.level;
      lines.push(`  ${finding.surface} ${level} ${style.dim(finding.rule)}: ${finding.message}`);
      const where = evidenceLine(finding.evidence);
      if (where) lines.push(`      ${style.dim(where)}`);
      if (finding.fix) lines.push(`      fix: ${oneLine(finding.fix, 1000)}`);
      if (finding.docs) lines.push(`      docs: ${style.dim(finding.docs)}`);
    }
  }
  const accepted = reportAccepted(outcome.stages);
  if (accepted.length > 0 || outcome.acceptance.notes.length > 0) {
    lines.push('', style.bold(`Accepted (${accepted.length}): not counted in the verdict`));
    for (const item of accepted) {
      lines.push(`  ${item.surface} ${style.dim(item.rule)}: ${item.message}`);
      const where = evidenceLine(item.evidence);
      if (where) lines.push(`      ${style.dim(where)}`);
      lines.push(`      accepted at ${item.acceptedAt}: ${oneLine(item.reason, 1000)}`);
    }
    for (const note of outcome.acceptance.notes) lines.push(`  note: ${oneLine(note, 1000)}`);
  }
  lines.push(...listSections(outcome).flatMap((section) => ['', style.bold(section.title), ...section.items.map((item) => `  ${item}`)]));
  return `${lines.join('\n')}\n`;
}

export function renderMarkdownReport(outcome: GenerateOutcome): string {
  const { artifact, verdict } = outcome;
  const safe = artifact.compatibility.rollingUpdateSafe;
  const out: string[] = [];
  // Everything the repository wrote (names, statements, reasons) goes through mdText / mdCode: the
  // report is the job summary and the release notes, and must not mention, link or mark up.
  out.push(`# Release safety: ${artifact.version}`, ''); // schema-valid semver: no markup
  out.push(`- **Rolling update safe:** \`${String(safe)}\` (strategy \`${artifact.compatibility.recommendedStrategy}\`)`);
  out.push(`- **Previous version:** ${artifact.previousVersion ?? 'none'}`);
  out.push(`- **Refs:** ${mdText(refsLine(outcome))}`);
  out.push(`- **Config:** ${mdText(configLine(outcome), 1000)}`);
  out.push('', '## Surfaces', '', '| Surface | Checked | Breaking | Summary |', '|---|---|---|---|');
  for (const row of surfaceRows(outcome)) out.push(`| ${row.surface} | ${row.checked} | \`${String(row.breaking)}\` | ${tableCell(mdText(row.summary))} |`);
  if (verdict.reasons.length > 0) {
    out.push('', safe === false ? '## Why not safe' : '## Why not proven safe', '');
    for (const reason of verdict.reasons) out.push(`- **${reason.surface}**: ${mdText(reason.detail + reasonNotes(outcome, reason.surface), 1000)}`);
  }
  const findings = reportFindings(outcome.stages);
  if (findings.length > 0) {
    out.push('', `## Findings (${findings.length})`, '');
    for (const finding of findings) {
      const at = evidenceMarkdown(finding.evidence);
      out.push(`- **${finding.level}** ${mdCode(finding.rule)} (${finding.surface}): ${finding.markdown.message}${at ? ` — ${at}` : ''}`);
      if (finding.markdown.fix) out.push(`  - Fix: ${finding.markdown.fix}`);
      if (finding.docs) out.push(`  - Docs: [${finding.rule}](${finding.docs})`);
    }
  }
  const accepted = reportAccepted(outcome.stages);
  if (accepted.length > 0 || outcome.acceptance.notes.length > 0) {
    out.push('', `## Accepted (${accepted.length})`, '', 'Findings a maintainer accepted: not counted in the verdict, listed here with their reason.', '');
    if (accepted.length > 0) out.push('| Rule | Finding | Evidence | Reason | Accepted at |', '|---|---|---|---|---|');
    for (const item of accepted) {
      const cells = [
        `${mdCode(item.rule)} (${item.surface})`,
        item.markdown.message,
        evidenceMarkdown(item.evidence),
        mdText(item.reason),
        mdCode(item.acceptedAt),
      ];
      out.push(`| ${cells.map(tableCell).join(' | ')} |`);
    }
    for (const note of outcome.acceptance.notes) out.push(`- Note: ${mdText(note)}`);
  }
  for (const section of listSections(outcome)) {
    out.push('', `## ${section.title}`, '');
    for (const item of section.items) out.push(`- ${mdText(item, 1000)}`);
  }
  return `${out.join('\n')}\n`;
}

/** `file:line` and the statement or pointer, each a code span. */
export function evidenceMarkdown(evidence: Evidence): string {
  const where = evidence.file ? `${evidence.file}${evidence.line ? `:${evidence.line}` : ''}` : '';
  const detail = evidence.statement ?? evidence.pointer ?? '';
  return [where ? mdCode(where) : '', detail ? mdCode(detail) : ''].filter(Boolean).join(' ');
}

/** Markdown inside a GFM table cell: an unescaped `|` (also inside code) would split the cell. */
export function tableCell(markdown: string): string {
  return markdown.replace(/(?<!\\)\|/g, '\\|');
}

interface SurfaceRow {
  surface: Surface;
  checked: string;
  breaking: Tri;
  summary: string;
}

function surfaceRows(outcome: GenerateOutcome): SurfaceRow[] {
  return outcome.stages.map(({ surface, summary }) => {
    const state = outcome.verdict.surfaces[surface];
    return { surface, checked: state.checked ? 'checked' : 'not checked', breaking: state.breaking, summary };
  });
}

function triWord(value: Tri, style: ReportStyle): string {
  const word = value === true ? 'breaking' : value === false ? 'not breaking' : 'unknown';
  // Pad before colouring so escape codes do not upset the columns.
  const padded = word.padEnd(14);
  return value === true ? style.red(padded) : value === 'unknown' ? style.yellow(padded) : padded;
}

function reasonNotes(outcome: GenerateOutcome, surface: Surface): string {
  const all = outcome.stages.find((stage) => stage.surface === surface)?.notes ?? [];
  // What made the surface unknown first; warnings about a document (often many) after, so the cut at 1000 characters never hides the reason.
  const isWarning = (note: string) => / spec warning: /.test(note);
  const notes = [...all.filter((note) => !isWarning(note)), ...all.filter(isWarning)];
  // Error messages of failed stages can span lines; a reason stays one line.
  return notes.length > 0 ? ` (${oneLine(notes.join('; '), 1000)})` : '';
}

function refsLine(outcome: GenerateOutcome): string {
  const { from, to } = outcome.refs;
  const toText = to.commit ? `${to.ref} (${to.commit.slice(0, 12)})` : `${to.ref} (uncommitted working tree ${to.tree.slice(0, 12)})`;
  return `${from.ref} (${from.commit.slice(0, 12)}) → ${toText}, ${outcome.changedPaths} changed path(s)`;
}

function configLine(outcome: GenerateOutcome): string {
  const changed =
    outcome.config.changes.length > 0 ? `; config changes (what the from config checked is still compared): ${outcome.config.changes.join('; ')}` : '';
  return outcome.config.status === 'loaded'
    ? `${outcome.config.source}${changed}`
    : `${outcome.config.source} not found: every surface is unconfigured, so nothing can be proven safe (verdict unknown)`;
}

/** The artifact's `api` sections (contract field names), each with its heading in the report. */
const API_SECTION_TITLES: { readonly [Field in keyof ReleaseSafetyArtifact['api']]: string } = { rest: 'REST changes', mcp: 'MCP changes' };

/** Migration files, config changes, declared breaks, upgrade path and stage notes, as plain lines. */
function listSections(outcome: GenerateOutcome): { title: string; items: string[] }[] {
  const { artifact, verdict } = outcome;
  const sections: { title: string; items: string[] }[] = [];
  if (artifact.migrations.files.length > 0) {
    sections.push({
      title: 'Migrations',
      items: artifact.migrations.files.map(
        (file) =>
          `${file.name} (${file.edition}) tables: ${file.tables.join(', ') || 'none'}; locksTable: ${String(file.heaviness.locksTable)}, rewritesTable: ${String(file.heaviness.rewritesTable)}, scansTable: ${String(file.heaviness.scansTable)}`,
      ),
    });
  }
  for (const [field, title] of Object.entries(API_SECTION_TITLES)) {
    const section = artifact.api[field as keyof typeof API_SECTION_TITLES];
    const items = [...section.changes.map((line) => `breaking: ${line}`), ...section.advisories.map((line) => `advisory: ${line}`)];
    if (items.length > 0) sections.push({ title, items });
  }
  if (artifact.config.changes.length > 0) {
    sections.push({
      title: 'Config changes',
      items: artifact.config.changes.map((change) =>
        change.type === 'removed'
          ? `removed ${change.name} (previous default ${JSON.stringify(change.previousDefault)})`
          : change.type === 'renamed'
            ? `renamed ${change.previousName} → ${change.name} (default ${JSON.stringify(change.defaultValue)})`
            : `default of ${change.name} changed: ${JSON.stringify(change.previousDefault)} → ${JSON.stringify(change.defaultValue)}`,
      ),
    });
  }
  if (artifact.declaredBreaks.length > 0) {
    sections.push({
      title: 'Declared breaks',
      items: artifact.declaredBreaks.map((item) => `${item.file}:${item.line} ${item.reason}${item.requiredStop ? ' [required stop]' : ''}`),
    });
  }
  const minSource =
    verdict.minPreviousVersionSource === 'required-stop'
      ? ' (raised to the previous release, a required stop)'
      : verdict.minPreviousVersionSource === 'carried'
        ? ' (carried from the previous release)'
        : '';
  sections.push({
    title: 'Upgrade',
    items: [
      `minPreviousVersion: ${artifact.upgrade.minPreviousVersion ?? 'none'}${minSource}`,
      `requiredStops: ${artifact.upgrade.requiredStops.join(', ') || 'none'}`,
      `previous artifact: ${outcome.previousArtifact.detail}`,
    ],
  });
  // Notes already shown as the reason of a surface are not repeated.
  const explained = new Set(verdict.reasons.map((reason) => reason.surface));
  const notes = outcome.stages
    .filter((stage) => !explained.has(stage.surface))
    .flatMap((stage) => stage.notes.map((note) => `${stage.surface}: ${oneLine(note, 1000)}`));
  if (notes.length > 0) sections.push({ title: 'Stage notes', items: notes });
  return sections;
}

function evidenceLine(evidence: Evidence): string {
  const parts: string[] = [];
  if (evidence.file) parts.push(`${evidence.file}${evidence.line ? `:${evidence.line}` : ''}`);
  if (evidence.pointer) parts.push(`#${evidence.pointer}`);
  if (evidence.statement) parts.push(oneLine(evidence.statement));
  return parts.join('  ');
}

function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
