import { defineRule } from '../../../rules/define.js';
import { removalOf } from '../policy.js';

export const apiRemovedBeforeSunset = defineRule(
  {
    id: 'api-removed-before-sunset',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A deprecated operation was removed before the sunset date it announced (`x-sunset`).',
    message: '{method} {path} — deprecated operation removed before its sunset {sunset}',
    why: 'The sunset date promised callers the operation until then; clients that planned their migration by it get 404 from upgraded instances.',
    fix: 'Keep {method} {path} serving, marked `deprecated: true` with `x-sunset: {sunset}`, in releases made before {sunset}; remove it in the first release after that date.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2027-01-01', responses: {'200': {description: ok}}}
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2026-01-01', responses: {'200': {description: ok}}}
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const { operation } of diff.operationsRemoved) {
      const removal = removalOf(operation, diff.policy);
      if (removal.kind === 'before-sunset') emit(operation, { sunset: removal.sunset }, operation.pointer);
    }
  },
);
