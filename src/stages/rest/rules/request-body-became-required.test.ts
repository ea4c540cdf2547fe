import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestBodyBecameRequired as rule } from './request-body-became-required.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/projects/{projectUuid}/explores/{exploreName}/compileQuery' },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1explores~1{exploreName}~1compileQuery/post/requestBody',
      },
    ],
  },
  {
    name: 'ok: required became optional',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: false, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/projects/{projectUuid}/explores/{exploreName}/compileQuery — request body became required",
  ]
`),
);
