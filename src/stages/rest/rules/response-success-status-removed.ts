import { defineRestRule } from '../rule.js';

export const responseSuccessStatusRemoved = defineRestRule(
  {
    id: 'response-success-status-removed',
    level: 'breaking',
    direction: 'response',
    summary: 'A success (2xx) response status is gone.',
    message: '{method} {path} — success response {status} removed',
    why: 'Clients that check for that status treat the new one as a failure.',
  },
  {
    base: `
paths:
  /api/v2/content/recently-viewed:
    post: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post: {responses: {'204': {description: ok}}}`,
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const { status, response } of operation.responsesRemoved) if (status.startsWith('2')) emit(operation.revision, { status }, response.pointer);
    }
  },
);
