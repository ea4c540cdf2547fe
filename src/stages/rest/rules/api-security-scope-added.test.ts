import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiSecurityScopeAdded as rule } from './api-security-scope-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users', scheme: 'oauth', scope: 'admin' }, pointer: '/paths/~1api~1v1~1org~1users/get/security' }],
  },
  {
    name: 'ok: a scope dropped',
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
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — security scheme 'oauth' now requires scope 'admin'",
  ]
`),
);
