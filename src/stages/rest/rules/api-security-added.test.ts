import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiSecurityAdded as rule } from './api-security-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', scheme: 'ApiKeyAuth' },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/security',
      },
    ],
  },
  {
    name: 'global security now applies to an operation without its own',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    revision: `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users', scheme: 'ApiKeyAuth' }, pointer: '/paths/~1api~1v1~1org~1users/get/security' }],
  },
  {
    name: 'ok: an alternative scheme added (either one is accepted)',
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
    expected: [],
  },
  {
    name: 'ok: security removed',
    base: `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    expected: [],
  },
  {
    name: 'ok: the operation opts out with an empty requirement',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    revision: `
security: [{ApiKeyAuth: []}]
paths:
  /api/v1/org/users:
    get: {security: [], responses: {'200': {description: ok}}}
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: Authorization}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — security scheme 'ApiKeyAuth' now required",
    "GET /api/v1/org/users — security scheme 'ApiKeyAuth' now required",
  ]
`),
);
