import type { BumpCheckResult, BumpVerdict } from './types.js';

/**
 * `bump-check`'s report: terminal text, and markdown for the job summary and the pull request
 * comment. Every piece of repository text (paths, image names, tags, variable names, reasons that
 * quote them) is neutralised: in markdown it cannot become a mention, a link, an issue reference or
 * markup; in text it cannot carry control characters (terminal escapes, workflow commands on a new line).
 * The only links are the artifact links built from the operator's config.
 */
type Format = 'text' | 'markdown';

/** No control characters and no line breaks, capped: what a line of ours may quote. */
export function plainLine(text: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Repository text as inline code: no markup, mention or autolink happens inside a code span. */
export function mdCode(text: string): string {
  const flat = plainLine(text).replace(/`/g, "'");
  return `\`${flat === '' ? ' ' : flat}\``;
}

/** Prose that quotes repository text: markdown characters escaped, mentions, references and autolinks broken. */
export function mdText(text: string): string {
  return plainLine(text, 600)
    .replace(/[\\`*_[\]()<>|!#~]/g, '\\$&')
    .replace(/@/g, '@\u200b')
    .replace(/:\/\//g, ':\u200b//')
    .replace(/\bwww\./gi, (match) => `${match.slice(0, 3)}\u200b.`)
    .replace(/&/g, '&amp;');
}

/** An operator-configured http(s) link as a markdown link; anything else as code. */
function mdLink(label: string, target: string): string {
  if (/^https?:\/\//i.test(target)) {
    try {
      const href = new URL(target).href.replace(/[()<> ]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
      return `[${mdText(label)}](${href})`;
    } catch {
      // fall through: shown as text
    }
  }
  return `${mdText(label)}: ${mdCode(target)}`;
}

function headline(bump: BumpVerdict): string {
  if (bump.safe) return 'SAFE — rolling update (strategy RollingUpdate)';
  if (bump.hops.length === 0) return 'UNSAFE — not proven rolling-safe (strategy Recreate)';
  return `UNSAFE — Recreate${bump.requiredStops.length > 0 ? `, through the required stop${bump.requiredStops.length === 1 ? '' : 's'} ${bump.requiredStops.join(', ')}` : ''}`;
}

export function renderBumpCheck(result: BumpCheckResult, format: Format): string {
  const md = format === 'markdown';
  const code = md ? mdCode : (text: string) => plainLine(text);
  const prose = md ? mdText : (text: string) => plainLine(text, 600);
  const bullet = (text: string, depth = 0) => `${'  '.repeat(depth + (md ? 0 : 1))}- ${text}`;
  const lines: string[] = [];
  const failing = result.exitCode !== 0;
  const title = `Bump check: ${result.bumps.length} version bump${result.bumps.length === 1 ? '' : 's'} checked, ${result.notChecked.length} not checked — ${failing ? 'NOT proven safe' : result.bumps.length === 0 ? 'nothing to check' : 'every bump proven rolling-safe'}`;
  lines.push(md ? `## ${title}` : title, '');

  for (const bump of result.bumps) {
    const heading = `${code(bump.image)} ${bump.fromVersion} → ${bump.toVersion}`;
    lines.push(md ? `### ${heading}` : heading);
    lines.push(bullet(`Where: ${code(`${bump.file}:${bump.line}`)} (${code(bump.location)})`));
    lines.push(bullet(`Verdict: ${md ? `**${headline(bump)}**` : headline(bump)}`));
    lines.push(bullet(`Minimum previous version: ${bump.minPreviousVersion ?? 'none'}`));
    if (bump.hops.length > 0) {
      lines.push(bullet('Hops:'));
      for (const hop of bump.hops)
        lines.push(bullet(`${hop.from} → ${hop.to}: ${hop.strategy}${hop.why.length > 0 ? ` — ${prose(hop.why.join('; '))}` : ''}`, 1));
    }
    if (bump.envFindings.length > 0) {
      lines.push(bullet(`Environment of this deployment (${bump.envFindings.length} edit${bump.envFindings.length === 1 ? '' : 's'} needed):`));
      for (const finding of bump.envFindings) {
        lines.push(
          bullet(
            `${code(`${finding.file}:${finding.line}`)} sets ${code(finding.oldName)}: ${finding.release} ${finding.change === 'renamed' ? `renamed it to ${code(finding.newName ?? '')}` : 'removed it'} — ${prose(finding.edit)}`,
            1,
          ),
        );
      }
    }
    for (const reason of bump.reasons) lines.push(bullet(`Why: ${prose(reason)}`));
    if (bump.artifactLinks.length > 0) {
      const links = bump.artifactLinks.map((artifact) => (md ? mdLink(artifact.version, artifact.link) : `${artifact.version} ${plainLine(artifact.link)}`));
      lines.push(bullet(`Release artifacts: ${links.join(md ? ', ' : '; ')}`));
    }
    lines.push('');
  }

  if (result.notChecked.length > 0) {
    lines.push(md ? '### Not checked' : 'Not checked:');
    for (const entry of result.notChecked)
      lines.push(bullet(`${code(entry.file)} ${code(entry.image)}: ${prose(entry.reason)}${entry.blocksSuccess ? ' (keeps the check from passing)' : ''}`));
    lines.push('');
  }
  if (result.bumps.some((bump) => !bump.safe && bump.hops.length > 0)) {
    lines.push(
      prose(
        'Recreate: set the workload\'s spec.strategy.type to Recreate for this upgrade (kustomize patch or Helm value, see the README "Operators: pull requests that bump a version"), or stop every old instance before the new version starts; go through each required stop in turn.',
      ),
    );
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
