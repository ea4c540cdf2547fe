import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ACTION_COMMANDS } from '../src/action/inputs.js';
import { projectRoot } from './helpers/cli.js';

/** The example workflows in examples/ use only inputs and commands the Action has, with least permissions. */
interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

const actionInputs = Object.keys((parse(readFileSync(join(projectRoot, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);
const examples = readdirSync(join(projectRoot, 'examples')).filter((file) => file.endsWith('.yml'));

describe('example workflows', () => {
  it('are the four the README documents', () => {
    expect(examples.sort()).toEqual(['bump-check.yml', 'operator-gate.yml', 'pull-request.yml', 'release.yml']);
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    for (const file of examples) expect(readme).toContain(`examples/${file}`);
  });

  it.each(examples)('%s uses only existing inputs and commands, and declares its permissions', (file) => {
    const workflow = parse(readFileSync(join(projectRoot, 'examples', file), 'utf8')) as Workflow;
    expect(workflow.permissions, 'least permissions declared').toBeDefined();
    const ours = Object.values(workflow.jobs).flatMap((job) => job.steps).filter((step) => step.uses?.startsWith('release-safety/release-safety@'));
    expect(ours.length).toBeGreaterThan(0);
    for (const step of ours) {
      for (const input of Object.keys(step.with ?? {})) expect(actionInputs, `${file}: input ${input}`).toContain(input);
      expect(ACTION_COMMANDS).toContain(String(step.with?.command ?? 'generate'));
    }
    const others = Object.values(workflow.jobs).flatMap((job) => job.steps).filter((step) => step.uses !== undefined && !step.uses.startsWith('release-safety/'));
    for (const step of others) expect(step.uses, 'third-party actions pinned by commit').toMatch(/@[0-9a-f]{40}$/);
  });

  it('the pull-request workflow may comment and checks out the whole history', () => {
    const workflow = parse(readFileSync(join(projectRoot, 'examples', 'pull-request.yml'), 'utf8')) as Workflow;
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const checkout = Object.values(workflow.jobs)[0]!.steps[0]!;
    expect(checkout.with?.['fetch-depth']).toBe(0);
  });

  it('the bump-check workflow may comment, checks out the whole history and runs bump-check', () => {
    const workflow = parse(readFileSync(join(projectRoot, 'examples', 'bump-check.yml'), 'utf8')) as Workflow;
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const [checkout, check] = Object.values(workflow.jobs)[0]!.steps;
    expect(checkout!.with?.['fetch-depth']).toBe(0);
    expect(check!.with).toMatchObject({ command: 'bump-check', 'fail-on': 'unsafe' });
  });
});
