import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ACTION_COMMANDS } from '../src/action/inputs.js';
import { projectRoot } from './helpers/cli.js';

/** The example workflows in examples/ use only inputs and commands the Action has, with least permissions. */
interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

const actionYml = parse(readFileSync(join(projectRoot, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
const actionInputs = Object.keys(actionYml.inputs);
const actionOutputs = Object.keys(actionYml.outputs);
const read = (file: string) => parse(readFileSync(join(projectRoot, 'examples', file), 'utf8')) as Workflow;
const steps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
const ours = (workflow: Workflow) => steps(workflow).filter((step) => step.uses?.startsWith('release-safety/release-safety@'));
const RELEASE_EXAMPLES = ['release.yml', 'release-please.yml', 'changesets.yml'];
const examples = readdirSync(join(projectRoot, 'examples')).filter((file) => file.endsWith('.yml'));

describe('example workflows', () => {
  it('are the ones the README documents', () => {
    expect(examples.sort()).toEqual(['bump-check.yml', 'changesets.yml', 'operator-gate.yml', 'pull-request.yml', 'release-please.yml', 'release.yml']);
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    for (const file of examples) expect(readme).toContain(`examples/${file}`);
  });

  it.each(examples)('%s uses only existing inputs and commands, and declares its permissions', (file) => {
    const workflow = parse(readFileSync(join(projectRoot, 'examples', file), 'utf8')) as Workflow;
    expect(workflow.permissions, 'least permissions declared').toBeDefined();
    const ours = Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses?.startsWith('release-safety/release-safety@'));
    expect(ours.length).toBeGreaterThan(0);
    for (const step of ours) {
      for (const input of Object.keys(step.with ?? {})) expect(actionInputs, `${file}: input ${input}`).toContain(input);
      expect(ACTION_COMMANDS).toContain(String(step.with?.command ?? 'generate'));
    }
    const others = Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses !== undefined && !step.uses.startsWith('release-safety/'));
    for (const step of others) expect(step.uses, 'third-party actions pinned by commit').toMatch(/@[0-9a-f]{40}$/);
  });

  it('the pull-request workflow may comment and checks out the whole history', () => {
    const workflow = parse(readFileSync(join(projectRoot, 'examples', 'pull-request.yml'), 'utf8')) as Workflow;
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const checkout = Object.values(workflow.jobs)[0]!.steps[0]!;
    expect(checkout.with?.['fetch-depth']).toBe(0);
  });

  it.each(examples)('%s reads only outputs the Action has', (file) => {
    const text = readFileSync(join(projectRoot, 'examples', file), 'utf8');
    const ourIds = new Set(ours(read(file)).flatMap((step) => (step.id ? [step.id] : [])));
    for (const match of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ourIds.has(match[1]!)) expect(actionOutputs, `${file}: steps.${match[1]}.outputs.${match[2]}`).toContain(match[2]);
    }
  });

  it.each(RELEASE_EXAMPLES)('%s generates for the new tag, carries the previous artifact, attaches it, and updates the index by pull request', (file) => {
    const workflow = read(file);
    const generate = ours(workflow).find((step) => (step.with?.command ?? 'generate') === 'generate')!;
    expect(generate.with?.to, 'generate names the new tag').toBeDefined();
    // minPreviousVersion is carried forward only when the previous release's artifact is passed.
    expect(String(generate.with?.['previous-artifact'])).toMatch(/^\$\{\{ steps\.[\w-]+\.outputs\.[\w-]+ \}\}$/);
    const runs = steps(workflow)
      .map((step) => step.run ?? '')
      .join('\n');
    expect(runs).toMatch(/gh release download "\$previous" --pattern release-safety\.json/);
    expect(runs).toMatch(/gh release upload "\$TAG" "\$RUNNER_TEMP\/release-safety\.json"/);
    expect(runs).toContain('gh pr create --base "$DEFAULT_BRANCH"');
    // Never a push to the default branch, which branch protection refuses.
    for (const push of runs.matchAll(/git push[^\n]*/g)) expect(push[0]).toMatch(/^git push (--force )?origin "\$branch"$/);
    expect(ours(workflow).some((step) => step.with?.command === 'index')).toBe(true);
    expect(workflow.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
  });

  it('release-please and changesets run where their workflow-token releases are made, not on tag pushes that never fire', () => {
    for (const file of ['release-please.yml', 'changesets.yml']) {
      const workflow = read(file);
      expect(Object.keys(workflow.on), file).toEqual(['push']);
      expect(workflow.on.push, file).toEqual({ branches: ['main'] });
    }
    const releasePlease = read('release-please.yml') as Workflow & { jobs: Record<string, { if?: string; needs?: string }> };
    expect(releasePlease.jobs['release-safety']!.if).toBe("needs.release-please.outputs.release_created == 'true'");
    const changesets = read('changesets.yml') as Workflow & { jobs: Record<string, { steps: (Step & { if?: string })[] }> };
    for (const step of ours(changesets)) expect((step as { if?: string }).if).toBe("steps.changesets.outputs.published == 'true'");
    // The plain-tags example stays for tags pushed by hand (and releases published in the interface).
    expect(read('release.yml').on).toMatchObject({ push: { tags: ['v*.*.*'] }, release: { types: ['published'] } });
  });

  it('the bump-check workflow may comment, checks out the whole history and runs bump-check', () => {
    const workflow = parse(readFileSync(join(projectRoot, 'examples', 'bump-check.yml'), 'utf8')) as Workflow;
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const [checkout, check] = Object.values(workflow.jobs)[0]!.steps;
    expect(checkout!.with?.['fetch-depth']).toBe(0);
    expect(check!.with).toMatchObject({ command: 'bump-check', 'fail-on': 'unsafe' });
  });
});
