import { appendFileSync } from 'node:fs';
import { escapeData, escapeProperty } from '../ci-formats/github.js';
import { renderBumpCheck, plainLine } from '../bump/render.js';
import { runBumpCheck } from '../bump/run.js';
import type { BumpCheckResult } from '../bump/types.js';
import { commentWarning, fitComment, readPullRequestEvent, upsertStickyComment } from './github-api.js';
import { mergeBase } from './git-refs.js';
import type { ActionInputs } from './inputs.js';

/**
 * The Action's `bump-check`, on a pull request of a deployment repository (a Renovate or Dependabot
 * image bump): base and head from the event, the same run as the CLI's `bump-check`, annotations on
 * the changed lines, the report as job summary and as the sticky comment of the `pr` command.
 * The verdict fails the step only with `fail-on: unsafe`.
 */
const DEFAULT_TIMEOUT_MS = 15_000;

export async function bumpCheckAction(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<number> {
  const event = readPullRequestEvent(env);
  const base = mergeBase(inputs.repo, event.baseSha, event.headSha);
  const result = await runBumpCheck({ repo: inputs.repo, base, head: event.headSha, config: inputs.config, timeoutMs: DEFAULT_TIMEOUT_MS });
  for (const warning of result.warnings) process.stdout.write(`::warning::${escapeData(`release-safety: ${plainLine(warning)}`)}\n`);
  for (const line of annotations(result, inputs.maxAnnotations)) process.stdout.write(`${line}\n`);
  const markdown = renderBumpCheck(result, 'markdown');
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, markdown);
  setOutput(env, 'verdict', result.exitCode === 0 ? 'SAFE' : 'UNSAFE');
  setOutput(env, 'required-stops', JSON.stringify([...new Set(result.bumps.flatMap((bump) => bump.requiredStops))]));
  const token = inputs.githubToken;
  if (inputs.comment !== 'never' && token !== undefined) {
    const repository = env.GITHUB_REPOSITORY;
    if (!repository) throw new Error('GITHUB_REPOSITORY is not set: the comment needs owner/name');
    const header = `**release-safety** bump check of pull request #${event.number} (base ${base.slice(0, 12)}, head ${event.headSha.slice(0, 12)})\n\n`;
    // A comment that cannot be written (a fork's read-only token) is a warning: the step exits by the verdict.
    try {
      const outcome = await upsertStickyComment({ apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com', repository, issueNumber: event.number, token }, fitComment(`${header}${markdown}`));
      process.stdout.write(`release-safety: pull request comment ${outcome}\n`);
    } catch (error) {
      process.stdout.write(`${commentWarning(error, event.fromFork)}\n`);
    }
  }
  if (result.exitCode !== 0) process.stdout.write(`release-safety: not every configured bump is proven rolling-safe${inputs.failOn === 'unsafe' ? '' : ' (the step passes: set fail-on: unsafe to fail it)'}\n`);
  return inputs.failOn === 'unsafe' ? result.exitCode : 0;
}

function setOutput(env: NodeJS.ProcessEnv, name: string, value: string): void {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${name}=${value.replace(/[\r\n]+/g, ' ')}\n`);
}

/** Workflow commands on the changed lines, most severe first, at most `max`; every value neutralised. */
export function annotations(result: BumpCheckResult, max: number): string[] {
  const ranked: { rank: number; line: string }[] = [];
  const command = (kind: 'error' | 'warning' | 'notice', file: string, line: number | undefined, message: string) =>
    `::${kind} file=${escapeProperty(plainLine(file))}${line === undefined ? '' : `,line=${line}`},title=${escapeProperty('release-safety bump-check')}::${escapeData(plainLine(message, 1000))}`;
  for (const bump of result.bumps) {
    const stops = bump.requiredStops.length > 0 ? `; required stops ${bump.requiredStops.join(', ')}` : '';
    const message = `${bump.image} ${bump.fromVersion} → ${bump.toVersion}: ${bump.safe ? 'proven rolling-safe (RollingUpdate)' : `${bump.verdict}, strategy ${bump.strategy}${stops}`}${bump.safe ? '' : ` — ${bump.reasons[0] ?? ''}`}`;
    ranked.push({ rank: bump.safe ? 3 : 0, line: command(bump.safe ? 'notice' : 'error', bump.file, bump.line, message) });
    for (const finding of bump.envFindings) {
      ranked.push({ rank: 1, line: command('warning', finding.file, finding.line, `${finding.oldName}: ${finding.release} ${finding.change === 'renamed' ? `renamed it to ${finding.newName ?? ''}` : 'removed it'} — ${finding.edit}`) });
    }
  }
  for (const entry of result.notChecked.filter((candidate) => candidate.blocksSuccess)) ranked.push({ rank: 2, line: command('warning', entry.file, undefined, `${entry.image}: ${entry.reason}`) });
  ranked.sort((a, b) => a.rank - b.rank);
  const shown = ranked.slice(0, max).map((entry) => entry.line);
  if (ranked.length > max) shown.push(`::notice::${escapeData(`release-safety: ${ranked.length - max} more findings are in the job summary`)}`);
  return shown;
}
