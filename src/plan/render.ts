import type { UpgradePlan } from './build-plan.js';

/**
 * The plan as a checklist, in the order of the contract's operator checklist: what to read, the
 * strategy per hop, heavy migrations to schedule, config edits, the used operations, a backup.
 * One model, two renderings: terminal text and markdown for a change ticket.
 */
type Format = 'text' | 'markdown';

const heaviness = (flags: Record<string, unknown>) =>
  Object.entries(flags)
    .filter(([, value]) => value !== false)
    .map(([name, value]) => (value === true ? name : `${name}: unknown`))
    .join(', ');

export function renderPlan(plan: UpgradePlan, format: Format): string {
  const md = format === 'markdown';
  const heading = (text: string) => (md ? `## ${text}` : `${text}`);
  const item = (text: string, done = false) => (md ? `- [${done ? 'x' : ' '}] ${text}` : `  [ ] ${text}`);
  const bullet = (text: string) => (md ? `- ${text}` : `  - ${text}`);
  const code = (text: string) => (md ? `\`${text}\`` : text);
  const { span } = plan;
  const lines: string[] = [];

  lines.push(md ? `# Upgrade plan: ${span.fromVersion} → ${span.toVersion}` : `Upgrade plan: ${span.fromVersion} → ${span.toVersion}`, '');
  lines.push(
    `Verdict: ${span.verdict}${plan.complete ? '' : ' (plan incomplete: artifacts missing)'}   Strategy: ${span.recommendedStrategy}${md ? '  ' : ''}`,
  );
  lines.push(`Path: ${[span.fromVersion, ...span.requiredStops.map((stop) => `${stop} (required stop)`), span.toVersion].join(' → ')}`);
  if (md && span.reasons.length > 0) lines.push('');
  for (const reason of span.reasons) lines.push(bullet(reason));
  lines.push('');

  lines.push(heading('Hops'));
  if (plan.hops.length === 0) lines.push(bullet(`no upgrade path (${span.direction})`));
  for (const hop of plan.hops) {
    lines.push(
      bullet(`${hop.from} → ${hop.to}: ${code(hop.strategy)} (${hop.releases.length} release(s))${hop.why.length > 0 ? ` — ${hop.why.join('; ')}` : ''}`),
    );
  }
  lines.push('');

  const missing = plan.releases.filter((release) => release.artifact === undefined);
  if (missing.length > 0) {
    lines.push(heading('Missing artifacts (the plan is incomplete)'));
    for (const release of missing) lines.push(bullet(`${release.version}: ${release.missing ?? 'not found'}`));
    lines.push('');
  }

  lines.push(heading('Checklist'));
  lines.push(item(`Read the release notes of ${plan.releases.length} release(s): ${plan.releases.map((release) => release.version).join(', ') || 'none'}`));
  for (const hop of plan.hops) {
    lines.push(
      item(
        hop.strategy === 'RollingUpdate'
          ? `${hop.from} → ${hop.to}: rolling update (old and new instances side by side)`
          : `${hop.from} → ${hop.to}: Recreate — plan a maintenance window; stop every old instance before the new version starts and migrates`,
      ),
    );
  }
  if (plan.heavyMigrations.length > 0) {
    lines.push(item(`Schedule ${plan.heavyMigrations.length} heavy migration(s) for a quiet time:`));
    for (const { release, file } of plan.heavyMigrations)
      lines.push(
        `    ${bullet(`${release}: ${code(file.name)} on ${file.tables.join(', ') || '(tables unknown)'} — ${heaviness(file.heaviness as unknown as Record<string, unknown>)}`).trim()}`,
      );
  }
  if (plan.declaredBreaks.length > 0) {
    lines.push(item('Read the declared breaks:'));
    for (const declared of plan.declaredBreaks)
      lines.push(
        `    ${bullet(`${declared.release}${declared.requiredStop ? ' (required stop)' : ''}: ${declared.reason} (${declared.file}:${declared.line})`).trim()}`,
      );
  }
  if (plan.envActions !== undefined) {
    if (plan.envActions.length === 0) lines.push(item('Config: none of the config changes touches the variables of your env file(s)', true));
    else {
      lines.push(item(`Edit the deployment's environment (${plan.envActions.length}):`));
      for (const action of plan.envActions) lines.push(`    ${bullet(`${action.release}: ${action.edit}`).trim()}`);
    }
  } else if (plan.configChanges.length > 0) {
    lines.push(item(`Check ${plan.configChanges.length} config change(s) against the variables you set (or pass --env-file):`));
    for (const { release, change } of plan.configChanges)
      lines.push(`    ${bullet(`${release}: ${change.type} ${change.name}${change.type === 'renamed' ? ` (was ${change.previousName})` : ''}`).trim()}`);
  }
  if (plan.uses !== undefined) {
    if (plan.uses.changes.length > 0) {
      lines.push(item(`Breaking API changes to operations you use (${plan.uses.changes.length}):`));
      for (const used of plan.uses.changes) lines.push(`    ${bullet(`${used.release}: ${used.change}`).trim()}`);
    } else if (plan.uses.unverifiable.length > 0) {
      lines.push(item(`Check the API changes of ${plan.uses.unverifiable.join(', ')} by hand: their change lists are capped, missing or unchecked`));
    } else {
      lines.push(item(`None of the ${plan.uses.used.length} operation(s) you use changed in a breaking way`, true));
    }
  } else if (plan.breakingApiChanges.length > 0) {
    lines.push(item(`Check ${plan.breakingApiChanges.length} breaking API change(s) against your clients (or pass --uses):`));
    for (const change of plan.breakingApiChanges) lines.push(`    ${bullet(`${change.release} ${change.surface}: ${change.change}`).trim()}`);
  }
  lines.push(item('Confirm a current database backup before the first hop'));
  lines.push(item('After upgrading, update release-safety to match'));
  return `${lines.join('\n')}\n`;
}
