import { defineRule } from '../../../rules/define.js';

export const responseSuccessStatusRemoved = defineRule(
  {
    id: 'response-success-status-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A success (2xx) response status is gone.',
    message: '{method} {path} — success response {status} removed',
    why: 'Clients that check for that status treat the new one as a failure.',
    fix: 'Keep returning {status} from {method} {path} in this release; switch statuses in a later release, once every caller handles the new one.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'2XX': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const { status, response } of operation.responsesRemoved) if (status.startsWith('2')) emit(operation.revision, { status }, response.pointer);
    }
  },
);
