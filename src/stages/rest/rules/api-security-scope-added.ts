import { defineRestRule } from '../rule.js';

export const apiSecurityScopeAdded = defineRestRule(
  {
    id: 'api-security-scope-added',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation now requires an extra scope of a security scheme its callers already use.',
    message: "{method} {path} — security scheme '{scheme}' now requires scope '{scope}'",
    why: 'Tokens issued with the old scopes are refused (403) by upgraded instances.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get:
      security: [{oauth: [read]}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /token, scopes: {read: r, admin: a}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      security: [{oauth: [read, admin]}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /token, scopes: {read: r, admin: a}}}}`,
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const change of operation.securityChanges) {
        if (change.kind === 'scope-added') emit(operation.revision, { scheme: change.scheme, scope: change.scope ?? '' }, `${operation.revision.pointer}/security`);
      }
    }
  },
);
