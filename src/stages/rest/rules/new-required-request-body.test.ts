import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { newRequiredRequestBody as rule } from './new-required-request-body.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'POST', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/post/requestBody' }],
  },
  {
    name: 'ok: a new optional body',
    base: `
paths:
  /api/v1/org/users:
    post: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/org/users — new required request body",
  ]
`),
);
