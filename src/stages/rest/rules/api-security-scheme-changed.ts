import { defineRule } from '../../../rules/define.js';

export const apiSecuritySchemeChanged = defineRule(
  {
    id: 'api-security-scheme-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary:
      'A security scheme an operation requires was redefined under the same name (type, header or parameter name, location, HTTP scheme, OAuth2 flow or URL).',
    message: "{method} {path} — security scheme '{scheme}' changed: {change}",
    why: 'Clients keep authenticating the old way (the old header, basic credentials, the old token URL) and get 401 from upgraded instances.',
    fix: "Keep '{scheme}' as it was and define the new way under a new scheme name beside it, listing both as alternatives on {method} {path} (`security: [{{scheme}: []}, {NewScheme: []}]`); drop '{scheme}' in a later release, once no client uses it.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
        revision: `
security: [{ApiKeyAuth: []}, {BearerAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}
    BearerAuth: {type: http, scheme: bearer}`,
      },
    ],
  },
  (diff, emit) => {
    for (const { operation, scheme, change, pointer } of diff.securitySchemesChanged) emit(operation, { scheme, change }, pointer);
  },
);
