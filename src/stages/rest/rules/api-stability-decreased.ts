import { defineRule } from '../../../rules/define.js';
import { stabilityOf, stabilityRank } from '../policy.js';

export const apiStabilityDecreased = defineRule(
  {
    id: 'api-stability-decreased',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation declares a lower stability level (`x-stability-level`) than before: `stable` → `beta`, `beta` → `alpha`, …',
    message: '{method} {path} — stability level decreased from {before} to {after}',
    why: 'Callers built on the guarantees of the old level; a lower level lets later releases change the operation without notice (no level declared reads as `stable`).',
    fix: 'Keep {method} {path} at `{before}` and add the unstable behaviour as a new operation (or a new version of the path) at `{after}`.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: stable, responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: beta, responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: beta, responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: stable, responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const { base, revision } of diff.operationsChanged) {
      const [before, after] = [stabilityOf(base.extensions, diff.policy), stabilityOf(revision.extensions, diff.policy)];
      if (!('level' in before) || !('level' in after)) continue; // api-invalid-stability-level
      if (stabilityRank(after.level) < stabilityRank(before.level))
        emit(revision, { before: before.level, after: after.level }, `${revision.pointer}/${diff.policy.stabilityExtension}`);
    }
  },
);
