import { defineRule } from '../../../rules/define.js';

export const apiSecurityScopeAdded = defineRule(
  {
    id: 'api-security-scope-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation now requires an extra scope of a security scheme its callers already use.',
    message: "{method} {path} — security scheme '{scheme}' now requires scope '{scope}'",
    why: 'Tokens issued with the old scopes are refused (403) by upgraded instances.',
    fix: "Grant scope '{scope}' to existing '{scheme}' credentials first; require it on {method} {path} in a later release.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      security: [{oauth: [read, admin]}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /token, scopes: {read: r, admin: a}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      security: [{oauth: [read]}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /token, scopes: {read: r, admin: a}}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const change of operation.securityChanges) {
        if (change.kind === 'scope-added')
          emit(operation.revision, { scheme: change.scheme, scope: change.scope ?? '' }, `${operation.revision.pointer}/security`);
      }
    }
  },
);
