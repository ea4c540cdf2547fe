import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestBodyRemoved as rule } from './request-body-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example: a required body removed',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'POST', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/post/requestBody' }],
  },
  {
    name: 'an optional body removed (oasdiff reports both)',
    base: `
paths:
  /api/v1/org/users:
    put:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/org/users:
    put: {responses: {'200': {description: ok}}}`,
    expected: [{ params: { method: 'PUT', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/put/requestBody' }],
  },
  {
    name: 'ok: the body became optional',
    ...rule.examples.quiet[0],
    expected: [],
  },
  {
    name: 'ok: no body on either side',
    base: `
paths:
  /api/v1/org/users:
    post: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    post: {responses: {'201': {description: ok}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/org/users — request body removed",
    "PUT /api/v1/org/users — request body removed",
  ]
`),
);
