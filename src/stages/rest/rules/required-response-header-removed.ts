import { defineRule } from '../../../rules/define.js';

export const requiredResponseHeaderRemoved = defineRule(
  {
    id: 'required-response-header-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response header declared `required` is no longer documented.',
    message: "{method} {path} — required header '{header}' of response {status} removed",
    why: 'Clients read it on every response (a rate limit, a pagination cursor, a location) and fail or misbehave without it.',
    fix: "Keep sending '{header}' on response {status} of {method} {path} in this release (marked `deprecated: true`); stop sending it in a later release.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {X-Next-Cursor: {required: true, schema: {type: string}}}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {X-Request-Id: {schema: {type: string}}}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const response of operation.responsesChanged) {
        for (const lost of response.requiredHeadersLost)
          if (lost.change === 'removed') emit(operation.revision, { header: lost.name, status: response.status }, lost.pointer);
      }
    }
  },
);
