import { defineRestRule } from '../rule.js';

export const responseNonSuccessStatusRemoved = defineRestRule(
  {
    id: 'response-non-success-status-removed',
    level: 'info',
    direction: 'response',
    summary: 'A non-success response status is no longer documented (and no `default` covers it).',
    message: '{method} {path} — response {status} removed',
    why: 'Clients handling that error keep working; the status is just not produced any more.',
  },
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
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const { status, response } of operation.responsesRemoved) if (!status.startsWith('2')) emit(operation.revision, { status }, response.pointer);
    }
  },
);
