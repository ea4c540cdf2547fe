import { defineRule } from '../../../rules/define.js';

export const responseHeaderBecameOptional = defineRule(
  {
    id: 'response-header-became-optional',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response header declared `required` became optional.',
    message: "{method} {path} — header '{header}' of response {status} became optional",
    why: 'Clients read it on every response; an upgraded instance may now leave it out.',
    fix: "Keep '{header}' required on response {status} of {method} {path} until every client copes with its absence.",
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
        default: {description: ok, headers: {X-RateLimit-Limit: {required: true, schema: {type: integer}}}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        default: {description: ok, headers: {X-RateLimit-Limit: {required: false, schema: {type: integer}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        default: {description: ok, headers: {X-RateLimit-Limit: {schema: {type: integer}}}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        default: {description: ok, headers: {x-ratelimit-limit: {required: true, schema: {type: integer}}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const response of operation.responsesChanged) {
        for (const lost of response.requiredHeadersLost)
          if (lost.change === 'became-optional') emit(operation.revision, { header: lost.name, status: response.status }, lost.pointer);
      }
    }
  },
);
