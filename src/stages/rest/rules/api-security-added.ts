import { defineRestRule } from '../rule.js';

export const apiSecurityAdded = defineRestRule(
  {
    id: 'api-security-added',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation now requires a security scheme its callers did not need before.',
    message: "{method} {path} — security scheme '{scheme}' now required",
    why: 'Callers without those credentials (the record-view beacon, anonymous scripts) get 401 from upgraded instances.',
  },
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
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const change of operation.securityChanges) {
        if (change.kind === 'scheme-added') emit(operation.revision, { scheme: change.scheme }, `${operation.revision.pointer}/security`);
      }
    }
  },
);
