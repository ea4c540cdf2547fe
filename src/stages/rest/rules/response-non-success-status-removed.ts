import { defineRule } from '../../../rules/define.js';

export const responseNonSuccessStatusRemoved = defineRule(
  {
    id: 'response-non-success-status-removed',
    surface: 'rest',
    level: 'info',
    direction: 'response',
    summary: 'A non-success response status is no longer documented (and no `default` covers it).',
    message: '{method} {path} — response {status} removed',
    why: 'Clients handling that error keep working; the status is just not produced any more.',
    fix: 'Nothing to change if callers treat unknown statuses generically; otherwise keep returning {status} from {method} {path} for one more release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}, '404': {description: missing}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}, '404': {description: no}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}, default: {description: error}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const { status, response } of operation.responsesRemoved) if (!status.startsWith('2')) emit(operation.revision, { status }, response.pointer);
    }
  },
);
