import { defineRule } from '../../../rules/define.js';

export const apiUnstableOperationChanged = defineRule(
  {
    id: 'api-unstable-operation-changed',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'An operation marked `draft` or `alpha` (`x-stability-level`) changed in a way that would break callers of a stable one.',
    message: '{method} {path} — {stability} operation changed incompatibly ({rules})',
    why: 'Its callers accepted that a draft or alpha operation may change in any release; those still using it during the rollout may fail, so they are told, but the release is not breaking for it.',
    fix: 'Nothing to change for {method} {path} if its callers know it is {stability}; promote it to `beta` or `stable` once it must stop changing (then such changes are breaking).',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/ai/agents:
    post:
      x-stability-level: alpha
      requestBody: {content: {application/json: {schema: {type: object, properties: {prompt: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/ai/agents:
    post:
      x-stability-level: alpha
      requestBody: {content: {application/json: {schema: {type: object, required: [prompt, model], properties: {prompt: {type: string}, model: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/ai/agents:
    post:
      x-stability-level: beta
      requestBody: {content: {application/json: {schema: {type: object, properties: {prompt: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/ai/agents:
    post:
      x-stability-level: beta
      requestBody: {content: {application/json: {schema: {type: object, properties: {prompt: {type: string}, model: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const { operation, stability, rules } of diff.unstableOperations) emit(operation, { stability, rules: rules.join(', ') }, operation.pointer);
  },
);
