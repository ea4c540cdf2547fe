import { defineRestRule } from '../rule.js';

/*
 * The safe way (fix): define the new way under a new scheme name beside the old one and list both as
 * alternatives (`security: [{ApiKeyAuth: []}, {BearerAuth: []}]`) for the rollout; drop the old
 * scheme in a later release, once no client uses it.
 */
export const apiSecuritySchemeChanged = defineRestRule(
  {
    id: 'api-security-scheme-changed',
    level: 'breaking',
    direction: 'request',
    summary: 'A security scheme an operation requires was redefined under the same name (type, header or parameter name, location, HTTP scheme, OAuth2 flow or URL).',
    message: "{method} {path} — security scheme '{scheme}' changed: {change}",
    why: 'Clients keep authenticating the old way (the old header, basic credentials, the old token URL) and get 401 from upgraded instances. Safe way: add the new scheme under a new name beside the old one and accept both during the rollout.',
  },
  {
    base: `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    revision: `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: http, scheme: bearer}`,
  },
  (diff, emit) => {
    for (const { operation, scheme, change, pointer } of diff.securitySchemesChanged) emit(operation, { scheme, change }, pointer);
  },
);
