import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyConstChanged as rule } from './response-property-const-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/events', element: "response 200 property 'kind'", before: '"user.created"', after: '"user.added"' },
        pointer: '/paths/~1api~1v1~1events/get/responses/200/content/application~1json/schema/properties/kind',
      },
    ],
  },
  {
    name: 'the whole body fixed by const',
    base: `
paths:
  /api/v1/version:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: integer, const: 1}}}}}}`,
    revision: `
paths:
  /api/v1/version:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: integer, const: 2}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/version', element: 'response 200 body', before: '1', after: '2' },
        pointer: '/paths/~1api~1v1~1version/get/responses/200/content/application~1json/schema',
      },
    ],
  },
  {
    name: 'ok: a request const changed (not a response)',
    base: `
paths:
  /api/v1/events:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: a}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/events:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: b}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'ok: a response enum lost a value (not a const)',
    base: `
paths:
  /api/v1/events:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, enum: [a, b]}}}}}}}}`,
    revision: `
paths:
  /api/v1/events:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, enum: [a]}}}}}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/events — response 200 property 'kind' is now "user.added" (was "user.created", its only value)",
    "GET /api/v1/version — response 200 body is now 2 (was 1, its only value)",
  ]
`),
);
