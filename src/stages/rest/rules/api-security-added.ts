import { defineRule } from '../../../rules/define.js';

export const apiSecurityAdded = defineRule(
  {
    id: 'api-security-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation now requires a security scheme its callers did not need before.',
    message: "{method} {path} — security scheme '{scheme}' now required",
    why: 'Callers without those credentials (the record-view beacon, anonymous scripts) get 401 from upgraded instances.',
    fix: "Accept '{scheme}' as an alternative first (`security: [{}, {{scheme}: []}]` or the old requirement beside it) on {method} {path}; require it only after every caller sends the credentials.",
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
    post:
      security: [{ApiKeyAuth: []}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
      },
    ],
    quiet: [
      {
        base: `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}
    cookie: {type: apiKey, in: cookie, name: session}`,
        revision: `
security: [{ApiKeyAuth: []}, {cookie: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}
    cookie: {type: apiKey, in: cookie, name: session}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const change of operation.securityChanges) {
        if (change.kind === 'scheme-added') emit(operation.revision, { scheme: change.scheme }, `${operation.revision.pointer}/security`);
      }
    }
  },
);
