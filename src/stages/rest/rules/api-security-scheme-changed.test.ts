import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiSecuritySchemeChanged as rule } from './api-security-scheme-changed.js';

const USERS = `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
  /api/v1/health:
    get: {security: [], responses: {'200': {description: ok}}}`;

const OAUTH_USERS = `
paths:
  /api/v1/org/users:
    get:
      security: [{oauth: [read]}]
      responses: {'200': {description: ok}}`;

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'ApiKeyAuth', change: "apiKey in header 'Authorization' → http bearer" },
        pointer: '/components/securitySchemes/ApiKeyAuth',
      },
    ],
  },
  {
    name: 'apiKey header name changed (every operation using it; not the one that opts out)',
    base: `${USERS}
  /api/v1/org/projects:
    post: {responses: {'201': {description: created}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: X-Api-Key}`,
    revision: `${USERS}
  /api/v1/org/projects:
    post: {responses: {'201': {description: created}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'ApiKeyAuth', change: "apiKey in header 'X-Api-Key' → apiKey in header 'Authorization'" },
        pointer: '/components/securitySchemes/ApiKeyAuth',
      },
      {
        params: {
          method: 'POST',
          path: '/api/v1/org/projects',
          scheme: 'ApiKeyAuth',
          change: "apiKey in header 'X-Api-Key' → apiKey in header 'Authorization'",
        },
        pointer: '/components/securitySchemes/ApiKeyAuth',
      },
    ],
  },
  {
    name: 'apiKey moved from header to query',
    base: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: api_key}`,
    revision: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: query, name: api_key}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'ApiKeyAuth', change: "apiKey in header 'api_key' → apiKey in query 'api_key'" },
        pointer: '/components/securitySchemes/ApiKeyAuth',
      },
    ],
  },
  {
    name: 'http basic → bearer',
    base: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: http, scheme: basic}`,
    revision: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: http, scheme: bearer, bearerFormat: JWT}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'ApiKeyAuth', change: 'http basic → http bearer' },
        pointer: '/components/securitySchemes/ApiKeyAuth',
      },
    ],
  },
  {
    name: 'oauth2 tokenUrl changed',
    base: `${OAUTH_USERS}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /oauth/token, scopes: {read: read}}}}`,
    revision: `${OAUTH_USERS}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /api/oauth/token, scopes: {read: read}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'oauth', change: "oauth2 clientCredentials tokenUrl '/oauth/token' → '/api/oauth/token'" },
        pointer: '/components/securitySchemes/oauth',
      },
    ],
  },
  {
    name: 'oauth2 flow replaced',
    base: `${OAUTH_USERS}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: /oauth/token, scopes: {read: read}}}}`,
    revision: `${OAUTH_USERS}
components:
  securitySchemes:
    oauth: {type: oauth2, flows: {authorizationCode: {authorizationUrl: /oauth/authorize, tokenUrl: /oauth/token, scopes: {read: read}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'oauth', change: 'oauth2 clientCredentials flow removed' },
        pointer: '/components/securitySchemes/oauth',
      },
    ],
  },
  {
    name: 'Swagger 2.0 securityDefinitions: apiKey → oauth2',
    base: `
swagger: '2.0'
security: [{token: []}]
paths:
  /users:
    get: {responses: {'200': {description: ok}}}
securityDefinitions:
  token: {type: apiKey, in: header, name: X-Token}`,
    revision: `
swagger: '2.0'
security: [{token: []}]
paths:
  /users:
    get: {responses: {'200': {description: ok}}}
securityDefinitions:
  token: {type: oauth2, flow: application, tokenUrl: /oauth/token, scopes: {}}`,
    expected: [
      { params: { method: 'GET', path: '/users', scheme: 'token', change: "apiKey in header 'X-Token' → oauth2" }, pointer: '/securityDefinitions/token' },
    ],
  },
  {
    name: 'a scheme removed while operations still require it',
    base: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    revision: USERS,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', scheme: 'ApiKeyAuth', change: "apiKey in header 'Authorization' → not defined" },
        pointer: '/paths/~1api~1v1~1org~1users/get/security',
      },
    ],
  },
  { name: 'ok: the new way under a new scheme name beside the old one (the fix)', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'ok: header name differs only in case, description and bearerFormat changed',
    base: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: authorization, description: old}`,
    revision: `${USERS}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization, description: new}`,
    expected: [],
  },
  {
    name: 'ok: a changed scheme no operation requires any more (api-security-* rules judge the requirement)',
    base: `
paths:
  /api/v1/org/users:
    get: {security: [{ApiKeyAuth: []}], responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: X-Api-Key}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — security scheme 'ApiKeyAuth' changed: apiKey in header 'Authorization' → http bearer",
    "GET /api/v1/org/users — security scheme 'ApiKeyAuth' changed: apiKey in header 'X-Api-Key' → apiKey in header 'Authorization'",
    "POST /api/v1/org/projects — security scheme 'ApiKeyAuth' changed: apiKey in header 'X-Api-Key' → apiKey in header 'Authorization'",
    "GET /api/v1/org/users — security scheme 'ApiKeyAuth' changed: apiKey in header 'api_key' → apiKey in query 'api_key'",
    "GET /api/v1/org/users — security scheme 'ApiKeyAuth' changed: http basic → http bearer",
    "GET /api/v1/org/users — security scheme 'oauth' changed: oauth2 clientCredentials tokenUrl '/oauth/token' → '/api/oauth/token'",
    "GET /api/v1/org/users — security scheme 'oauth' changed: oauth2 clientCredentials flow removed",
    "GET /users — security scheme 'token' changed: apiKey in header 'X-Token' → oauth2",
    "GET /api/v1/org/users — security scheme 'ApiKeyAuth' changed: apiKey in header 'Authorization' → not defined",
  ]
`),
);
