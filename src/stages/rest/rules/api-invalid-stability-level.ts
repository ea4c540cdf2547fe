import { defineRule } from '../../../rules/define.js';
import { STABILITY_LEVELS, stabilityOf } from '../policy.js';
import type { RestOperation } from '../model.js';

export const apiInvalidStabilityLevel = defineRule(
  {
    id: 'api-invalid-stability-level',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: `An operation this release adds, changes or removes declares a stability level (\`x-stability-level\`) that is not one of ${STABILITY_LEVELS.join(', ')}.`,
    message: "{method} {path} — stability level '{value}' is not one of draft, alpha, beta, stable ({side})",
    why: 'The level decides whether changes to the operation are advisories (draft, alpha) or can break callers; an unknown level is judged as `stable`, so nothing is excused by it.',
    fix: 'Set `x-stability-level` of {method} {path} to one of draft, alpha, beta or stable.',
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
    get: {x-stability-level: experimental, responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
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
  },
  (diff, emit) => {
    const check = (operation: RestOperation, side: string) => {
      const stability = stabilityOf(operation.extensions, diff.policy);
      if ('invalid' in stability) emit(operation, { value: stability.invalid, side }, `${operation.pointer}/${diff.policy.stabilityExtension}`);
    };
    for (const operation of diff.operationsAdded) check(operation, 'new spec');
    for (const { operation } of diff.operationsRemoved) check(operation, 'old spec');
    for (const { base, revision } of diff.operationsChanged) {
      check(base, 'old spec');
      check(revision, 'new spec');
    }
  },
);
