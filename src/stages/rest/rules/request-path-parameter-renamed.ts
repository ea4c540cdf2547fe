import { defineRule } from '../../../rules/define.js';

export const requestPathParameterRenamed = defineRule(
  {
    id: 'request-path-parameter-renamed',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'A path parameter got another name (`/saved/{chartUuid}` → `/saved/{savedChartUuid}`).',
    message: "{method} {path} — path parameter '{before}' renamed to '{after}'",
    why: 'The URL on the wire is the same, so running clients keep working; generated clients that name the argument need regenerating.',
    fix: "Rename the path parameter '{before}' to '{after}' of {method} {path} only in the spec (the URL is unchanged); check generated clients that name it.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}:
    get:
      parameters: [{in: path, name: chartUuid, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/saved/{savedChartUuid}:
    get:
      parameters: [{in: path, name: savedChartUuid, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/saved/{chartUuid}:
    get: {responses: {'200': {description: ok}, '404': {description: no}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const renamed of operation.pathParametersRenamed) emit(operation.revision, { before: renamed.before, after: renamed.after }, renamed.pointer);
    }
  },
);
